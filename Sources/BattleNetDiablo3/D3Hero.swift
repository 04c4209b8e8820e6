import BattleNet
import Foundation

/// A full hero, `GET /d3/profile/{account}/hero/{id}`.
///
/// Decodes the current shape and the 2012 shape (`dead` instead of `alive`,
/// `last-updated` instead of `lastUpdated`, bare passive skills, `null` slots).
public struct D3Hero: Codable, Hashable, Sendable {
    /// The hero id.
    public var id: Int
    /// The hero's name.
    public var name: String
    /// The hero's class (`class`).
    public var heroClass: D3HeroClass
    /// The hero's gender.
    public var gender: D3Gender
    /// Character level.
    public var level: Int
    /// Paragon level of the hero's pool.
    public var paragonLevel: Int
    /// Elites killed by this hero (`kills.elites`).
    public var eliteKills: Int
    /// Whether the hero is hardcore.
    public var hardcore: Bool
    /// Whether the hero is seasonal.
    public var seasonal: Bool
    /// The season in which the hero was created (0 when non-seasonal or absent).
    public var seasonCreated: Int
    /// Whether the hero is alive (legacy payloads: the negation of `dead`).
    public var alive: Bool
    /// When the hero was last updated (epoch seconds), if sent.
    public var lastUpdated: Date?
    /// Highest solo greater rift completed.
    public var highestSoloRiftCompleted: Int
    /// Equipped skills.
    public var skills: D3HeroSkills
    /// Equipped items keyed by slot name; see ``item(in:)``.
    public var items: [String: D3ItemSummary]
    /// Powers extracted into Kanai's Cube.
    public var legendaryPowers: [D3ItemSummary]
    /// Followers keyed by slug (`templar`, `scoundrel`, `enchantress`).
    public var followers: [String: D3Follower]
    /// Campaign acts completed.
    public var progression: D3Progression
    /// Computed statistics.
    public var stats: D3HeroStats

    /// Creates a hero.
    public init(
        id: Int, name: String, heroClass: D3HeroClass, gender: D3Gender = .male, level: Int = 1,
        paragonLevel: Int = 0, eliteKills: Int = 0, hardcore: Bool = false, seasonal: Bool = false,
        seasonCreated: Int = 0, alive: Bool = true, lastUpdated: Date? = nil, highestSoloRiftCompleted: Int = 0,
        skills: D3HeroSkills = D3HeroSkills(), items: [String: D3ItemSummary] = [:],
        legendaryPowers: [D3ItemSummary] = [], followers: [String: D3Follower] = [:],
        progression: D3Progression = D3Progression(), stats: D3HeroStats = D3HeroStats()
    ) {
        self.id = id
        self.name = name
        self.heroClass = heroClass
        self.gender = gender
        self.level = level
        self.paragonLevel = paragonLevel
        self.eliteKills = eliteKills
        self.hardcore = hardcore
        self.seasonal = seasonal
        self.seasonCreated = seasonCreated
        self.alive = alive
        self.lastUpdated = lastUpdated
        self.highestSoloRiftCompleted = highestSoloRiftCompleted
        self.skills = skills
        self.items = items
        self.legendaryPowers = legendaryPowers
        self.followers = followers
        self.progression = progression
        self.stats = stats
    }

    /// The item equipped in a slot, if any.
    public func item(in slot: D3ItemSlot) -> D3ItemSummary? {
        items[slot.rawValue]
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, heroClass = "class", gender, level, paragonLevel, kills, hardcore, seasonal
        case seasonCreated, alive, dead, lastUpdated, legacyLastUpdated = "last-updated"
        case highestSoloRiftCompleted, skills, items, legendaryPowers, followers, progression, stats
    }

    /// Decodes leniently: absent fields get their zero value and unknown fields are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.d3Int(.id)
        name = try container.d3String(.name)
        heroClass = try container.d3Value(.heroClass, default: .unknown(""))
        gender = try container.d3Value(.gender, default: .male)
        level = try container.d3Int(.level)
        paragonLevel = try container.d3Int(.paragonLevel)
        eliteKills = try container.d3EliteKills(.kills) ?? 0
        hardcore = try container.d3Bool(.hardcore)
        seasonal = try container.d3Bool(.seasonal)
        seasonCreated = try container.d3Int(.seasonCreated)
        let dead = try container.decodeIfPresent(Bool.self, forKey: .dead)
        alive = try container.decodeIfPresent(Bool.self, forKey: .alive) ?? !(dead ?? false)
        lastUpdated = try container.d3OptionalDate(.lastUpdated) ?? container.d3OptionalDate(.legacyLastUpdated)
        highestSoloRiftCompleted = try container.d3Int(.highestSoloRiftCompleted)
        skills = try container.d3Value(.skills, default: D3HeroSkills())
        items = try container.d3Dictionary(.items)
        legendaryPowers = try container.d3Array(.legendaryPowers)
        followers = try container.d3Dictionary(.followers)
        progression = try container.d3Value(.progression, default: D3Progression())
        stats = try container.d3Value(.stats, default: D3HeroStats())
    }

    /// Encodes with Blizzard's current key names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(heroClass, forKey: .heroClass)
        try container.encode(gender, forKey: .gender)
        try container.encode(level, forKey: .level)
        try container.encode(paragonLevel, forKey: .paragonLevel)
        try container.d3EncodeEliteKills(eliteKills, forKey: .kills)
        try container.encode(hardcore, forKey: .hardcore)
        try container.encode(seasonal, forKey: .seasonal)
        try container.encode(seasonCreated, forKey: .seasonCreated)
        try container.encode(alive, forKey: .alive)
        if let lastUpdated {
            try container.d3EncodeSeconds(lastUpdated, forKey: .lastUpdated)
        }
        try container.encode(highestSoloRiftCompleted, forKey: .highestSoloRiftCompleted)
        try container.encode(skills, forKey: .skills)
        try container.encode(items, forKey: .items)
        try container.encode(legendaryPowers, forKey: .legendaryPowers)
        try container.encode(followers, forKey: .followers)
        try container.encode(progression, forKey: .progression)
        try container.encode(stats, forKey: .stats)
    }
}

/// A follower attached to a hero.
public struct D3Follower: Codable, Hashable, Sendable {
    /// `templar`, `scoundrel` or `enchantress`.
    public var slug: String
    /// The follower's level.
    public var level: Int
    /// Equipped items keyed by slot name (short shape).
    public var items: [String: D3ItemSummary]
    /// Follower bonuses (`goldFind`, `magicFind`, `experienceBonus`), if sent.
    public var stats: D3HeroStats?
    /// Selected follower skills.
    public var skills: [D3Skill]

    /// Creates a follower.
    public init(
        slug: String, level: Int = 0, items: [String: D3ItemSummary] = [:], stats: D3HeroStats? = nil,
        skills: [D3Skill] = []
    ) {
        self.slug = slug
        self.level = level
        self.items = items
        self.stats = stats
        self.skills = skills
    }

    private enum CodingKeys: String, CodingKey {
        case slug, level, items, stats, skills
    }

    /// Decodes leniently; skills may be bare or wrapped in `{"skill": …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slug = try container.d3String(.slug)
        level = try container.d3Int(.level)
        items = try container.d3Dictionary(.items)
        stats = try container.decodeIfPresent(D3HeroStats.self, forKey: .stats)
        let skills: [D3PassiveSkill] = try container.d3Array(.skills)
        self.skills = skills.map(\.skill)
    }
}
