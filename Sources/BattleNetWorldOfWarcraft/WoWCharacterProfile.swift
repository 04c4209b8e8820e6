import Foundation

/// A character's public profile summary, `GET /profile/wow/character/{realmSlug}/{characterName}` (any token):
/// the page the account summary's `character` link opens. Only the commonest fields are typed; the raw answer
/// (``WorldOfWarcraftClient/data(_:)-(WoWEndpoint)``) has every one.
public struct WoWCharacterProfile: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// The character id.
    public var id: Int
    /// The name.
    public var name: String
    /// The gender.
    public var gender: WoWGender?
    /// The faction.
    public var faction: WoWFaction?
    /// The race.
    public var race: WoWReference?
    /// The class.
    public var characterClass: WoWReference?
    /// The specialisation in use.
    public var activeSpec: WoWReference?
    /// The realm.
    public var realm: WoWRealmReference?
    /// The guild, when in one.
    public var guild: WoWReference?
    /// The level.
    public var level: Int
    /// Experience into the level.
    public var experience: Int?
    /// Achievement points.
    public var achievementPoints: Int?
    /// When it last logged out, in milliseconds since 1970.
    public var lastLoginTimestamp: Int64?
    /// Average item level of the items it has.
    public var averageItemLevel: Int?
    /// Average item level of the items it wears.
    public var equippedItemLevel: Int?

    /// Creates a profile.
    public init(
        links: WoWLinks? = nil, id: Int, name: String, gender: WoWGender? = nil, faction: WoWFaction? = nil,
        race: WoWReference? = nil, characterClass: WoWReference? = nil, activeSpec: WoWReference? = nil,
        realm: WoWRealmReference? = nil, guild: WoWReference? = nil, level: Int = 0, experience: Int? = nil,
        achievementPoints: Int? = nil, lastLoginTimestamp: Int64? = nil, averageItemLevel: Int? = nil,
        equippedItemLevel: Int? = nil
    ) {
        self.links = links
        self.id = id
        self.name = name
        self.gender = gender
        self.faction = faction
        self.race = race
        self.characterClass = characterClass
        self.activeSpec = activeSpec
        self.realm = realm
        self.guild = guild
        self.level = level
        self.experience = experience
        self.achievementPoints = achievementPoints
        self.lastLoginTimestamp = lastLoginTimestamp
        self.averageItemLevel = averageItemLevel
        self.equippedItemLevel = equippedItemLevel
    }

    /// When it last logged out.
    public var lastLogin: Date? {
        lastLoginTimestamp.map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", id, name, gender, faction, race, characterClass = "character_class"
        case activeSpec = "active_spec", realm, guild, level, experience, achievementPoints = "achievement_points"
        case lastLoginTimestamp = "last_login_timestamp", averageItemLevel = "average_item_level"
        case equippedItemLevel = "equipped_item_level"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        gender = try container.decodeIfPresent(WoWGender.self, forKey: .gender)
        faction = try container.decodeIfPresent(WoWFaction.self, forKey: .faction)
        race = try container.decodeIfPresent(WoWReference.self, forKey: .race)
        characterClass = try container.decodeIfPresent(WoWReference.self, forKey: .characterClass)
        activeSpec = try container.decodeIfPresent(WoWReference.self, forKey: .activeSpec)
        realm = try container.decodeIfPresent(WoWRealmReference.self, forKey: .realm)
        guild = try container.decodeIfPresent(WoWReference.self, forKey: .guild)
        level = try container.decodeIfPresent(Int.self, forKey: .level) ?? 0
        experience = try container.decodeIfPresent(Int.self, forKey: .experience)
        achievementPoints = try container.decodeIfPresent(Int.self, forKey: .achievementPoints)
        lastLoginTimestamp = try container.decodeIfPresent(Int64.self, forKey: .lastLoginTimestamp)
        averageItemLevel = try container.decodeIfPresent(Int.self, forKey: .averageItemLevel)
        equippedItemLevel = try container.decodeIfPresent(Int.self, forKey: .equippedItemLevel)
    }
}
