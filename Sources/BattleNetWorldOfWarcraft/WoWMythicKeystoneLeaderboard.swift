import Foundation

/// The Mythic+ affixes, `GET /data/wow/keystone-affix/index` (static namespace).
public struct WoWKeystoneAffixIndex: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// The affixes.
    public var affixes: [WoWReference]

    /// Creates an index.
    public init(links: WoWLinks? = nil, affixes: [WoWReference] = []) {
        self.links = links
        self.affixes = affixes
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", affixes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        affixes = try container.decodeIfPresent([WoWReference].self, forKey: .affixes) ?? []
    }
}

/// The best groups of one dungeon in one weekly period on a connected realm,
/// `GET /data/wow/connected-realm/{connectedRealmId}/mythic-leaderboard/{dungeonId}/period/{period}` (dynamic
/// namespace; up to 500 groups).
public struct WoWMythicKeystoneLeaderboard: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// The dungeon's map.
    public var map: WoWReference?
    /// The weekly period.
    public var period: Int?
    /// When it began, in milliseconds since 1970.
    public var periodStartTimestamp: Int64?
    /// When it ends, in milliseconds since 1970.
    public var periodEndTimestamp: Int64?
    /// The connected realm.
    public var connectedRealm: WoWLink?
    /// The groups, best first.
    public var leadingGroups: [Group]
    /// The period's affixes, each from the keystone level it starts at.
    public var keystoneAffixes: [Affix]?
    /// The dungeon id (the path's `dungeonId`).
    public var mapChallengeModeID: Int?
    /// The dungeon's name.
    public var name: WoWLocalizedString?

    /// A group on the board.
    public struct Group: Codable, Hashable, Sendable {
        /// Its place, from 1.
        public var ranking: Int
        /// How long the run took, in milliseconds.
        public var duration: Int64?
        /// When it ended, in milliseconds since 1970.
        public var completedTimestamp: Int64?
        /// The keystone level.
        public var keystoneLevel: Int?
        /// The members.
        public var members: [Member]?
        /// The run's rating (since Shadowlands).
        public var mythicRating: WoWMythicRating?

        /// A member.
        public struct Member: Codable, Hashable, Sendable {
            /// The character.
            public var profile: WoWCharacterReference
            /// Its faction.
            public var faction: WoWFaction?
            /// Its specialisation.
            public var specialization: WoWReference?

            /// Creates a member.
            public init(profile: WoWCharacterReference, faction: WoWFaction? = nil, specialization: WoWReference? = nil) {
                self.profile = profile
                self.faction = faction
                self.specialization = specialization
            }
        }

        /// Creates a group.
        public init(
            ranking: Int, duration: Int64? = nil, completedTimestamp: Int64? = nil, keystoneLevel: Int? = nil,
            members: [Member]? = nil, mythicRating: WoWMythicRating? = nil
        ) {
            self.ranking = ranking
            self.duration = duration
            self.completedTimestamp = completedTimestamp
            self.keystoneLevel = keystoneLevel
            self.members = members
            self.mythicRating = mythicRating
        }

        enum CodingKeys: String, CodingKey {
            case ranking, duration, completedTimestamp = "completed_timestamp", keystoneLevel = "keystone_level"
            case members, mythicRating = "mythic_rating"
        }
    }

    /// An affix of the period.
    public struct Affix: Codable, Hashable, Sendable {
        /// The affix.
        public var keystoneAffix: WoWReference
        /// The keystone level from which it applies.
        public var startingLevel: Int?

        /// Creates an affix.
        public init(keystoneAffix: WoWReference, startingLevel: Int? = nil) {
            self.keystoneAffix = keystoneAffix
            self.startingLevel = startingLevel
        }

        enum CodingKeys: String, CodingKey {
            case keystoneAffix = "keystone_affix", startingLevel = "starting_level"
        }
    }

    /// Creates a leaderboard.
    public init(
        links: WoWLinks? = nil, map: WoWReference? = nil, period: Int? = nil, periodStartTimestamp: Int64? = nil,
        periodEndTimestamp: Int64? = nil, connectedRealm: WoWLink? = nil, leadingGroups: [Group] = [],
        keystoneAffixes: [Affix]? = nil, mapChallengeModeID: Int? = nil, name: WoWLocalizedString? = nil
    ) {
        self.links = links
        self.map = map
        self.period = period
        self.periodStartTimestamp = periodStartTimestamp
        self.periodEndTimestamp = periodEndTimestamp
        self.connectedRealm = connectedRealm
        self.leadingGroups = leadingGroups
        self.keystoneAffixes = keystoneAffixes
        self.mapChallengeModeID = mapChallengeModeID
        self.name = name
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", map, period, periodStartTimestamp = "period_start_timestamp"
        case periodEndTimestamp = "period_end_timestamp", connectedRealm = "connected_realm"
        case leadingGroups = "leading_groups", keystoneAffixes = "keystone_affixes"
        case mapChallengeModeID = "map_challenge_mode_id", name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        map = try container.decodeIfPresent(WoWReference.self, forKey: .map)
        period = try container.decodeIfPresent(Int.self, forKey: .period)
        periodStartTimestamp = try container.decodeIfPresent(Int64.self, forKey: .periodStartTimestamp)
        periodEndTimestamp = try container.decodeIfPresent(Int64.self, forKey: .periodEndTimestamp)
        connectedRealm = try container.decodeIfPresent(WoWLink.self, forKey: .connectedRealm)
        leadingGroups = try container.decodeIfPresent([Group].self, forKey: .leadingGroups) ?? []
        keystoneAffixes = try container.decodeIfPresent([Affix].self, forKey: .keystoneAffixes)
        mapChallengeModeID = try container.decodeIfPresent(Int.self, forKey: .mapChallengeModeID)
        name = try container.decodeIfPresent(WoWLocalizedString.self, forKey: .name)
    }
}
