import Foundation

/// A character's achievements, `GET /profile/wow/character/{realmSlug}/{characterName}/achievements` (any token):
/// the points and count, every achievement earned or in progress, the progress per category and the latest ones.
/// The answer is large (1.5 MB for a character of many years).
public struct WoWAchievementsSummary: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// How many achievements are completed.
    public var totalQuantity: Int?
    /// Achievement points.
    public var totalPoints: Int?
    /// Every achievement the character has completed or made progress in.
    public var achievements: [Entry]
    /// Quantity and points per category.
    public var categoryProgress: [CategoryProgress]?
    /// The latest completed.
    public var recentEvents: [RecentEvent]?
    /// The character.
    public var character: WoWCharacterReference?

    /// One achievement of the character.
    public struct Entry: Codable, Hashable, Sendable {
        /// The achievement id.
        public var id: Int
        /// The achievement.
        public var achievement: WoWReference?
        /// When it was completed, in milliseconds since 1970; nil while in progress.
        public var completedTimestamp: Int64?

        /// Creates an entry.
        public init(id: Int, achievement: WoWReference? = nil, completedTimestamp: Int64? = nil) {
            self.id = id
            self.achievement = achievement
            self.completedTimestamp = completedTimestamp
        }

        enum CodingKeys: String, CodingKey {
            case id, achievement, completedTimestamp = "completed_timestamp"
        }
    }

    /// A category's progress.
    public struct CategoryProgress: Codable, Hashable, Sendable {
        /// The category.
        public var category: WoWReference
        /// Achievements completed in it.
        public var quantity: Int?
        /// Points earned in it.
        public var points: Int?

        /// Creates a category's progress.
        public init(category: WoWReference, quantity: Int? = nil, points: Int? = nil) {
            self.category = category
            self.quantity = quantity
            self.points = points
        }
    }

    /// A recent completion.
    public struct RecentEvent: Codable, Hashable, Sendable {
        /// The achievement.
        public var achievement: WoWReference
        /// When, in milliseconds since 1970.
        public var timestamp: Int64?

        /// Creates an event.
        public init(achievement: WoWReference, timestamp: Int64? = nil) {
            self.achievement = achievement
            self.timestamp = timestamp
        }
    }

    /// Creates a summary.
    public init(
        links: WoWLinks? = nil, totalQuantity: Int? = nil, totalPoints: Int? = nil, achievements: [Entry] = [],
        categoryProgress: [CategoryProgress]? = nil, recentEvents: [RecentEvent]? = nil,
        character: WoWCharacterReference? = nil
    ) {
        self.links = links
        self.totalQuantity = totalQuantity
        self.totalPoints = totalPoints
        self.achievements = achievements
        self.categoryProgress = categoryProgress
        self.recentEvents = recentEvents
        self.character = character
    }

    /// The completed achievements.
    public var completed: [Entry] { achievements.filter { $0.completedTimestamp != nil } }

    enum CodingKeys: String, CodingKey {
        case links = "_links", totalQuantity = "total_quantity", totalPoints = "total_points", achievements
        case categoryProgress = "category_progress", recentEvents = "recent_events", character
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        totalQuantity = try container.decodeIfPresent(Int.self, forKey: .totalQuantity)
        totalPoints = try container.decodeIfPresent(Int.self, forKey: .totalPoints)
        achievements = try container.decodeIfPresent([Entry].self, forKey: .achievements) ?? []
        categoryProgress = try container.decodeIfPresent([CategoryProgress].self, forKey: .categoryProgress)
        recentEvents = try container.decodeIfPresent([RecentEvent].self, forKey: .recentEvents)
        character = try container.decodeIfPresent(WoWCharacterReference.self, forKey: .character)
    }
}
