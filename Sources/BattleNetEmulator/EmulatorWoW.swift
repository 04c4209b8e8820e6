import Foundation

/// A World of Warcraft game the emulator serves: retail, progression Classic, Classic Era or the Anniversary realms,
/// each with its own namespaces (`profile-us`, `profile-classic-us`, `profile-classic1x-us`, `profile-classicann-us`;
/// `dynamic-…` and `static-…` alike).
public enum EmulatorWoWGame: String, Sendable, CaseIterable {
    /// Namespace `profile-{region}`.
    case retail = ""
    /// Namespace `profile-classic-{region}`.
    case classic = "classic-"
    /// Namespace `profile-classic1x-{region}`.
    case classicEra = "classic1x-"
    /// Namespace `profile-classicann-{region}` (the Anniversary realms, since November 2024).
    case classicAnniversary = "classicann-"

    /// The game and region of a profile namespace, such as `profile-classic1x-eu`; nil for another namespace.
    static func parse(profileNamespace namespace: String) -> (game: EmulatorWoWGame, region: String)? {
        parse(namespace, kind: "profile")
    }

    /// The game and region of a namespace of `kind` (`profile`, `dynamic`, `static`), such as `dynamic-classicann-eu`
    /// or `static-eu`; nil for another namespace.
    static func parse(_ namespace: String, kind: String) -> (game: EmulatorWoWGame, region: String)? {
        guard namespace.hasPrefix(kind + "-") else { return nil }
        let rest = namespace.dropFirst(kind.count + 1)
        for game in [EmulatorWoWGame.classicEra, .classicAnniversary, .classic, .retail] where rest.hasPrefix(game.rawValue) {
            let region = String(rest.dropFirst(game.rawValue.count))
            if ["us", "eu", "kr", "tw", "cn"].contains(region) { return (game, region) }
        }
        return nil
    }

    /// The static (game data) namespace of hrefs, with a build as Blizzard's carry one.
    func staticNamespace(_ region: String) -> String {
        switch self {
        case .retail: "static-11.0.2_55959-\(region)"
        case .classic: "static-5.5.1_63086-classic-\(region)"
        case .classicEra: "static-1.15.7_61582-classic1x-\(region)"
        case .classicAnniversary: "static-1.15.7_61582-classicann-\(region)"
        }
    }

    /// The dynamic (realm) namespace of hrefs.
    func dynamicNamespace(_ region: String) -> String { "dynamic-\(rawValue)\(region)" }

    /// The profile namespace.
    func profileNamespace(_ region: String) -> String { "profile-\(rawValue)\(region)" }
}

/// A realm of the emulator's World of Warcraft.
public struct EmulatorWoWRealm: Sendable, Hashable {
    /// The realm id.
    public var id: Int
    /// The slug, `tarren-mill`.
    public var slug: String
    /// The name, `Tarren Mill`.
    public var name: String
    /// The id of its connected realm (its own id unless given).
    public var connectedRealmID: Int

    /// Creates a realm.
    public init(id: Int, slug: String, name: String, connectedRealmID: Int? = nil) {
        self.id = id
        self.slug = slug
        self.name = name
        self.connectedRealmID = connectedRealmID ?? id
    }
}

/// A World of Warcraft character of an emulated account.
public struct EmulatorWoWCharacter: Sendable, Hashable {
    /// The name, `Brann`.
    public var name: String
    /// The character id.
    public var id: Int
    /// Its realm.
    public var realm: EmulatorWoWRealm
    /// The playable class id (1 Warrior … 13 Evoker).
    public var classID: Int
    /// The playable race id; the faction follows from it.
    public var raceID: Int
    /// `MALE` or `FEMALE`.
    public var gender: String
    /// The level; 0 for a character not logged in since a rename.
    public var level: Int
    /// Money in copper.
    public var money: Int64

    /// Creates a character.
    public init(
        name: String, id: Int, realm: EmulatorWoWRealm, classID: Int, raceID: Int, gender: String = "FEMALE",
        level: Int, money: Int64 = 0
    ) {
        self.name = name
        self.id = id
        self.realm = realm
        self.classID = classID
        self.raceID = raceID
        self.gender = gender
        self.level = level
        self.money = money
    }
}

/// One World of Warcraft game of an emulated account: its licences and characters, its collections, and the
/// recorded answers served in place of generated ones.
public struct EmulatorWoWAccount: Sendable {
    /// A collected mount, toy or heirloom (upgrade level in `level`).
    public struct Collectible: Sendable, Hashable {
        /// Its id.
        public var id: Int
        /// Its name.
        public var name: String
        /// Marked a favourite.
        public var favorite: Bool
        /// An heirloom's upgrade level.
        public var level: Int

        /// Creates an entry.
        public init(id: Int, name: String, favorite: Bool = false, level: Int = 0) {
            self.id = id
            self.name = name
            self.favorite = favorite
            self.level = level
        }
    }

    /// Licence ids, each with its characters.
    public var licences: [(id: Int, characters: [EmulatorWoWCharacter])]
    /// Mounts.
    public var mounts: [Collectible]
    /// Battle pets (species id and name; `favorite` marks the one in battle slot 0).
    public var pets: [Collectible]
    /// Toys.
    public var toys: [Collectible]
    /// Heirlooms.
    public var heirlooms: [Collectible]
    /// Transmog appearance sets.
    public var appearanceSets: [Collectible]
    /// Recorded answers by path after `profile/user/wow` (`""`, `collections`, `collections/mounts`,
    /// `protected-character/1262-107811065`), served byte for byte instead of generated ones.
    public var recorded: [String: Data]

    /// Creates an account.
    public init(
        licences: [(id: Int, characters: [EmulatorWoWCharacter])], mounts: [Collectible] = [], pets: [Collectible] = [],
        toys: [Collectible] = [], heirlooms: [Collectible] = [], appearanceSets: [Collectible] = [],
        recorded: [String: Data] = [:]
    ) {
        self.licences = licences
        self.mounts = mounts
        self.pets = pets
        self.toys = toys
        self.heirlooms = heirlooms
        self.appearanceSets = appearanceSets
        self.recorded = recorded
    }

    /// Every character of every licence.
    public var characters: [EmulatorWoWCharacter] { licences.flatMap { $0.characters } }
}
