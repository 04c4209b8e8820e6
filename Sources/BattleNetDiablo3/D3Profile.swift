import BattleNet
import Foundation

/// A Diablo III account profile, `GET /d3/profile/{account}/`.
public struct D3Profile: Codable, Hashable, Sendable {
    /// The account's BattleTag; `nil` when absent or not a valid BattleTag.
    public var battleTag: BattleTag?
    /// Non-seasonal softcore paragon level.
    public var paragonLevel: Int
    /// Non-seasonal hardcore paragon level.
    public var paragonLevelHardcore: Int
    /// Seasonal softcore paragon level.
    public var paragonLevelSeason: Int
    /// Seasonal hardcore paragon level.
    public var paragonLevelSeasonHardcore: Int
    /// The clan or guild name, `""` when none.
    public var guildName: String
    /// The account's heroes.
    public var heroes: [D3HeroSummary]
    /// Id of the hero played last.
    public var lastHeroPlayed: Int
    /// When the profile was last updated (epoch seconds).
    public var lastUpdated: Date
    /// Account-wide kill counters.
    public var kills: D3Kills
    /// Highest level reached by a hardcore hero.
    public var highestHardcoreLevel: Int
    /// Relative time played per class slug (`demon-hunter`), 0...1; see ``timePlayed(for:)``.
    public var timePlayed: [String: Double]
    /// Campaign acts completed.
    public var progression: D3Progression
    /// Dead hardcore heroes; empty when the key is absent.
    public var fallenHeroes: [D3FallenHero]
    /// Per-season profiles keyed `season19`, …, `season0`; see ``seasonalProfile(season:)``.
    public var seasonalProfiles: [String: D3SeasonalProfile]
    /// Artisans keyed by Blizzard's field name: `blacksmith`, `jewelerSeason`,
    /// `mysticHardcore`, `blacksmithSeasonHardcore`, … (see ``artisanKeys``).
    ///
    /// Legacy `artisans`/`hardcoreArtisans` arrays are mapped onto the same keys.
    public var artisans: [String: D3Artisan]

    /// The twelve artisan field names of a profile.
    public static let artisanKeys: [String] = ["blacksmith", "jeweler", "mystic"].flatMap { slug in
        ["", "Season", "Hardcore", "SeasonHardcore"].map { slug + $0 }
    }

    /// Creates a profile.
    public init(
        battleTag: BattleTag?, paragonLevel: Int = 0, paragonLevelHardcore: Int = 0, paragonLevelSeason: Int = 0,
        paragonLevelSeasonHardcore: Int = 0, guildName: String = "", heroes: [D3HeroSummary] = [],
        lastHeroPlayed: Int = 0, lastUpdated: Date = Date(timeIntervalSince1970: 0), kills: D3Kills = D3Kills(),
        highestHardcoreLevel: Int = 0, timePlayed: [String: Double] = [:], progression: D3Progression = D3Progression(),
        fallenHeroes: [D3FallenHero] = [], seasonalProfiles: [String: D3SeasonalProfile] = [:],
        artisans: [String: D3Artisan] = [:]
    ) {
        self.battleTag = battleTag
        self.paragonLevel = paragonLevel
        self.paragonLevelHardcore = paragonLevelHardcore
        self.paragonLevelSeason = paragonLevelSeason
        self.paragonLevelSeasonHardcore = paragonLevelSeasonHardcore
        self.guildName = guildName
        self.heroes = heroes
        self.lastHeroPlayed = lastHeroPlayed
        self.lastUpdated = lastUpdated
        self.kills = kills
        self.highestHardcoreLevel = highestHardcoreLevel
        self.timePlayed = timePlayed
        self.progression = progression
        self.fallenHeroes = fallenHeroes
        self.seasonalProfiles = seasonalProfiles
        self.artisans = artisans
    }

    /// Relative time played with a class (0...1), 0 when absent.
    public func timePlayed(for heroClass: D3HeroClass) -> Double {
        timePlayed[heroClass.rawValue] ?? 0
    }

    /// The profile of a season number; season 0 holds the non-seasonal totals.
    public func seasonalProfile(season: Int) -> D3SeasonalProfile? {
        seasonalProfiles["season\(season)"]
    }

    private enum CodingKeys: String, CodingKey {
        case battleTag, paragonLevel, paragonLevelHardcore, paragonLevelSeason, paragonLevelSeasonHardcore
        case guildName, heroes, lastHeroPlayed, lastUpdated, kills, highestHardcoreLevel, timePlayed
        case progression, fallenHeroes, seasonalProfiles
        case legacyArtisans = "artisans", legacyHardcoreArtisans = "hardcoreArtisans"
    }

    /// Decodes leniently: absent fields get their zero value and unknown fields are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        battleTag = try? container.decodeIfPresent(BattleTag.self, forKey: .battleTag)
        paragonLevel = try container.d3Int(.paragonLevel)
        paragonLevelHardcore = try container.d3Int(.paragonLevelHardcore)
        paragonLevelSeason = try container.d3Int(.paragonLevelSeason)
        paragonLevelSeasonHardcore = try container.d3Int(.paragonLevelSeasonHardcore)
        guildName = try container.d3String(.guildName)
        heroes = try container.d3Array(.heroes)
        lastHeroPlayed = try container.d3Int(.lastHeroPlayed)
        lastUpdated = try container.d3OptionalDate(.lastUpdated) ?? Date(timeIntervalSince1970: 0)
        kills = try container.d3Value(.kills, default: D3Kills())
        highestHardcoreLevel = try container.d3Int(.highestHardcoreLevel)
        timePlayed = try container.d3Dictionary(.timePlayed)
        progression = try container.d3Value(.progression, default: D3Progression())
        fallenHeroes = try container.d3Array(.fallenHeroes)
        seasonalProfiles = try container.d3Dictionary(.seasonalProfiles)
        artisans = try Self.decodeArtisans(from: decoder, legacy: container)
    }

    /// Encodes with Blizzard's key names; artisans become top-level fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(battleTag, forKey: .battleTag)
        try container.encode(paragonLevel, forKey: .paragonLevel)
        try container.encode(paragonLevelHardcore, forKey: .paragonLevelHardcore)
        try container.encode(paragonLevelSeason, forKey: .paragonLevelSeason)
        try container.encode(paragonLevelSeasonHardcore, forKey: .paragonLevelSeasonHardcore)
        try container.encode(guildName, forKey: .guildName)
        try container.encode(heroes, forKey: .heroes)
        try container.encode(lastHeroPlayed, forKey: .lastHeroPlayed)
        try container.d3EncodeSeconds(lastUpdated, forKey: .lastUpdated)
        try container.encode(kills, forKey: .kills)
        try container.encode(highestHardcoreLevel, forKey: .highestHardcoreLevel)
        try container.encode(timePlayed, forKey: .timePlayed)
        try container.encode(progression, forKey: .progression)
        try container.encode(fallenHeroes, forKey: .fallenHeroes)
        try container.encode(seasonalProfiles, forKey: .seasonalProfiles)
        var dynamic = encoder.container(keyedBy: D3DynamicKey.self)
        for (key, artisan) in artisans {
            try dynamic.encode(artisan, forKey: D3DynamicKey(key))
        }
    }

    private static func decodeArtisans(
        from decoder: any Decoder, legacy: KeyedDecodingContainer<CodingKeys>
    ) throws -> [String: D3Artisan] {
        let dynamic = try decoder.container(keyedBy: D3DynamicKey.self)
        var artisans: [String: D3Artisan] = [:]
        for key in artisanKeys {
            if let artisan = try? dynamic.decodeIfPresent(D3Artisan.self, forKey: D3DynamicKey(key)) {
                artisans[key] = artisan
            }
        }
        let softcore: [D3Artisan] = (try? legacy.d3Array(.legacyArtisans)) ?? []
        let hardcore: [D3Artisan] = (try? legacy.d3Array(.legacyHardcoreArtisans)) ?? []
        for artisan in softcore where !artisan.slug.isEmpty && artisans[artisan.slug] == nil {
            artisans[artisan.slug] = artisan
        }
        for artisan in hardcore where !artisan.slug.isEmpty && artisans[artisan.slug + "Hardcore"] == nil {
            artisans[artisan.slug + "Hardcore"] = artisan
        }
        return artisans
    }
}
