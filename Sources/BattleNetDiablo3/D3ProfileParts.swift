import BattleNet
import Foundation

/// Account-wide kill counters.
public struct D3Kills: Codable, Hashable, Sendable {
    /// Monsters killed in softcore.
    public var monsters: Int
    /// Elites killed.
    public var elites: Int
    /// Monsters killed in hardcore.
    public var hardcoreMonsters: Int

    /// Creates kill counters.
    public init(monsters: Int = 0, elites: Int = 0, hardcoreMonsters: Int = 0) {
        self.monsters = monsters
        self.elites = elites
        self.hardcoreMonsters = hardcoreMonsters
    }

    private enum CodingKeys: String, CodingKey {
        case monsters, elites, hardcoreMonsters
    }

    /// Decodes leniently; absent counters are 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        monsters = try container.d3Int(.monsters)
        elites = try container.d3Int(.elites)
        hardcoreMonsters = try container.d3Int(.hardcoreMonsters)
    }
}

/// Which acts of the campaign have been completed.
///
/// Accepts both the account shape (`"act1": true`) and the hero shape
/// (`"act1": {"completed": true, "completedQuests": […]}`); encodes booleans.
public struct D3Progression: Codable, Hashable, Sendable {
    /// Act I completed.
    public var act1: Bool
    /// Act II completed.
    public var act2: Bool
    /// Act III completed.
    public var act3: Bool
    /// Act IV completed.
    public var act4: Bool
    /// Act V completed.
    public var act5: Bool

    /// Creates a progression.
    public init(act1: Bool = false, act2: Bool = false, act3: Bool = false, act4: Bool = false, act5: Bool = false) {
        self.act1 = act1
        self.act2 = act2
        self.act3 = act3
        self.act4 = act4
        self.act5 = act5
    }

    private enum CodingKeys: String, CodingKey {
        case act1, act2, act3, act4, act5
    }

    private struct ActState: Decodable {
        var completed: Bool?
    }

    /// Decodes leniently; absent acts are not completed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func completed(_ key: CodingKeys) -> Bool {
            if let flag = try? container.decodeIfPresent(Bool.self, forKey: key) { return flag }
            return (try? container.decodeIfPresent(ActState.self, forKey: key))?.completed ?? false
        }
        act1 = completed(.act1)
        act2 = completed(.act2)
        act3 = completed(.act3)
        act4 = completed(.act4)
        act5 = completed(.act5)
    }
}

/// An artisan (blacksmith, jeweler, mystic) and its level.
public struct D3Artisan: Codable, Hashable, Sendable {
    /// `blacksmith`, `jeweler` or `mystic`.
    public var slug: String
    /// The artisan's level.
    public var level: Int

    /// Creates an artisan.
    public init(slug: String, level: Int = 0) {
        self.slug = slug
        self.level = level
    }

    private enum CodingKeys: String, CodingKey {
        case slug, level
    }

    /// Decodes leniently; extra legacy fields (`stepMax`, `stepCurrent`) are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slug = try container.d3String(.slug)
        level = try container.d3Int(.level)
    }
}

/// One season's part of an account profile (`seasonalProfiles.season19`).
public struct D3SeasonalProfile: Codable, Hashable, Sendable {
    /// The season number; 0 is the non-seasonal total.
    public var seasonId: Int
    /// Softcore paragon level reached in the season.
    public var paragonLevel: Int
    /// Hardcore paragon level reached in the season.
    public var paragonLevelHardcore: Int
    /// Kills during the season.
    public var kills: D3Kills
    /// Relative time played per class slug, 0...1.
    public var timePlayed: [String: Double]
    /// Highest hardcore hero level in the season.
    public var highestHardcoreLevel: Int

    /// Creates a seasonal profile.
    public init(
        seasonId: Int, paragonLevel: Int = 0, paragonLevelHardcore: Int = 0, kills: D3Kills = D3Kills(),
        timePlayed: [String: Double] = [:], highestHardcoreLevel: Int = 0
    ) {
        self.seasonId = seasonId
        self.paragonLevel = paragonLevel
        self.paragonLevelHardcore = paragonLevelHardcore
        self.kills = kills
        self.timePlayed = timePlayed
        self.highestHardcoreLevel = highestHardcoreLevel
    }

    /// Relative time played with a class, 0 when absent.
    public func timePlayed(for heroClass: D3HeroClass) -> Double {
        timePlayed[heroClass.rawValue] ?? 0
    }

    private enum CodingKeys: String, CodingKey {
        case seasonId, paragonLevel, paragonLevelHardcore, kills, timePlayed, highestHardcoreLevel
    }

    /// Decodes leniently; absent fields get their zero value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seasonId = try container.d3Int(.seasonId)
        paragonLevel = try container.d3Int(.paragonLevel)
        paragonLevelHardcore = try container.d3Int(.paragonLevelHardcore)
        kills = try container.d3Value(.kills, default: D3Kills())
        timePlayed = try container.d3Dictionary(.timePlayed)
        highestHardcoreLevel = try container.d3Int(.highestHardcoreLevel)
    }
}
