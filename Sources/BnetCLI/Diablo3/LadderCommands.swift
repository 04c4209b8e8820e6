import ArgumentParser
import BattleNet
import BattleNetDiablo3
import BnetKit

/// `--namespace`, for the game-data commands.
struct NamespaceOption: ParsableArguments {
    @Option(help: "The game-data namespace, such as 2-6-eu (default: the region's own).")
    var namespace: String?
}

/// What tells `d3 season` and `d3 era` apart.
protocol LadderCommandKind {
    /// `season` or `era`.
    static var kind: D3LadderKind { get }
    /// The index of every season or era.
    static func index(_ client: Diablo3Client, namespace: String?) async throws -> D3LadderIndex
    /// One season or era.
    static func ladder(_ client: Diablo3Client, id: Int, namespace: String?) async throws -> D3Ladder
}

/// `d3 season`.
enum SeasonKind: LadderCommandKind {
    static let kind = D3LadderKind.season
    static func index(_ client: Diablo3Client, namespace: String?) async throws -> D3LadderIndex {
        try await client.seasons(namespace: namespace)
    }
    static func ladder(_ client: Diablo3Client, id: Int, namespace: String?) async throws -> D3Ladder {
        try await client.season(id, namespace: namespace)
    }
}

/// `d3 era`.
enum EraKind: LadderCommandKind {
    static let kind = D3LadderKind.era
    static func index(_ client: Diablo3Client, namespace: String?) async throws -> D3LadderIndex {
        try await client.eras(namespace: namespace)
    }
    static func ladder(_ client: Diablo3Client, id: Int, namespace: String?) async throws -> D3Ladder {
        try await client.era(id, namespace: namespace)
    }
}

/// `d3 season [ID]` and `d3 era [ID]`: the index, or one season or era and its leaderboards.
struct LadderCommand<Kind: LadderCommandKind>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let name = Kind.kind.rawValue
        return CommandConfiguration(
            commandName: name, abstract: "Show the \(name)s, or one \(name) and its leaderboards.",
            discussion: "Examples:\n  \(D3Group.prefix) \(name)\n  \(D3Group.prefix) \(name) 1 --region eu")
    }

    @Argument(help: "The number (default: every one).")
    var id: Int?

    @OptionGroup var namespace: NamespaceOption
    @OptionGroup var options: DataOptions

    func run() async throws {
        let hint = "`\(D3Group.prefix) \(Kind.kind.rawValue)` lists them."
        let namespace = namespace.namespace
        if let id {
            try await options.show(hint: hint, { try await Kind.ladder($0, id: id, namespace: namespace) },
                render: { $0.render($1) })
        } else {
            try await options.show(hint: hint, { try await Kind.index($0, namespace: namespace) },
                render: { $0.render($1) })
        }
    }
}

/// `d3 leaderboard BOARD (--season ID | --era ID) [--limit N]`: the top rows of a leaderboard.
struct LeaderboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leaderboard",
        abstract: "Show a season or era leaderboard: rank, rift level, time and players.",
        discussion: """
            Boards are listed by `\(D3Group.prefix) season ID` and `\(D3Group.prefix) era ID`: rift-barbarian, rift-hardcore-dh, rift-team-4, \
            achievement-points, conquest ids.

            Examples:
              \(D3Group.prefix) leaderboard rift-barbarian --season 19
              \(D3Group.prefix) leaderboard rift-wd --era 1 --limit 50 --json
            """)

    @Argument(help: "The board, such as rift-barbarian.")
    var board: String

    @Option(help: "The season of the board.")
    var season: Int?

    @Option(help: "The era of the board.")
    var era: Int?

    @Option(help: "How many rows to show; 0 for all.")
    var limit = 20

    @OptionGroup var namespace: NamespaceOption
    @OptionGroup var options: DataOptions

    func validate() throws {
        guard (season == nil) != (era == nil) else {
            throw ValidationError("Give exactly one of --season ID and --era ID.")
        }
        guard limit >= 0 else { throw ValidationError("--limit must be 0 (all) or more.") }
    }

    func run() async throws {
        let (board, season, era, limit, namespace) = (board, season, era, limit, namespace.namespace)
        let hint = season.map { "`\(D3Group.prefix) season \($0)` lists its boards." } ?? "`\(D3Group.prefix) era \(era ?? 0)` lists its boards."
        try await options.show(hint: hint, { client in
            var result = if let season {
                try await client.seasonLeaderboard(board, season: season, namespace: namespace)
            } else {
                try await client.eraLeaderboard(board, era: era ?? 0, namespace: namespace)
            }
            if limit > 0 { result.rows = Array(result.rows.prefix(limit)) }
            return result
        }, render: { $0.render($1) })
    }
}
