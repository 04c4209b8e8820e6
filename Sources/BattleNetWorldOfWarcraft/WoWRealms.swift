import Foundation

/// Every realm of a region, `GET /data/wow/realm/index` (dynamic namespace).
public struct WoWRealmIndex: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// The realms.
    public var realms: [WoWRealmReference]

    /// Creates an index.
    public init(links: WoWLinks? = nil, realms: [WoWRealmReference] = []) {
        self.links = links
        self.realms = realms
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", realms
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        realms = try container.decodeIfPresent([WoWRealmReference].self, forKey: .realms) ?? []
    }
}

/// A realm, `GET /data/wow/realm/{realmSlug}`, and each realm of a connected realm.
public struct WoWRealm: Codable, Hashable, Sendable {
    /// `self` (absent inside a connected realm).
    public var links: WoWLinks?
    /// The realm id.
    public var id: Int
    /// The region (`Europe`, id 3).
    public var region: WoWReference?
    /// Its connected realm.
    public var connectedRealm: WoWLink?
    /// The name.
    public var name: WoWLocalizedString?
    /// The language group (`English`, `French`).
    public var category: WoWLocalizedString?
    /// The game locale (`enGB`).
    public var locale: String?
    /// The time zone (`Europe/Paris`).
    public var timezone: String?
    /// The kind: `NORMAL`, `RP`, …
    public var type: WoWNamedType<WoWRealmType>?
    /// Whether it is a tournament realm.
    public var isTournament: Bool?
    /// The slug.
    public var slug: String

    /// Creates a realm.
    public init(
        links: WoWLinks? = nil, id: Int, region: WoWReference? = nil, connectedRealm: WoWLink? = nil,
        name: WoWLocalizedString? = nil, category: WoWLocalizedString? = nil, locale: String? = nil,
        timezone: String? = nil, type: WoWNamedType<WoWRealmType>? = nil, isTournament: Bool? = nil, slug: String
    ) {
        self.links = links
        self.id = id
        self.region = region
        self.connectedRealm = connectedRealm
        self.name = name
        self.category = category
        self.locale = locale
        self.timezone = timezone
        self.type = type
        self.isTournament = isTournament
        self.slug = slug
    }

    /// The connected realm's id, read from its link; nil without one.
    public var connectedRealmID: Int? { connectedRealm.flatMap { WoWConnectedRealmIndex.id(in: $0.href) } }

    enum CodingKeys: String, CodingKey {
        case links = "_links", id, region, connectedRealm = "connected_realm", name, category, locale, timezone, type
        case isTournament = "is_tournament", slug
    }
}

/// Every connected realm of a region, `GET /data/wow/connected-realm/index`: links only.
public struct WoWConnectedRealmIndex: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// A link to each connected realm.
    public var connectedRealms: [WoWLink]

    /// Creates an index.
    public init(links: WoWLinks? = nil, connectedRealms: [WoWLink] = []) {
        self.links = links
        self.connectedRealms = connectedRealms
    }

    /// The connected realms' ids, read from their links.
    public var ids: [Int] { connectedRealms.compactMap { Self.id(in: $0.href) } }

    /// The id in `…/connected-realm/{id}?namespace=…`.
    static func id(in href: String) -> Int? {
        guard let range = href.range(of: "/connected-realm/") else { return nil }
        return Int(href[range.upperBound...].prefix { $0.isNumber })
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", connectedRealms = "connected_realms"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        connectedRealms = try container.decodeIfPresent([WoWLink].self, forKey: .connectedRealms) ?? []
    }
}

/// A connected realm, `GET /data/wow/connected-realm/{connectedRealmId}`: whether it is up, its population, whether
/// it has a queue, and its realms.
public struct WoWConnectedRealm: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// The connected realm id.
    public var id: Int
    /// Whether logging in queues.
    public var hasQueue: Bool?
    /// `UP` or `DOWN`.
    public var status: WoWNamedType<WoWRealmStatusType>?
    /// `LOW` … `FULL`, `LOCKED`, `NEW_PLAYERS`, `RECOMMENDED`.
    public var population: WoWNamedType<WoWRealmPopulationType>?
    /// Its realms.
    public var realms: [WoWRealm]
    /// Its Mythic+ leaderboards.
    public var mythicLeaderboards: WoWLink?
    /// Its auctions.
    public var auctions: WoWLink?

    /// Creates a connected realm.
    public init(
        links: WoWLinks? = nil, id: Int, hasQueue: Bool? = nil, status: WoWNamedType<WoWRealmStatusType>? = nil,
        population: WoWNamedType<WoWRealmPopulationType>? = nil, realms: [WoWRealm] = [],
        mythicLeaderboards: WoWLink? = nil, auctions: WoWLink? = nil
    ) {
        self.links = links
        self.id = id
        self.hasQueue = hasQueue
        self.status = status
        self.population = population
        self.realms = realms
        self.mythicLeaderboards = mythicLeaderboards
        self.auctions = auctions
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", id, hasQueue = "has_queue", status, population, realms
        case mythicLeaderboards = "mythic_leaderboards", auctions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        id = try container.decode(Int.self, forKey: .id)
        hasQueue = try container.decodeIfPresent(Bool.self, forKey: .hasQueue)
        status = try container.decodeIfPresent(WoWNamedType<WoWRealmStatusType>.self, forKey: .status)
        population = try container.decodeIfPresent(WoWNamedType<WoWRealmPopulationType>.self, forKey: .population)
        realms = try container.decodeIfPresent([WoWRealm].self, forKey: .realms) ?? []
        mythicLeaderboards = try container.decodeIfPresent(WoWLink.self, forKey: .mythicLeaderboards)
        auctions = try container.decodeIfPresent(WoWLink.self, forKey: .auctions)
    }
}

/// A realm's kind: `NORMAL`, `RP`, `PVP`, `PVP_RP`; others decode as themselves.
public struct WoWRealmType: WoWTypeKind {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A normal realm.
    public static let normal = Self(rawValue: "NORMAL")
    /// A role-playing realm.
    public static let roleplaying = Self(rawValue: "RP")
}

/// A connected realm's status: `UP`, `DOWN`; others decode as themselves.
public struct WoWRealmStatusType: WoWTypeKind {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Up.
    public static let up = Self(rawValue: "UP")
    /// Down.
    public static let down = Self(rawValue: "DOWN")
}

/// A connected realm's population: `LOW`, `MEDIUM`, `HIGH`, `FULL`, `LOCKED`, …; others decode as themselves.
public struct WoWRealmPopulationType: WoWTypeKind {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Low.
    public static let low = Self(rawValue: "LOW")
    /// Medium.
    public static let medium = Self(rawValue: "MEDIUM")
    /// High.
    public static let high = Self(rawValue: "HIGH")
    /// Full.
    public static let full = Self(rawValue: "FULL")
}

/// The WoW Token's price, `GET /data/wow/token/index` (dynamic namespace).
public struct WoWTokenPrice: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// When the price was set, in milliseconds since 1970.
    public var lastUpdatedTimestamp: Int64?
    /// The price in copper (10,000 copper to the gold).
    public var price: Int64

    /// Creates a price.
    public init(links: WoWLinks? = nil, lastUpdatedTimestamp: Int64? = nil, price: Int64) {
        self.links = links
        self.lastUpdatedTimestamp = lastUpdatedTimestamp
        self.price = price
    }

    /// The price in whole gold.
    public var gold: Int64 { price / 10_000 }

    /// When the price was set.
    public var lastUpdated: Date? { lastUpdatedTimestamp.map { Date(timeIntervalSince1970: Double($0) / 1000) } }

    enum CodingKeys: String, CodingKey {
        case links = "_links", lastUpdatedTimestamp = "last_updated_timestamp", price
    }
}
