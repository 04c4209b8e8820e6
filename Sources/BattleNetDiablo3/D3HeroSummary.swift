import BattleNet
import Foundation

/// A hero as listed in an account profile's `heroes` array.
public struct D3HeroSummary: Codable, Hashable, Sendable {
    /// The hero id used in `/d3/profile/{account}/hero/{id}`.
    public var id: Int
    /// The hero's name.
    public var name: String
    /// The hero's class (`class`); ``D3HeroClass/unknown(_:)`` with an empty slug when absent.
    public var heroClass: D3HeroClass
    /// The class slug as sent separately by newer payloads (`classSlug`).
    public var classSlug: String?
    /// The hero's gender.
    public var gender: D3Gender
    /// Character level.
    public var level: Int
    /// Elites killed by this hero (`kills.elites`).
    public var eliteKills: Int
    /// Paragon level of the hero's pool (softcore/hardcore, seasonal/non-seasonal).
    public var paragonLevel: Int
    /// Whether the hero is hardcore.
    public var hardcore: Bool
    /// Whether the hero is seasonal.
    public var seasonal: Bool
    /// Whether the (hardcore) hero has died.
    public var dead: Bool
    /// When the hero was last updated (`last-updated`, epoch seconds).
    public var lastUpdated: Date

    /// Creates a hero summary.
    public init(
        id: Int, name: String, heroClass: D3HeroClass, classSlug: String? = nil, gender: D3Gender = .male,
        level: Int = 1, eliteKills: Int = 0, paragonLevel: Int = 0, hardcore: Bool = false,
        seasonal: Bool = false, dead: Bool = false, lastUpdated: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.id = id
        self.name = name
        self.heroClass = heroClass
        self.classSlug = classSlug
        self.gender = gender
        self.level = level
        self.eliteKills = eliteKills
        self.paragonLevel = paragonLevel
        self.hardcore = hardcore
        self.seasonal = seasonal
        self.dead = dead
        self.lastUpdated = lastUpdated
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, heroClass = "class", classSlug, gender, level, kills, paragonLevel
        case hardcore, seasonal, dead, lastUpdated = "last-updated"
    }

    /// Decodes leniently; absent fields get their zero value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.d3Int(.id)
        name = try container.d3String(.name)
        heroClass = try container.d3Value(.heroClass, default: .unknown(""))
        classSlug = try container.decodeIfPresent(String.self, forKey: .classSlug)
        gender = try container.d3Value(.gender, default: .male)
        level = try container.d3Int(.level)
        eliteKills = try container.d3EliteKills(.kills) ?? 0
        paragonLevel = try container.d3Int(.paragonLevel)
        hardcore = try container.d3Bool(.hardcore)
        seasonal = try container.d3Bool(.seasonal)
        dead = try container.d3Bool(.dead)
        lastUpdated = try container.d3OptionalDate(.lastUpdated) ?? Date(timeIntervalSince1970: 0)
    }

    /// Encodes with Blizzard's key names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(heroClass, forKey: .heroClass)
        try container.encodeIfPresent(classSlug, forKey: .classSlug)
        try container.encode(gender, forKey: .gender)
        try container.encode(level, forKey: .level)
        try container.d3EncodeEliteKills(eliteKills, forKey: .kills)
        try container.encode(paragonLevel, forKey: .paragonLevel)
        try container.encode(hardcore, forKey: .hardcore)
        try container.encode(seasonal, forKey: .seasonal)
        try container.encode(dead, forKey: .dead)
        try container.d3EncodeSeconds(lastUpdated, forKey: .lastUpdated)
    }
}

/// A dead hardcore hero listed in an account profile's `fallenHeroes` array.
public struct D3FallenHero: Codable, Hashable, Sendable {
    /// The hero id.
    public var heroId: Int
    /// The hero's name.
    public var name: String
    /// The hero's class (`class`).
    public var heroClass: D3HeroClass
    /// Character level at death.
    public var level: Int
    /// Elites killed (`elites`, or legacy `kills.elites`).
    public var elites: Int
    /// Whether the hero was hardcore.
    public var hardcore: Bool
    /// How and when the hero died.
    public var death: D3Death
    /// The hero's gender.
    public var gender: D3Gender

    /// Creates a fallen hero.
    public init(
        heroId: Int, name: String, heroClass: D3HeroClass, level: Int = 1, elites: Int = 0,
        hardcore: Bool = true, death: D3Death = D3Death(), gender: D3Gender = .male
    ) {
        self.heroId = heroId
        self.name = name
        self.heroClass = heroClass
        self.level = level
        self.elites = elites
        self.hardcore = hardcore
        self.death = death
        self.gender = gender
    }

    private enum CodingKeys: String, CodingKey {
        case heroId, name, heroClass = "class", level, elites, kills, hardcore, death, gender
    }

    /// Decodes leniently; absent fields get their zero value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        heroId = try container.d3Int(.heroId)
        name = try container.d3String(.name)
        heroClass = try container.d3Value(.heroClass, default: .unknown(""))
        level = try container.d3Int(.level)
        elites = try container.d3OptionalInt(.elites) ?? container.d3EliteKills(.kills) ?? 0
        hardcore = try container.d3Bool(.hardcore)
        death = try container.d3Value(.death, default: D3Death())
        gender = try container.d3Value(.gender, default: .male)
    }

    /// Encodes with Blizzard's key names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(heroId, forKey: .heroId)
        try container.encode(name, forKey: .name)
        try container.encode(heroClass, forKey: .heroClass)
        try container.encode(level, forKey: .level)
        try container.encode(elites, forKey: .elites)
        try container.encode(hardcore, forKey: .hardcore)
        try container.encode(death, forKey: .death)
        try container.encode(gender, forKey: .gender)
    }
}

/// The circumstances of a hardcore hero's death.
public struct D3Death: Codable, Hashable, Sendable {
    /// Game id of the monster that killed the hero.
    public var killer: Int
    /// Game id of the place of death, when sent (legacy payloads).
    public var location: Int?
    /// When the hero died (epoch seconds).
    public var time: Date

    /// Creates a death record.
    public init(killer: Int = 0, location: Int? = nil, time: Date = Date(timeIntervalSince1970: 0)) {
        self.killer = killer
        self.location = location
        self.time = time
    }

    private enum CodingKeys: String, CodingKey {
        case killer, location, time
    }

    /// Decodes leniently; absent fields get their zero value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        killer = try container.d3Int(.killer)
        location = try container.d3OptionalInt(.location)
        time = try container.d3OptionalDate(.time) ?? Date(timeIntervalSince1970: 0)
    }

    /// Encodes with Blizzard's key names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(killer, forKey: .killer)
        try container.encodeIfPresent(location, forKey: .location)
        try container.d3EncodeSeconds(time, forKey: .time)
    }
}
