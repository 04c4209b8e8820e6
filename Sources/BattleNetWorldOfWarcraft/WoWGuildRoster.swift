import Foundation

/// A guild's members, `GET /data/wow/guild/{realmSlug}/{nameSlug}/roster` (any token; asked in the profile
/// namespace): each member's name, level, class, race and guild rank (0 is the guild master).
public struct WoWGuildRoster: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// The guild, with its realm.
    public var guild: Guild?
    /// The members.
    public var members: [Member]

    /// The guild.
    public struct Guild: Codable, Hashable, Sendable {
        /// The guild's own endpoint.
        public var key: WoWLink?
        /// Its name.
        public var name: String?
        /// Its id.
        public var id: Int
        /// Its realm.
        public var realm: WoWRealmReference?
        /// Its faction.
        public var faction: WoWFaction?

        /// Creates a guild.
        public init(key: WoWLink? = nil, name: String? = nil, id: Int, realm: WoWRealmReference? = nil, faction: WoWFaction? = nil) {
            self.key = key
            self.name = name
            self.id = id
            self.realm = realm
            self.faction = faction
        }
    }

    /// A member.
    public struct Member: Codable, Hashable, Sendable {
        /// The character.
        public var character: Character
        /// The guild rank, 0 for the guild master.
        public var rank: Int

        /// Creates a member.
        public init(character: Character, rank: Int) {
            self.character = character
            self.rank = rank
        }
    }

    /// A member's character.
    public struct Character: Codable, Hashable, Sendable {
        /// The public character profile.
        public var key: WoWLink?
        /// The name.
        public var name: String
        /// The character id.
        public var id: Int
        /// The realm.
        public var realm: WoWRealmReference?
        /// The level.
        public var level: Int?
        /// The class (id only in the roster).
        public var playableClass: WoWReference?
        /// The race (id only in the roster).
        public var playableRace: WoWReference?

        /// Creates a character.
        public init(
            key: WoWLink? = nil, name: String, id: Int, realm: WoWRealmReference? = nil, level: Int? = nil,
            playableClass: WoWReference? = nil, playableRace: WoWReference? = nil
        ) {
            self.key = key
            self.name = name
            self.id = id
            self.realm = realm
            self.level = level
            self.playableClass = playableClass
            self.playableRace = playableRace
        }

        enum CodingKeys: String, CodingKey {
            case key, name, id, realm, level, playableClass = "playable_class", playableRace = "playable_race"
        }
    }

    /// Creates a roster.
    public init(links: WoWLinks? = nil, guild: Guild? = nil, members: [Member] = []) {
        self.links = links
        self.guild = guild
        self.members = members
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", guild, members
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        guild = try container.decodeIfPresent(Guild.self, forKey: .guild)
        members = try container.decodeIfPresent([Member].self, forKey: .members) ?? []
    }
}
