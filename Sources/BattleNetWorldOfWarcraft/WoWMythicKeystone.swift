import Foundation

/// A character's Mythic+ profile, `GET /profile/wow/character/{realmSlug}/{characterName}/mythic-keystone-profile`
/// (any token): the current period's best runs, the seasons played and, since Shadowlands, the current rating.
public struct WoWMythicKeystoneProfile: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// The current weekly period and its best runs (absent when the character ran none).
    public var currentPeriod: Period?
    /// The seasons the character has runs in, each a link to ``WoWMythicKeystoneSeason``.
    public var seasons: [WoWReference]?
    /// The character.
    public var character: WoWCharacterReference?
    /// The current season's rating (absent before Shadowlands and for a character without one).
    public var currentMythicRating: WoWMythicRating?

    /// A weekly period.
    public struct Period: Codable, Hashable, Sendable {
        /// The period.
        public var period: WoWReference?
        /// Its best runs (absent when none).
        public var bestRuns: [WoWMythicKeystoneRun]?

        /// Creates a period.
        public init(period: WoWReference? = nil, bestRuns: [WoWMythicKeystoneRun]? = nil) {
            self.period = period
            self.bestRuns = bestRuns
        }

        enum CodingKeys: String, CodingKey {
            case period, bestRuns = "best_runs"
        }
    }

    /// Creates a profile.
    public init(
        links: WoWLinks? = nil, currentPeriod: Period? = nil, seasons: [WoWReference]? = nil,
        character: WoWCharacterReference? = nil, currentMythicRating: WoWMythicRating? = nil
    ) {
        self.links = links
        self.currentPeriod = currentPeriod
        self.seasons = seasons
        self.character = character
        self.currentMythicRating = currentMythicRating
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", currentPeriod = "current_period", seasons, character
        case currentMythicRating = "current_mythic_rating"
    }
}

/// A character's Mythic+ season,
/// `GET /profile/wow/character/{realmSlug}/{characterName}/mythic-keystone-profile/season/{seasonId}`: its best run
/// per dungeon and, since Shadowlands, the season's rating.
public struct WoWMythicKeystoneSeason: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// The season.
    public var season: WoWReference?
    /// The best runs.
    public var bestRuns: [WoWMythicKeystoneRun]
    /// The character.
    public var character: WoWCharacterReference?
    /// The season's rating (absent before Shadowlands).
    public var mythicRating: WoWMythicRating?

    /// Creates a season.
    public init(
        links: WoWLinks? = nil, season: WoWReference? = nil, bestRuns: [WoWMythicKeystoneRun] = [],
        character: WoWCharacterReference? = nil, mythicRating: WoWMythicRating? = nil
    ) {
        self.links = links
        self.season = season
        self.bestRuns = bestRuns
        self.character = character
        self.mythicRating = mythicRating
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", season, bestRuns = "best_runs", character, mythicRating = "mythic_rating"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        season = try container.decodeIfPresent(WoWReference.self, forKey: .season)
        bestRuns = try container.decodeIfPresent([WoWMythicKeystoneRun].self, forKey: .bestRuns) ?? []
        character = try container.decodeIfPresent(WoWCharacterReference.self, forKey: .character)
        mythicRating = try container.decodeIfPresent(WoWMythicRating.self, forKey: .mythicRating)
    }
}

/// One Mythic+ run.
public struct WoWMythicKeystoneRun: Codable, Hashable, Sendable {
    /// When it ended, in milliseconds since 1970.
    public var completedTimestamp: Int64?
    /// How long it took, in milliseconds.
    public var duration: Int64?
    /// The keystone level.
    public var keystoneLevel: Int
    /// The week's affixes.
    public var keystoneAffixes: [WoWReference]?
    /// The group.
    public var members: [Member]?
    /// The dungeon.
    public var dungeon: WoWReference?
    /// Whether it was completed in time.
    public var isCompletedWithinTime: Bool?
    /// The rating the run gave (since Shadowlands).
    public var mythicRating: WoWMythicRating?
    /// The dungeon's rating for the season after this run (since Shadowlands).
    public var mapRating: WoWMythicRating?

    /// A member of the group.
    public struct Member: Codable, Hashable, Sendable {
        /// The character.
        public var character: WoWCharacterReference
        /// Its specialisation in the run.
        public var specialization: WoWReference?
        /// Its race.
        public var race: WoWReference?
        /// Its equipped item level then.
        public var equippedItemLevel: Int?

        /// Creates a member.
        public init(
            character: WoWCharacterReference, specialization: WoWReference? = nil, race: WoWReference? = nil,
            equippedItemLevel: Int? = nil
        ) {
            self.character = character
            self.specialization = specialization
            self.race = race
            self.equippedItemLevel = equippedItemLevel
        }

        enum CodingKeys: String, CodingKey {
            case character, specialization, race, equippedItemLevel = "equipped_item_level"
        }
    }

    /// Creates a run.
    public init(
        completedTimestamp: Int64? = nil, duration: Int64? = nil, keystoneLevel: Int, keystoneAffixes: [WoWReference]? = nil,
        members: [Member]? = nil, dungeon: WoWReference? = nil, isCompletedWithinTime: Bool? = nil,
        mythicRating: WoWMythicRating? = nil, mapRating: WoWMythicRating? = nil
    ) {
        self.completedTimestamp = completedTimestamp
        self.duration = duration
        self.keystoneLevel = keystoneLevel
        self.keystoneAffixes = keystoneAffixes
        self.members = members
        self.dungeon = dungeon
        self.isCompletedWithinTime = isCompletedWithinTime
        self.mythicRating = mythicRating
        self.mapRating = mapRating
    }

    enum CodingKeys: String, CodingKey {
        case completedTimestamp = "completed_timestamp", duration, keystoneLevel = "keystone_level"
        case keystoneAffixes = "keystone_affixes", members, dungeon, isCompletedWithinTime = "is_completed_within_time"
        case mythicRating = "mythic_rating", mapRating = "map_rating"
    }
}

/// A Mythic+ rating and the colour the game shows it in: `{"color": {"r": 163, "g": 53, "b": 238, "a": 1},
/// "rating": 2323.952}` (`a` is `1` or `1.0`).
public struct WoWMythicRating: Codable, Hashable, Sendable {
    /// The rating.
    public var rating: Double
    /// Its colour.
    public var color: Color?

    /// A colour, components 0-255 and alpha 0-1.
    public struct Color: Codable, Hashable, Sendable {
        /// Red.
        public var r: Double
        /// Green.
        public var g: Double
        /// Blue.
        public var b: Double
        /// Alpha.
        public var a: Double

        /// Creates a colour.
        public init(r: Double, g: Double, b: Double, a: Double = 1) {
            self.r = r
            self.g = g
            self.b = b
            self.a = a
        }
    }

    /// Creates a rating.
    public init(rating: Double, color: Color? = nil) {
        self.rating = rating
        self.color = color
    }
}
