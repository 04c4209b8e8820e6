import Foundation

/// The account collections index, `GET /profile/user/wow/collections` (scope `wow.profile`): a link per
/// collection. In 2020 it had pets and mounts only; toys, heirlooms and transmogs came later.
public struct WoWCollectionsIndex: Codable, Hashable, Sendable {
    /// `self`, `user` and `profile`.
    public var links: WoWLinks?
    /// Battle pets.
    public var pets: WoWLink?
    /// Mounts.
    public var mounts: WoWLink?
    /// Heirlooms.
    public var heirlooms: WoWLink?
    /// Toys.
    public var toys: WoWLink?
    /// Transmog appearances.
    public var transmogs: WoWLink?

    /// Creates an index.
    public init(
        links: WoWLinks? = nil, pets: WoWLink? = nil, mounts: WoWLink? = nil, heirlooms: WoWLink? = nil,
        toys: WoWLink? = nil, transmogs: WoWLink? = nil
    ) {
        self.links = links
        self.pets = pets
        self.mounts = mounts
        self.heirlooms = heirlooms
        self.toys = toys
        self.transmogs = transmogs
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", pets, mounts, heirlooms, toys, transmogs
    }
}

/// The account's mounts, `GET /profile/user/wow/collections/mounts` (scope `wow.profile`).
public struct WoWMountCollection: Codable, Hashable, Sendable {
    /// `self`, `user` and `profile`.
    public var links: WoWLinks?
    /// The mounts collected.
    public var mounts: [WoWCollectedMount]

    /// Creates a collection.
    public init(links: WoWLinks? = nil, mounts: [WoWCollectedMount] = []) {
        self.links = links
        self.mounts = mounts
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", mounts
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        mounts = try container.decodeIfPresent([WoWCollectedMount].self, forKey: .mounts) ?? []
    }
}

/// A collected mount.
public struct WoWCollectedMount: Codable, Hashable, Sendable {
    /// The mount.
    public var mount: WoWReference
    /// `true` when marked a favourite; absent (nil) otherwise, as Blizzard sends it.
    public var isFavorite: Bool?

    /// Creates an entry.
    public init(mount: WoWReference, isFavorite: Bool? = nil) {
        self.mount = mount
        self.isFavorite = isFavorite
    }

    enum CodingKeys: String, CodingKey {
        case mount, isFavorite = "is_favorite"
    }
}

/// The account's toys, `GET /profile/user/wow/collections/toys` (scope `wow.profile`). No recording was
/// published; the shape is Blizzard's API reference's.
public struct WoWToyCollection: Codable, Hashable, Sendable {
    /// `self`, `user` and `profile`.
    public var links: WoWLinks?
    /// The toys collected.
    public var toys: [WoWCollectedToy]

    /// Creates a collection.
    public init(links: WoWLinks? = nil, toys: [WoWCollectedToy] = []) {
        self.links = links
        self.toys = toys
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", toys
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        toys = try container.decodeIfPresent([WoWCollectedToy].self, forKey: .toys) ?? []
    }
}

/// A collected toy.
public struct WoWCollectedToy: Codable, Hashable, Sendable {
    /// The toy.
    public var toy: WoWReference
    /// `true` when marked a favourite; absent (nil) otherwise.
    public var isFavorite: Bool?

    /// Creates an entry.
    public init(toy: WoWReference, isFavorite: Bool? = nil) {
        self.toy = toy
        self.isFavorite = isFavorite
    }

    enum CodingKeys: String, CodingKey {
        case toy, isFavorite = "is_favorite"
    }
}

/// The account's heirlooms, `GET /profile/user/wow/collections/heirlooms` (scope `wow.profile`). No recording
/// was published; the shape is Blizzard's API reference's.
public struct WoWHeirloomCollection: Codable, Hashable, Sendable {
    /// `self`, `user` and `profile`.
    public var links: WoWLinks?
    /// The heirlooms collected.
    public var heirlooms: [WoWCollectedHeirloom]

    /// Creates a collection.
    public init(links: WoWLinks? = nil, heirlooms: [WoWCollectedHeirloom] = []) {
        self.links = links
        self.heirlooms = heirlooms
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", heirlooms
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        heirlooms = try container.decodeIfPresent([WoWCollectedHeirloom].self, forKey: .heirlooms) ?? []
    }
}

/// A collected heirloom and how far it was upgraded.
public struct WoWCollectedHeirloom: Codable, Hashable, Sendable {
    /// The heirloom.
    public var heirloom: WoWReference
    /// Its upgrade.
    public var upgrade: Upgrade?

    /// An heirloom's upgrade level.
    public struct Upgrade: Codable, Hashable, Sendable {
        /// The level (0 when never upgraded).
        public var level: Int

        /// Creates an upgrade.
        public init(level: Int) {
            self.level = level
        }
    }

    /// Creates an entry.
    public init(heirloom: WoWReference, upgrade: Upgrade? = nil) {
        self.heirloom = heirloom
        self.upgrade = upgrade
    }
}
