import Foundation

/// The protected character summary, `GET /profile/user/wow/protected-character/{realmId}-{characterId}` (scope
/// `wow.profile`, only for a character of the signed-in account): money, deaths, gold and where the character is.
public struct WoWProtectedCharacter: Codable, Hashable, Sendable {
    /// `self`, `user` and `profile`.
    public var links: WoWLinks?
    /// The character id.
    public var id: Int
    /// The name.
    public var name: String
    /// The money carried, in copper (10,000 copper = 1 gold).
    public var money: Int64?
    /// The character and its realm.
    public var character: WoWCharacterReference?
    /// Lifetime and current-level counters.
    public var protectedStats: WoWProtectedStats?
    /// Where the character is.
    public var position: WoWPosition?
    /// Where its hearthstone is bound.
    public var bindPosition: WoWPosition?
    /// The game licence the character belongs to.
    public var wowAccount: Int?

    /// Creates a summary.
    public init(
        links: WoWLinks? = nil, id: Int, name: String, money: Int64? = nil, character: WoWCharacterReference? = nil,
        protectedStats: WoWProtectedStats? = nil, position: WoWPosition? = nil, bindPosition: WoWPosition? = nil,
        wowAccount: Int? = nil
    ) {
        self.links = links
        self.id = id
        self.name = name
        self.money = money
        self.character = character
        self.protectedStats = protectedStats
        self.position = position
        self.bindPosition = bindPosition
        self.wowAccount = wowAccount
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", id, name, money, character, protectedStats = "protected_stats", position
        case bindPosition = "bind_position", wowAccount = "wow_account"
    }
}

/// A character reference with its realm: `{"key": …, "name": …, "id": …, "realm": {…}}`.
public struct WoWCharacterReference: Codable, Hashable, Sendable {
    /// The public character profile.
    public var key: WoWLink?
    /// The name.
    public var name: String?
    /// The character id.
    public var id: Int
    /// The realm.
    public var realm: WoWRealmReference?

    /// Creates a reference.
    public init(key: WoWLink? = nil, name: String? = nil, id: Int, realm: WoWRealmReference? = nil) {
        self.key = key
        self.name = name
        self.id = id
        self.realm = realm
    }
}

/// A protected character's counters: deaths, gold gained and lost (copper), item value gained, in total and at
/// the current level. Gold counters pass 2³¹.
public struct WoWProtectedStats: Codable, Hashable, Sendable {
    /// Deaths in total.
    public var totalNumberDeaths: Int64?
    /// Copper gained in total.
    public var totalGoldGained: Int64?
    /// Copper lost in total.
    public var totalGoldLost: Int64?
    /// Vendor value of items gained in total, in copper.
    public var totalItemValueGained: Int64?
    /// Deaths at the current level.
    public var levelNumberDeaths: Int64?
    /// Copper gained at the current level.
    public var levelGoldGained: Int64?
    /// Copper lost at the current level.
    public var levelGoldLost: Int64?
    /// Vendor value of items gained at the current level, in copper.
    public var levelItemValueGained: Int64?

    /// Creates counters.
    public init(
        totalNumberDeaths: Int64? = nil, totalGoldGained: Int64? = nil, totalGoldLost: Int64? = nil,
        totalItemValueGained: Int64? = nil, levelNumberDeaths: Int64? = nil, levelGoldGained: Int64? = nil,
        levelGoldLost: Int64? = nil, levelItemValueGained: Int64? = nil
    ) {
        self.totalNumberDeaths = totalNumberDeaths
        self.totalGoldGained = totalGoldGained
        self.totalGoldLost = totalGoldLost
        self.totalItemValueGained = totalItemValueGained
        self.levelNumberDeaths = levelNumberDeaths
        self.levelGoldGained = levelGoldGained
        self.levelGoldLost = levelGoldLost
        self.levelItemValueGained = levelItemValueGained
    }

    enum CodingKeys: String, CodingKey {
        case totalNumberDeaths = "total_number_deaths", totalGoldGained = "total_gold_gained"
        case totalGoldLost = "total_gold_lost", totalItemValueGained = "total_item_value_gained"
        case levelNumberDeaths = "level_number_deaths", levelGoldGained = "level_gold_gained"
        case levelGoldLost = "level_gold_lost", levelItemValueGained = "level_item_value_gained"
    }
}

/// A place in the world: zone, map and coordinates.
public struct WoWPosition: Codable, Hashable, Sendable {
    /// The zone (`Tradewinds Market`).
    public var zone: WoWReference?
    /// The map (`Kul Tiras`).
    public var map: WoWReference?
    /// X.
    public var x: Double?
    /// Y.
    public var y: Double?
    /// Z.
    public var z: Double?
    /// The direction faced, in radians.
    public var facing: Double?

    /// Creates a position.
    public init(
        zone: WoWReference? = nil, map: WoWReference? = nil, x: Double? = nil, y: Double? = nil, z: Double? = nil,
        facing: Double? = nil
    ) {
        self.zone = zone
        self.map = map
        self.x = x
        self.y = y
        self.z = z
        self.facing = facing
    }
}
