import Foundation

/// The account level and the level of each race.
public struct SC2SwarmLevels: Codable, Hashable, Sendable {
    /// The account level.
    public var level: Int?
    /// Terran.
    public var terran: SC2RaceLevel?
    /// Zerg.
    public var zerg: SC2RaceLevel?
    /// Protoss.
    public var protoss: SC2RaceLevel?

    /// Creates levels.
    public init(level: Int? = nil, terran: SC2RaceLevel? = nil, zerg: SC2RaceLevel? = nil, protoss: SC2RaceLevel? = nil) {
        self.level = level
        self.terran = terran
        self.zerg = zerg
        self.protoss = protoss
    }
}

/// One race's level and the points into the next.
public struct SC2RaceLevel: Codable, Hashable, Sendable {
    /// The level.
    public var level: Int?
    /// Points needed for the next level.
    public var maxLevelPoints: Int?
    /// Points so far; -1 at the highest level.
    public var currentLevelPoints: Int?

    /// Creates a race level.
    public init(level: Int? = nil, maxLevelPoints: Int? = nil, currentLevelPoints: Int? = nil) {
        self.level = level
        self.maxLevelPoints = maxLevelPoints
        self.currentLevelPoints = currentLevelPoints
    }
}

/// The hardest difficulty each campaign was completed on, by campaign (`wol`, `hots`, `lotv`): `BRUTAL`, …
public struct SC2Campaign: Codable, Hashable, Sendable {
    /// Difficulty by campaign; empty when none was completed.
    public var difficultyCompleted: [String: String]

    /// Creates a campaign record.
    public init(difficultyCompleted: [String: String] = [:]) {
        self.difficultyCompleted = difficultyCompleted
    }

    enum CodingKeys: String, CodingKey {
        case difficultyCompleted
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        difficultyCompleted = try container.decodeIfPresent([String: String?].self, forKey: .difficultyCompleted)?
            .compactMapValues { $0 } ?? [:]
    }
}

/// Achievement points earned in one category.
public struct SC2CategoryPoints: Codable, Hashable, Sendable {
    /// The category id (a string).
    public var categoryID: String
    /// Points earned.
    public var pointsEarned: Int

    /// Creates an entry.
    public init(categoryID: String, pointsEarned: Int) {
        self.categoryID = categoryID
        self.pointsEarned = pointsEarned
    }

    enum CodingKeys: String, CodingKey {
        case categoryID = "categoryId", pointsEarned
    }
}

/// A reward earned.
public struct SC2Reward: Codable, Hashable, Sendable {
    /// The reward id (a string).
    public var rewardID: String
    /// The achievement that gave it, when one did.
    public var achievementID: String?
    /// Its category, when given.
    public var category: String?
    /// Whether it is in use.
    public var selected: Bool?

    /// Creates a reward.
    public init(rewardID: String, achievementID: String? = nil, category: String? = nil, selected: Bool? = nil) {
        self.rewardID = rewardID
        self.achievementID = achievementID
        self.category = category
        self.selected = selected
    }

    enum CodingKeys: String, CodingKey {
        case rewardID = "rewardId", achievementID = "achievementId", category, selected
    }
}

/// An achievement earned or in progress.
public struct SC2Achievement: Codable, Hashable, Sendable {
    /// The achievement id (a string).
    public var achievementID: String
    /// When it was completed, in seconds since 1970; a large negative number (about -2⁶³) while not completed.
    public var completionDate: Double?
    /// How many of its series are complete.
    public var numCompletedAchievementsInSeries: Int?
    /// How many its series has.
    public var totalAchievementsInSeries: Int?
    /// Whether it is complete.
    public var isComplete: Bool?
    /// Whether it is under way.
    public var inProgress: Bool?
    /// Its criteria.
    public var criteria: [SC2Criterion]?
    /// Progress so far, for counted achievements.
    public var nextProgressEarnedQuantity: Int?
    /// Progress needed, for counted achievements.
    public var nextProgressRequiredQuantity: Int?

    /// Creates an achievement.
    public init(
        achievementID: String, completionDate: Double? = nil, numCompletedAchievementsInSeries: Int? = nil,
        totalAchievementsInSeries: Int? = nil, isComplete: Bool? = nil, inProgress: Bool? = nil,
        criteria: [SC2Criterion]? = nil, nextProgressEarnedQuantity: Int? = nil,
        nextProgressRequiredQuantity: Int? = nil
    ) {
        self.achievementID = achievementID
        self.completionDate = completionDate
        self.numCompletedAchievementsInSeries = numCompletedAchievementsInSeries
        self.totalAchievementsInSeries = totalAchievementsInSeries
        self.isComplete = isComplete
        self.inProgress = inProgress
        self.criteria = criteria
        self.nextProgressEarnedQuantity = nextProgressEarnedQuantity
        self.nextProgressRequiredQuantity = nextProgressRequiredQuantity
    }

    /// When it was completed; nil while it is not.
    public var completedAt: Date? {
        guard let completionDate, completionDate > 0 else { return nil }
        return Date(timeIntervalSince1970: completionDate)
    }

    enum CodingKeys: String, CodingKey {
        case achievementID = "achievementId", completionDate, numCompletedAchievementsInSeries
        case totalAchievementsInSeries, isComplete, inProgress, criteria, nextProgressEarnedQuantity
        case nextProgressRequiredQuantity
    }
}

/// One criterion of an achievement, with its progress when some was earned.
public struct SC2Criterion: Codable, Hashable, Sendable {
    /// The criterion id (a string).
    public var criterionID: String
    /// Progress, when some was earned.
    public var earned: Earned?

    /// Progress on a criterion.
    public struct Earned: Codable, Hashable, Sendable {
        /// How much.
        public var quantity: Int?
        /// When it began, in seconds since 1970 (0 when unknown).
        public var startTime: Int64?

        /// Creates progress.
        public init(quantity: Int? = nil, startTime: Int64? = nil) {
            self.quantity = quantity
            self.startTime = startTime
        }
    }

    /// Creates a criterion.
    public init(criterionID: String, earned: Earned? = nil) {
        self.criterionID = criterionID
        self.earned = earned
    }

    enum CodingKeys: String, CodingKey {
        case criterionID = "criterionId", earned
    }
}
