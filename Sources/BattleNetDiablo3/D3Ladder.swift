import BattleNet
import Foundation

/// Whether a game-data resource is about seasons or eras; they differ only in their key names.
public enum D3LadderKind: String, Codable, Hashable, Sendable {
    /// Seasons: `GET /data/d3/season/…`.
    case season
    /// Eras: `GET /data/d3/era/…`.
    case era
}

/// The season index (`GET /data/d3/season/`) or the era index (`GET /data/d3/era/`).
public struct D3LadderIndex: Codable, Hashable, Sendable {
    /// Seasons or eras.
    public var kind: D3LadderKind
    /// The season or era ids, read from the links, in the order sent.
    public var ids: [Int]
    /// The current season or era (`current_season`, `current_era`).
    public var current: Int?
    /// The season the service runs now (`service_current_season`; seasons only).
    public var serviceCurrent: Int?
    /// The service's season state, e.g. `active` (`service_season_state`; seasons only).
    public var serviceState: String?
    /// When the data was last updated, as sent (`Sat, 21 Dec 2019 15:41:00 UTC`).
    public var lastUpdateTime: String?

    /// Creates an index.
    public init(
        kind: D3LadderKind, ids: [Int], current: Int? = nil, serviceCurrent: Int? = nil, serviceState: String? = nil,
        lastUpdateTime: String? = nil
    ) {
        self.kind = kind
        self.ids = ids
        self.current = current
        self.serviceCurrent = serviceCurrent
        self.serviceState = serviceState
        self.lastUpdateTime = lastUpdateTime
    }

    /// Decodes either index: seasons when `season` or `current_season` is present, else eras.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: D3DynamicKey.self)
        kind = container.contains(D3DynamicKey("season")) || container.contains(D3DynamicKey("current_season"))
            ? .season : .era
        let links: [D3Link] = try container.d3Array(D3DynamicKey(kind.rawValue))
        ids = links.compactMap { Int($0.lastPathComponent) }
        current = try container.d3OptionalInt(D3DynamicKey("current_\(kind.rawValue)"))
        serviceCurrent = try container.d3OptionalInt(D3DynamicKey("service_current_season"))
        serviceState = try container.decodeIfPresent(String.self, forKey: D3DynamicKey("service_season_state"))
        lastUpdateTime = try container.decodeIfPresent(String.self, forKey: D3DynamicKey("last_update_time"))
    }

    /// Encodes Blizzard's shape, the links relative (`{"href": "1"}`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: D3DynamicKey.self)
        try container.encode(ids.map { D3Link(href: String($0)) }, forKey: D3DynamicKey(kind.rawValue))
        try container.encodeIfPresent(current, forKey: D3DynamicKey("current_\(kind.rawValue)"))
        try container.encodeIfPresent(serviceCurrent, forKey: D3DynamicKey("service_current_season"))
        try container.encodeIfPresent(serviceState, forKey: D3DynamicKey("service_season_state"))
        try container.encodeIfPresent(lastUpdateTime, forKey: D3DynamicKey("last_update_time"))
    }
}

/// One season (`GET /data/d3/season/{id}`) or era (`GET /data/d3/era/{id}`) and its leaderboards.
public struct D3Ladder: Codable, Hashable, Sendable {
    /// Season or era.
    public var kind: D3LadderKind
    /// The season or era id (`season_id`, `era_id`).
    public var id: Int
    /// When it started (`era_start_date`, `start_date`; epoch seconds), if sent.
    public var startDate: Date?
    /// When it ended (`era_end_date`, `end_date`), if it has.
    public var endDate: Date?
    /// Its leaderboards (none for a season that had none).
    public var leaderboards: [D3LeaderboardLink]
    /// When the data was last updated, as sent.
    public var lastUpdateTime: String?

    /// Creates a season or era.
    public init(
        kind: D3LadderKind, id: Int, startDate: Date? = nil, endDate: Date? = nil,
        leaderboards: [D3LeaderboardLink] = [], lastUpdateTime: String? = nil
    ) {
        self.kind = kind
        self.id = id
        self.startDate = startDate
        self.endDate = endDate
        self.leaderboards = leaderboards
        self.lastUpdateTime = lastUpdateTime
    }

    /// Decodes either: a season when `season_id` is present, else an era.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: D3DynamicKey.self)
        kind = container.contains(D3DynamicKey("season_id")) ? .season : .era
        id = try container.d3Int(D3DynamicKey("\(kind.rawValue)_id"))
        startDate = try container.d3OptionalDate(D3DynamicKey("\(kind.rawValue)_start_date"))
            ?? container.d3OptionalDate(D3DynamicKey("start_date"))
        endDate = try container.d3OptionalDate(D3DynamicKey("\(kind.rawValue)_end_date"))
            ?? container.d3OptionalDate(D3DynamicKey("end_date"))
        leaderboards = try container.d3Array(D3DynamicKey("leaderboard"))
        lastUpdateTime = try container.decodeIfPresent(String.self, forKey: D3DynamicKey("last_update_time"))
    }

    /// Encodes Blizzard's shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: D3DynamicKey.self)
        try container.encode(id, forKey: D3DynamicKey("\(kind.rawValue)_id"))
        let prefix = kind.rawValue
        if let startDate { try container.d3EncodeSeconds(startDate, forKey: D3DynamicKey("\(prefix)_start_date")) }
        if let endDate { try container.d3EncodeSeconds(endDate, forKey: D3DynamicKey("\(prefix)_end_date")) }
        try container.encode(leaderboards, forKey: D3DynamicKey("leaderboard"))
        try container.encodeIfPresent(lastUpdateTime, forKey: D3DynamicKey("last_update_time"))
    }
}

/// A leaderboard listed by a season or era.
public struct D3LeaderboardLink: Codable, Hashable, Sendable {
    /// The leaderboard's id for the leaderboard calls: `rift-barbarian`, `achievement-points`, a conquest id.
    public var board: String
    /// Players per team (1 for solo boards), if sent.
    public var teamSize: Int?
    /// Whether the board is hardcore.
    public var hardcore: Bool
    /// The class of a solo board (`barbarian`, `dh`, `wd`, …), if sent.
    public var heroClass: String?

    /// Creates a link.
    public init(board: String, teamSize: Int? = nil, hardcore: Bool = false, heroClass: String? = nil) {
        self.board = board
        self.teamSize = teamSize
        self.hardcore = hardcore
        self.heroClass = heroClass
    }

    private enum CodingKeys: String, CodingKey {
        case ladder, teamSize = "team_size", hardcore, heroClass = "hero_class_string"
    }

    /// Decodes `{"ladder": {"href": …}, "team_size": …, "hardcore": …, "hero_class_string": …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        board = try container.d3Value(.ladder, default: D3Link(href: "")).lastPathComponent
        teamSize = try container.d3OptionalInt(.teamSize)
        hardcore = try container.d3Bool(.hardcore)
        heroClass = try container.decodeIfPresent(String.self, forKey: .heroClass)
    }

    /// Encodes Blizzard's shape, the link relative (`{"href": "rift-barbarian"}`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(D3Link(href: board), forKey: .ladder)
        try container.encodeIfPresent(teamSize, forKey: .teamSize)
        try container.encode(hardcore, forKey: .hardcore)
        try container.encodeIfPresent(heroClass, forKey: .heroClass)
    }
}

/// A game-data link, `{"href": "https://eu.api.blizzard.com/data/d3/season/1?namespace=2-6-EU"}`.
struct D3Link: Codable, Hashable {
    var href: String

    /// The last path component without the query: `1`, `rift-barbarian`.
    var lastPathComponent: String {
        let path = href.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return path.split(separator: "/").last.map(String.init) ?? ""
    }
}
