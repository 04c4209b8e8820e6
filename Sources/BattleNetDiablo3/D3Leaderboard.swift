import BattleNet
import Foundation

/// A season or era leaderboard, `GET /data/d3/{season|era}/{id}/leaderboard/{board}`.
///
/// Rows keep Blizzard's shape (a list of `{"id": …, "number"|"string"|"timestamp": …}` cells) so columns
/// this library does not know survive; the common ones have typed accessors (``D3LeaderboardRow/rank``).
public struct D3Leaderboard: Codable, Hashable, Sendable {
    /// Localized title, e.g. `Witch Doctor Greater Rift`.
    public var title: String
    /// Blizzard's board key, e.g. `6:3`.
    public var key: String?
    /// The season, for a season board.
    public var season: Int?
    /// The era, for an era board.
    public var era: Int?
    /// Whether it is a greater rift board.
    public var greaterRift: Bool
    /// The class of a solo greater rift board (`wd`, `barbarian`, …).
    public var greaterRiftSoloClass: String?
    /// Players per team of a team greater rift board.
    public var greaterRiftTeamSize: Int?
    /// Whether it is a conquest board.
    public var conquest: Bool
    /// A conquest's localized description.
    public var conquestDescription: String?
    /// When the board was last updated, as sent.
    public var lastUpdateTime: String?
    /// The rows, best first.
    public var rows: [D3LeaderboardRow]

    /// Creates a leaderboard.
    public init(
        title: String, key: String? = nil, season: Int? = nil, era: Int? = nil, greaterRift: Bool = false,
        greaterRiftSoloClass: String? = nil, greaterRiftTeamSize: Int? = nil, conquest: Bool = false,
        conquestDescription: String? = nil, lastUpdateTime: String? = nil, rows: [D3LeaderboardRow] = []
    ) {
        self.title = title
        self.key = key
        self.season = season
        self.era = era
        self.greaterRift = greaterRift
        self.greaterRiftSoloClass = greaterRiftSoloClass
        self.greaterRiftTeamSize = greaterRiftTeamSize
        self.conquest = conquest
        self.conquestDescription = conquestDescription
        self.lastUpdateTime = lastUpdateTime
        self.rows = rows
    }

    private enum CodingKeys: String, CodingKey {
        case title, key, season, era, conquest, rows = "row"
        case greaterRift = "greater_rift", greaterRiftSoloClass = "greater_rift_solo_class"
        case greaterRiftTeamSize = "greater_rift_team_size", conquestDescription = "conquest_desc"
        case lastUpdateTime = "last_update_time"
    }

    /// Decodes leniently; absent rows are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.d3String(.title)
        key = try container.decodeIfPresent(String.self, forKey: .key)
        season = try container.d3OptionalInt(.season)
        era = try container.d3OptionalInt(.era)
        greaterRift = try container.d3Bool(.greaterRift)
        greaterRiftSoloClass = try container.decodeIfPresent(String.self, forKey: .greaterRiftSoloClass)
        greaterRiftTeamSize = try container.d3OptionalInt(.greaterRiftTeamSize)
        conquest = try container.d3Bool(.conquest)
        conquestDescription = try container.decodeIfPresent(String.self, forKey: .conquestDescription)
        lastUpdateTime = try container.decodeIfPresent(String.self, forKey: .lastUpdateTime)
        rows = try container.d3Array(.rows)
    }
}

/// A leaderboard row: its cells and its players (several on team boards).
public struct D3LeaderboardRow: Codable, Hashable, Sendable {
    /// The row's position as sent (`order`).
    public var order: Int
    /// The row's cells: `Rank`, `RiftLevel`, `RiftTime`, `CompletedTime`, `BattleTag`, …
    public var data: [D3LeaderboardCell]
    /// The players of the row.
    public var players: [D3LeaderboardPlayer]

    /// Creates a row.
    public init(order: Int, data: [D3LeaderboardCell] = [], players: [D3LeaderboardPlayer] = []) {
        self.order = order
        self.data = data
        self.players = players
    }

    private enum CodingKeys: String, CodingKey {
        case order, data, players = "player"
    }

    /// Decodes leniently; absent lists are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        order = try container.d3Int(.order)
        data = try container.d3Array(.data)
        players = try container.d3Array(.players)
    }

    /// The rank (`Rank`); nil on a row tied with the one before, which Blizzard sends without one.
    public var rank: Int? { data.number("Rank") }
    /// The greater rift level (`RiftLevel`), on rift boards.
    public var riftLevel: Int? { data.number("RiftLevel") }
    /// The time the rift took (`RiftTime`, milliseconds), on rift boards.
    public var riftTime: Duration? { data.number("RiftTime").map { .milliseconds($0) } }
    /// When the run or the conquest was completed (`CompletedTime`).
    public var completedTime: Date? {
        data.number("CompletedTime").map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }
    /// The row's BattleTag (`BattleTag`), when it names one.
    public var battleTag: String? { data.string("BattleTag") }
    /// Achievement points, on the achievement board.
    public var achievementPoints: Int? { data.number("AchievementPoints") }
}

/// A player of a leaderboard row.
public struct D3LeaderboardPlayer: Codable, Hashable, Sendable {
    /// Blizzard's player key.
    public var key: String?
    /// The game account id.
    public var accountId: Int?
    /// The player's cells: `HeroBattleTag`, `HeroClass`, `HeroLevel`, `ParagonLevel`, `HeroClanTag`, …
    public var data: [D3LeaderboardCell]

    /// Creates a player.
    public init(key: String? = nil, accountId: Int? = nil, data: [D3LeaderboardCell] = []) {
        self.key = key
        self.accountId = accountId
        self.data = data
    }

    private enum CodingKeys: String, CodingKey {
        case key, accountId, data
    }

    /// Decodes leniently; absent cells are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decodeIfPresent(String.self, forKey: .key)
        accountId = try container.d3OptionalInt(.accountId)
        data = try container.d3Array(.data)
    }

    /// The player's BattleTag (`HeroBattleTag`).
    public var battleTag: String? { data.string("HeroBattleTag") }
    /// The hero's class as sent, e.g. `demon hunter`.
    public var heroClass: String? { data.string("HeroClass") }
    /// The hero's level.
    public var level: Int? { data.number("HeroLevel") }
    /// The player's paragon level.
    public var paragonLevel: Int? { data.number("ParagonLevel") }
    /// The clan tag, if in a clan.
    public var clanTag: String? { data.string("HeroClanTag") }
    /// The clan name, if in a clan.
    public var clanName: String? { data.string("ClanName") }
    /// The hero's id, when sent.
    public var heroID: Int? { data.number("HeroId") }
}

/// One leaderboard cell: an `id` and a `number`, `string` or `timestamp` value.
public struct D3LeaderboardCell: Codable, Hashable, Sendable {
    /// The column id, e.g. `Rank`.
    public var id: String
    /// A numeric value (`number` or `timestamp`).
    public var number: Int?
    /// A text value.
    public var string: String?
    /// Whether the number came as a `timestamp` (milliseconds) rather than a `number`.
    public var isTimestamp: Bool

    /// Creates a cell.
    public init(id: String, number: Int? = nil, string: String? = nil, isTimestamp: Bool = false) {
        self.id = id
        self.number = number
        self.string = string
        self.isTimestamp = isTimestamp
    }

    private enum CodingKeys: String, CodingKey {
        case id, number, string, timestamp
    }

    /// Decodes leniently; numbers may be sent as `70.0`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.d3String(.id)
        string = try container.decodeIfPresent(String.self, forKey: .string)
        let timestamp = try container.d3OptionalInt(.timestamp)
        isTimestamp = timestamp != nil
        number = try timestamp ?? container.d3OptionalInt(.number)
    }

    /// Encodes Blizzard's shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(string, forKey: .string)
        try container.encodeIfPresent(number, forKey: isTimestamp ? .timestamp : .number)
    }
}

extension [D3LeaderboardCell] {
    func number(_ id: String) -> Int? { first { $0.id == id }?.number }
    func string(_ id: String) -> String? { first { $0.id == id }?.string }
}
