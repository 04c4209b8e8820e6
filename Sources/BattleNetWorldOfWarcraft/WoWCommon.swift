import Foundation

/// A link in a World of Warcraft answer: `{"href": "https://us.api.blizzard.com/…?namespace=profile-us"}`.
public struct WoWLink: Codable, Hashable, Sendable {
    /// The URL as Blizzard sent it (its query names the namespace).
    public var href: String

    /// Creates a link.
    public init(href: String) {
        self.href = href
    }
}

/// The `_links` of an answer: `self` always; `user` and `profile` on the account endpoints.
public struct WoWLinks: Codable, Hashable, Sendable {
    /// This resource (`self`).
    public var current: WoWLink?
    /// `https://{region}.api.blizzard.com/profile/user` (account endpoints only).
    public var user: WoWLink?
    /// The account profile summary (account endpoints only).
    public var profile: WoWLink?

    /// Creates the links.
    public init(current: WoWLink? = nil, user: WoWLink? = nil, profile: WoWLink? = nil) {
        self.current = current
        self.user = user
        self.profile = profile
    }

    enum CodingKeys: String, CodingKey {
        case current = "self", user, profile
    }
}

/// A name as Blizzard sends it: one string when the request named a locale, or every translation
/// (`{"en_US": "Hunter", "de_DE": "Jäger", …}`) when it did not. Encoding writes back the same shape.
public struct WoWLocalizedString: Codable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text in the requested locale; nil when the answer held every translation.
    public var value: String?
    /// Every translation by locale (`en_US`, `de_DE`); empty when the answer held one string.
    public var translations: [String: String]

    /// A name in one locale.
    public init(_ value: String) {
        self.value = value
        translations = [:]
    }

    /// A name in every locale.
    public init(translations: [String: String]) {
        value = nil
        self.translations = translations
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text to show: the single value, else the translation for `locale`, else `en_US`, else the first by
    /// locale name; `""` when there is none.
    public func text(locale: String? = nil) -> String {
        if let value { return value }
        if let locale, let text = translations[locale] { return text }
        return translations["en_US"] ?? translations.sorted { $0.key < $1.key }.first?.value ?? ""
    }

    public var description: String { text() }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(String.self) {
            self.init(value)
        } else {
            self.init(translations: try container.decode([String: String?].self).compactMapValues { $0 })
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encode(translations) }
    }
}

/// A reference to another resource: `{"key": {"href": …}, "name": …, "id": …}` (a class, a race, a mount, a pet
/// species, a spec). `name` is absent on some references (creature displays, appearances).
public struct WoWReference: Codable, Hashable, Sendable {
    /// The resource's URL in the game-data API.
    public var key: WoWLink?
    /// Its name.
    public var name: WoWLocalizedString?
    /// Its id.
    public var id: Int

    /// Creates a reference.
    public init(key: WoWLink? = nil, name: WoWLocalizedString? = nil, id: Int) {
        self.key = key
        self.name = name
        self.id = id
    }
}

/// A realm: `{"key": …, "name": "Tarren Mill", "id": 1084, "slug": "tarren-mill"}`.
public struct WoWRealmReference: Codable, Hashable, Sendable {
    /// The realm's URL in the game-data API (namespace `dynamic-{region}`).
    public var key: WoWLink?
    /// Its name.
    public var name: WoWLocalizedString?
    /// Its id (the realm's, not the connected realm's).
    public var id: Int
    /// Its slug, as used in character paths (`tarren-mill`).
    public var slug: String

    /// Creates a realm reference.
    public init(key: WoWLink? = nil, name: WoWLocalizedString? = nil, id: Int, slug: String) {
        self.key = key
        self.name = name
        self.id = id
        self.slug = slug
    }
}

/// The kind of a `{"type": …, "name": …}` pair; unknown values are kept as they are.
public protocol WoWTypeKind: RawRepresentable, Codable, Hashable, Sendable where RawValue == String {
    init(rawValue: String)
}

/// A `{"type": "HORDE", "name": "Horde"}` pair (faction, gender, pet quality, transmog slot).
public struct WoWNamedType<Kind: WoWTypeKind>: Codable, Hashable, Sendable {
    /// The machine value, such as `HORDE`; one Blizzard adds later decodes as itself.
    public var type: Kind
    /// The localised name.
    public var name: WoWLocalizedString?

    /// Creates a pair.
    public init(type: Kind, name: WoWLocalizedString? = nil) {
        self.type = type
        self.name = name
    }
}

/// A faction: `ALLIANCE`, `HORDE`, `NEUTRAL`.
public struct WoWFactionType: WoWTypeKind {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The Alliance.
    public static let alliance = Self(rawValue: "ALLIANCE")
    /// The Horde.
    public static let horde = Self(rawValue: "HORDE")
    /// Neither (an unchosen Pandaren).
    public static let neutral = Self(rawValue: "NEUTRAL")
}

/// A character's gender: `MALE`, `FEMALE`.
public struct WoWGenderType: WoWTypeKind {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Male.
    public static let male = Self(rawValue: "MALE")
    /// Female.
    public static let female = Self(rawValue: "FEMALE")
}

/// A faction with its name.
public typealias WoWFaction = WoWNamedType<WoWFactionType>
/// A gender with its name.
public typealias WoWGender = WoWNamedType<WoWGenderType>
