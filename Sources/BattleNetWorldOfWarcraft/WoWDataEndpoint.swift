import BattleNet
import Foundation

/// A World of Warcraft game-data endpoint (`/data/wow/…`, asked in the game's dynamic or static namespace), for the
/// client's `data(_:)` (the answer as sent) or `get(_:as:)`. Any token reads them (an application token is enough).
public enum WoWDataEndpoint: Sendable, Hashable {
    /// `GET /data/wow/realm/index`.
    case realmIndex
    /// `GET /data/wow/realm/{realmSlug}`.
    case realm(slug: String)
    /// `GET /data/wow/connected-realm/index`.
    case connectedRealmIndex
    /// `GET /data/wow/connected-realm/{connectedRealmId}`: status, population, queue, its realms.
    case connectedRealm(id: Int)
    /// `GET /data/wow/token/index`: the WoW Token's price.
    case tokenIndex
    /// `GET /data/wow/auctions/commodities`: the region's commodity auctions (retail).
    case commodities
    /// `GET /data/wow/connected-realm/{connectedRealmId}/auctions`: a connected realm's auctions (large).
    case auctions(connectedRealmID: Int)
    /// `GET /data/wow/keystone-affix/index` (static namespace).
    case keystoneAffixIndex
    /// `GET /data/wow/connected-realm/{connectedRealmId}/mythic-leaderboard/{dungeonId}/period/{period}`.
    case mythicKeystoneLeaderboard(connectedRealmID: Int, dungeonID: Int, period: Int)

    /// The path after the host.
    public var path: String {
        switch self {
        case .realmIndex: "data/wow/realm/index"
        case .realm(let slug): "data/wow/realm/\(WoWEndpoint.segment(slug.lowercased()))"
        case .connectedRealmIndex: "data/wow/connected-realm/index"
        case .connectedRealm(let id): "data/wow/connected-realm/\(id)"
        case .tokenIndex: "data/wow/token/index"
        case .commodities: "data/wow/auctions/commodities"
        case .auctions(let id): "data/wow/connected-realm/\(id)/auctions"
        case .keystoneAffixIndex: "data/wow/keystone-affix/index"
        case .mythicKeystoneLeaderboard(let realm, let dungeon, let period):
            "data/wow/connected-realm/\(realm)/mythic-leaderboard/\(dungeon)/period/\(period)"
        }
    }

    /// Whether Blizzard documents it in the static namespace (game files) rather than the dynamic one (live state).
    public var isStatic: Bool { self == .keystoneAffixIndex }

    /// The namespace it is asked in for `game` in `region`: `dynamic-eu`, `static-classicann-us`.
    public func namespace(_ game: WoWGame, _ region: Region) -> String {
        isStatic ? game.staticNamespace(region) : game.dynamicNamespace(region)
    }

    /// What it is, for messages.
    public var what: String {
        switch self {
        case .realmIndex: "The realm index"
        case .realm(let slug): "The realm \(slug)"
        case .connectedRealmIndex: "The connected-realm index"
        case .connectedRealm(let id): "The connected realm \(id)"
        case .tokenIndex: "The WoW Token price"
        case .commodities: "The commodity auctions"
        case .auctions(let id): "The auctions of connected realm \(id)"
        case .keystoneAffixIndex: "The Mythic+ affix index"
        case .mythicKeystoneLeaderboard(let realm, let dungeon, let period):
            "The Mythic+ leaderboard of dungeon \(dungeon) in period \(period) on connected realm \(realm)"
        }
    }
}

/// The game-data endpoints: realms, the token, the auction house, Mythic+ leaderboards and affixes.
extension WorldOfWarcraftClient {
    /// Every realm of the region.
    public func realms() async throws -> WoWRealmIndex {
        try await get(.realmIndex, as: WoWRealmIndex.self)
    }

    /// A realm, by slug.
    public func realm(slug: String) async throws -> WoWRealm {
        try await get(.realm(slug: slug), as: WoWRealm.self)
    }

    /// Every connected realm of the region (links; their ids in ``WoWConnectedRealmIndex/ids``).
    public func connectedRealms() async throws -> WoWConnectedRealmIndex {
        try await get(.connectedRealmIndex, as: WoWConnectedRealmIndex.self)
    }

    /// A connected realm: up or down, population, queue, and its realms.
    public func connectedRealm(id: Int) async throws -> WoWConnectedRealm {
        try await get(.connectedRealm(id: id), as: WoWConnectedRealm.self)
    }

    /// The WoW Token's price in the region.
    public func tokenPrice() async throws -> WoWTokenPrice {
        try await get(.tokenIndex, as: WoWTokenPrice.self)
    }

    /// The region's commodity auctions, read a page at a time (``WoWAuctionListing``).
    public func commodities() async throws -> WoWAuctionListing {
        try WoWAuctionListing(data: try await data(.commodities))
    }

    /// A connected realm's auctions, read a page at a time (``WoWAuctionListing``): the answer is tens of
    /// megabytes on a busy realm, and is held once, as sent.
    public func auctions(connectedRealmID: Int) async throws -> WoWAuctionListing {
        try WoWAuctionListing(data: try await data(.auctions(connectedRealmID: connectedRealmID)))
    }

    /// The Mythic+ affixes.
    public func keystoneAffixes() async throws -> WoWKeystoneAffixIndex {
        try await get(.keystoneAffixIndex, as: WoWKeystoneAffixIndex.self)
    }

    /// The best groups of one dungeon in one weekly period on a connected realm.
    public func mythicKeystoneLeaderboard(
        connectedRealmID: Int, dungeonID: Int, period: Int
    ) async throws -> WoWMythicKeystoneLeaderboard {
        try await get(
            .mythicKeystoneLeaderboard(connectedRealmID: connectedRealmID, dungeonID: dungeonID, period: period),
            as: WoWMythicKeystoneLeaderboard.self)
    }

    /// The answer of `endpoint` decoded as `type`.
    public func get<T: Decodable>(_ endpoint: WoWDataEndpoint, as type: T.Type) async throws -> T {
        let body = try await data(endpoint)
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw BattleNetError.malformedResponse("\(endpoint.what) could not be decoded")
        }
    }

    /// The answer of `endpoint` exactly as Battle.net sent it, asked in the game's dynamic or static namespace.
    public func data(_ endpoint: WoWDataEndpoint) async throws -> Data {
        try await api.data(endpoint.path, namespace: endpoint.namespace(game, api.region), what: endpoint.what)
    }
}
