import Foundation

/// A profile's ladders this season, `GET /sc2/profile/{regionId}/{realmId}/{profileId}/ladder/summary`. The one
/// recording (2019) is of a profile with no ladder: three empty lists; the entries follow Blizzard's documented shape.
public struct SC2LadderSummary: Codable, Hashable, Sendable {
    /// The profile's best team per mode.
    public var showCaseEntries: [ShowcaseEntry]
    /// Modes still in placement.
    public var placementMatches: [PlacementMatch]
    /// Every ladder the profile is on.
    public var allLadderMemberships: [SC2LadderMembership]

    /// A best team.
    public struct ShowcaseEntry: Codable, Hashable, Sendable {
        /// The ladder id (a string).
        public var ladderID: String?
        /// The team.
        public var team: Team?
        /// The league (`DIAMOND`).
        public var leagueName: String?
        /// The division's name.
        public var localizedDivisionName: String?
        /// The team's rank in its division.
        public var rank: Int?
        /// Wins.
        public var wins: Int?
        /// Losses.
        public var losses: Int?

        /// Creates an entry.
        public init(
            ladderID: String? = nil, team: Team? = nil, leagueName: String? = nil, localizedDivisionName: String? = nil,
            rank: Int? = nil, wins: Int? = nil, losses: Int? = nil
        ) {
            self.ladderID = ladderID
            self.team = team
            self.leagueName = leagueName
            self.localizedDivisionName = localizedDivisionName
            self.rank = rank
            self.wins = wins
            self.losses = losses
        }

        enum CodingKeys: String, CodingKey {
            case ladderID = "ladderId", team, leagueName, localizedDivisionName, rank, wins, losses
        }
    }

    /// A team of a showcase entry or placement.
    public struct Team: Codable, Hashable, Sendable {
        /// The mode (`1v1`).
        public var localizedGameMode: String?
        /// The members.
        public var members: [Member]?

        /// A member.
        public struct Member: Codable, Hashable, Sendable {
            /// The race played most.
            public var favoriteRace: String?
            /// The display name.
            public var name: String?
            /// The profile id.
            public var playerID: String?
            /// The region id.
            public var region: Int?

            /// Creates a member.
            public init(favoriteRace: String? = nil, name: String? = nil, playerID: String? = nil, region: Int? = nil) {
                self.favoriteRace = favoriteRace
                self.name = name
                self.playerID = playerID
                self.region = region
            }

            enum CodingKeys: String, CodingKey {
                case favoriteRace, name, playerID = "playerId", region
            }
        }

        /// Creates a team.
        public init(localizedGameMode: String? = nil, members: [Member]? = nil) {
            self.localizedGameMode = localizedGameMode
            self.members = members
        }
    }

    /// A mode in placement.
    public struct PlacementMatch: Codable, Hashable, Sendable {
        /// The mode.
        public var localizedGameMode: String?
        /// The members.
        public var members: [Team.Member]?
        /// Placement games left.
        public var gamesRemaining: Int?

        /// Creates a placement.
        public init(localizedGameMode: String? = nil, members: [Team.Member]? = nil, gamesRemaining: Int? = nil) {
            self.localizedGameMode = localizedGameMode
            self.members = members
            self.gamesRemaining = gamesRemaining
        }
    }

    /// Creates a summary.
    public init(
        showCaseEntries: [ShowcaseEntry] = [], placementMatches: [PlacementMatch] = [],
        allLadderMemberships: [SC2LadderMembership] = []
    ) {
        self.showCaseEntries = showCaseEntries
        self.placementMatches = placementMatches
        self.allLadderMemberships = allLadderMemberships
    }

    enum CodingKeys: String, CodingKey {
        case showCaseEntries, placementMatches, allLadderMemberships
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        showCaseEntries = try container.decodeIfPresent([ShowcaseEntry].self, forKey: .showCaseEntries) ?? []
        placementMatches = try container.decodeIfPresent([PlacementMatch].self, forKey: .placementMatches) ?? []
        allLadderMemberships = try container.decodeIfPresent([SC2LadderMembership].self, forKey: .allLadderMemberships) ?? []
    }
}

/// A ladder a profile is on: `{"ladderId": "2200", "localizedGameMode": "1v1 Diamond", "rank": 12}`.
public struct SC2LadderMembership: Codable, Hashable, Sendable {
    /// The ladder id (a string).
    public var ladderID: String
    /// The mode and league.
    public var localizedGameMode: String?
    /// The rank on it.
    public var rank: Int?

    /// Creates a membership.
    public init(ladderID: String, localizedGameMode: String? = nil, rank: Int? = nil) {
        self.ladderID = ladderID
        self.localizedGameMode = localizedGameMode
        self.rank = rank
    }

    enum CodingKeys: String, CodingKey {
        case ladderID = "ladderId", localizedGameMode, rank
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ladderID = try SC2Lenient.string(container, .ladderID) ?? ""
        localizedGameMode = try container.decodeIfPresent(String.self, forKey: .localizedGameMode)
        rank = try container.decodeIfPresent(Int.self, forKey: .rank)
    }
}

/// One ladder of a profile, `GET /sc2/profile/{regionId}/{realmId}/{profileId}/ladder/{ladderId}`. The one recording
/// (2019) has three empty lists; ``SC2LadderTeam`` is the shape the grandmaster board records.
public struct SC2ProfileLadder: Codable, Hashable, Sendable {
    /// The ladder's teams.
    public var ladderTeams: [SC2LadderTeam]
    /// Every ladder the profile is on.
    public var allLadderMemberships: [SC2LadderMembership]
    /// The ranks and bonus pools.
    public var ranksAndPools: [RankAndPool]
    /// The league (`DIAMOND`), when sent.
    public var league: String?

    /// A rank with its MMR and bonus pool.
    public struct RankAndPool: Codable, Hashable, Sendable {
        /// The rank.
        public var rank: Int?
        /// The MMR.
        public var mmr: Int?
        /// The bonus pool.
        public var bonusPool: Int?

        /// Creates an entry.
        public init(rank: Int? = nil, mmr: Int? = nil, bonusPool: Int? = nil) {
            self.rank = rank
            self.mmr = mmr
            self.bonusPool = bonusPool
        }
    }

    /// Creates a ladder.
    public init(
        ladderTeams: [SC2LadderTeam] = [], allLadderMemberships: [SC2LadderMembership] = [],
        ranksAndPools: [RankAndPool] = [], league: String? = nil
    ) {
        self.ladderTeams = ladderTeams
        self.allLadderMemberships = allLadderMemberships
        self.ranksAndPools = ranksAndPools
        self.league = league
    }

    enum CodingKeys: String, CodingKey {
        case ladderTeams, allLadderMemberships, ranksAndPools, league
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ladderTeams = try container.decodeIfPresent([SC2LadderTeam].self, forKey: .ladderTeams) ?? []
        allLadderMemberships = try container.decodeIfPresent([SC2LadderMembership].self, forKey: .allLadderMemberships) ?? []
        ranksAndPools = try container.decodeIfPresent([RankAndPool].self, forKey: .ranksAndPools) ?? []
        league = try container.decodeIfPresent(String.self, forKey: .league)
    }
}

/// A region's grandmaster 1v1 board, `GET /sc2/ladder/grandmaster/{regionId}` (up to 200 teams).
public struct SC2GrandmasterLeaderboard: Codable, Hashable, Sendable {
    /// The teams, best MMR first.
    public var ladderTeams: [SC2LadderTeam]

    /// Creates a board.
    public init(ladderTeams: [SC2LadderTeam] = []) {
        self.ladderTeams = ladderTeams
    }

    enum CodingKeys: String, CodingKey {
        case ladderTeams
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ladderTeams = try container.decodeIfPresent([SC2LadderTeam].self, forKey: .ladderTeams) ?? []
    }
}

/// A team on a ladder.
public struct SC2LadderTeam: Codable, Hashable, Sendable {
    /// Its members.
    public var teamMembers: [Member]
    /// Its rank before the last update.
    public var previousRank: Int?
    /// Ladder points.
    public var points: Int?
    /// Wins.
    public var wins: Int?
    /// Losses.
    public var losses: Int?
    /// Matchmaking rating.
    public var mmr: Int?
    /// When it joined the ladder, in seconds since 1970.
    public var joinTimestamp: Int64?

    /// A member.
    public struct Member: Codable, Hashable, Sendable {
        /// The profile id (a string).
        public var id: String
        /// The realm id.
        public var realm: Int?
        /// The region id.
        public var region: Int?
        /// The display name.
        public var displayName: String?
        /// The clan tag, when in a clan.
        public var clanTag: String?
        /// The race played most (`protoss`).
        public var favoriteRace: String?

        /// Creates a member.
        public init(
            id: String, realm: Int? = nil, region: Int? = nil, displayName: String? = nil, clanTag: String? = nil,
            favoriteRace: String? = nil
        ) {
            self.id = id
            self.realm = realm
            self.region = region
            self.displayName = displayName
            self.clanTag = clanTag
            self.favoriteRace = favoriteRace
        }

        enum CodingKeys: String, CodingKey {
            case id, realm, region, displayName, clanTag, favoriteRace
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try SC2Lenient.string(container, .id) ?? ""
            realm = try container.decodeIfPresent(Int.self, forKey: .realm)
            region = try container.decodeIfPresent(Int.self, forKey: .region)
            displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
            clanTag = try container.decodeIfPresent(String.self, forKey: .clanTag)
            favoriteRace = try container.decodeIfPresent(String.self, forKey: .favoriteRace)
        }
    }

    /// Creates a team.
    public init(
        teamMembers: [Member] = [], previousRank: Int? = nil, points: Int? = nil, wins: Int? = nil, losses: Int? = nil,
        mmr: Int? = nil, joinTimestamp: Int64? = nil
    ) {
        self.teamMembers = teamMembers
        self.previousRank = previousRank
        self.points = points
        self.wins = wins
        self.losses = losses
        self.mmr = mmr
        self.joinTimestamp = joinTimestamp
    }
}

/// A region's current season, `GET /sc2/ladder/season/{regionId}`: `{"seasonId": 42, "number": 4, "year": 2019,
/// "startDate": "1574819530", "endDate": "1579759200"}` (dates as strings of seconds since 1970; numbers accepted).
public struct SC2Season: Codable, Hashable, Sendable {
    /// The season id.
    public var seasonID: Int
    /// Its number within the year.
    public var number: Int?
    /// The year.
    public var year: Int?
    /// When it started, in seconds since 1970.
    public var startTimestamp: Int64?
    /// When it ends, in seconds since 1970.
    public var endTimestamp: Int64?

    /// Creates a season.
    public init(seasonID: Int, number: Int? = nil, year: Int? = nil, startTimestamp: Int64? = nil, endTimestamp: Int64? = nil) {
        self.seasonID = seasonID
        self.number = number
        self.year = year
        self.startTimestamp = startTimestamp
        self.endTimestamp = endTimestamp
    }

    /// When it started.
    public var start: Date? { startTimestamp.map { Date(timeIntervalSince1970: Double($0)) } }
    /// When it ends.
    public var end: Date? { endTimestamp.map { Date(timeIntervalSince1970: Double($0)) } }

    enum CodingKeys: String, CodingKey {
        case seasonID = "seasonId", number, year, startTimestamp = "startDate", endTimestamp = "endDate"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seasonID = try container.decode(Int.self, forKey: .seasonID)
        number = try container.decodeIfPresent(Int.self, forKey: .number)
        year = try container.decodeIfPresent(Int.self, forKey: .year)
        startTimestamp = try SC2Lenient.string(container, .startTimestamp).flatMap { Int64($0) }
        endTimestamp = try SC2Lenient.string(container, .endTimestamp).flatMap { Int64($0) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seasonID, forKey: .seasonID)
        try container.encodeIfPresent(number, forKey: .number)
        try container.encodeIfPresent(year, forKey: .year)
        try container.encodeIfPresent(startTimestamp.map(String.init), forKey: .startTimestamp)
        try container.encodeIfPresent(endTimestamp.map(String.init), forKey: .endTimestamp)
    }
}

/// A league's tiers and divisions, `GET /data/sc2/league/{seasonId}/{queueId}/{teamType}/{leagueId}` (answered in
/// namespace `prod`).
public struct SC2League: Codable, Hashable, Sendable {
    /// `self`.
    public var links: Links?
    /// Which league.
    public var key: Key?
    /// Its tiers (1-3), each with divisions.
    public var tier: [Tier]

    /// `_links`.
    public struct Links: Codable, Hashable, Sendable {
        /// This resource.
        public var current: Link?

        /// A link.
        public struct Link: Codable, Hashable, Sendable {
            /// Its URL.
            public var href: String

            /// Creates a link.
            public init(href: String) { self.href = href }
        }

        /// Creates links.
        public init(current: Link? = nil) { self.current = current }

        enum CodingKeys: String, CodingKey {
            case current = "self"
        }
    }

    /// The league's ids.
    public struct Key: Codable, Hashable, Sendable {
        /// The league (0 Bronze … 6 Grandmaster).
        public var leagueID: Int?
        /// The season.
        public var seasonID: Int?
        /// The queue (201 1v1).
        public var queueID: Int?
        /// 0 arranged, 1 random.
        public var teamType: Int?

        /// Creates a key.
        public init(leagueID: Int? = nil, seasonID: Int? = nil, queueID: Int? = nil, teamType: Int? = nil) {
            self.leagueID = leagueID
            self.seasonID = seasonID
            self.queueID = queueID
            self.teamType = teamType
        }

        enum CodingKeys: String, CodingKey {
            case leagueID = "league_id", seasonID = "season_id", queueID = "queue_id", teamType = "team_type"
        }
    }

    /// A tier.
    public struct Tier: Codable, Hashable, Sendable {
        /// The tier id (0 is tier 1).
        public var id: Int
        /// Its divisions.
        public var division: [Division]?

        /// A division: one ladder.
        public struct Division: Codable, Hashable, Sendable {
            /// The division id.
            public var id: Int
            /// Its ladder's id.
            public var ladderID: Int?
            /// How many teams are on it.
            public var memberCount: Int?

            /// Creates a division.
            public init(id: Int, ladderID: Int? = nil, memberCount: Int? = nil) {
                self.id = id
                self.ladderID = ladderID
                self.memberCount = memberCount
            }

            enum CodingKeys: String, CodingKey {
                case id, ladderID = "ladder_id", memberCount = "member_count"
            }
        }

        /// Creates a tier.
        public init(id: Int, division: [Division]? = nil) {
            self.id = id
            self.division = division
        }
    }

    /// Creates a league.
    public init(links: Links? = nil, key: Key? = nil, tier: [Tier] = []) {
        self.links = links
        self.key = key
        self.tier = tier
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", key, tier
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(Links.self, forKey: .links)
        key = try container.decodeIfPresent(Key.self, forKey: .key)
        tier = try container.decodeIfPresent([Tier].self, forKey: .tier) ?? []
    }
}

/// Values StarCraft II sends as strings or numbers.
enum SC2Lenient {
    /// The value at `key` as a string, whether sent as a string or an integer; nil when absent or null.
    static func string<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> String? {
        if let text = try? container.decodeIfPresent(String.self, forKey: key) { return text }
        return try container.decodeIfPresent(Int64.self, forKey: key).map(String.init)
    }
}
