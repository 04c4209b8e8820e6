import ArgumentParser
import BattleNetStarCraft2
import BnetKit

/// `bnet sc2 ladder REGION REALM ID [LADDER]`: a profile's ladders, or one of them.
struct SC2LadderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ladder",
        abstract: "Show a profile's ladder summary, or one ladder: its teams, ranks, points and record.",
        discussion: """
            Without LADDER, the profile's ladder summary (showcase, placement matches, every ladder it is on, with \
            the id to give as LADDER); with it, that ladder's teams.

            Examples:
              bnet sc2 ladder 2 1 2137104
              bnet sc2 ladder 2 1 2137104 2200
              bnet sc2 ladder eu 1 2137104 2200 --json
            """)

    @OptionGroup var profile: SC2ProfileArguments

    @Argument(help: "A ladder id, as the summary lists them.")
    var ladder: Int?

    @OptionGroup var options: GameDataOptions

    func run() async throws {
        let (region, realm, id) = (profile.regionID, profile.realmID, profile.profileID)
        if let ladder {
            try await options.show(hint: "`bnet sc2 ladder \(profile.regionName) \(realm) \(id)` lists its ladders.", {
                try await StarCraft2Client(api: $0).ladder(regionID: region, realmID: realm, profileID: id, ladderID: ladder)
            }, render: { SC2Renderer(.terminal).ladder($0) })
        } else {
            try await options.show(hint: SC2ProfileArguments.hint, {
                try await StarCraft2Client(api: $0).ladderSummary(regionID: region, realmID: realm, profileID: id)
            }, render: { SC2Renderer(.terminal).ladderSummary($0) })
        }
    }
}

/// What `bnet sc2` shows of a whole region.
protocol SC2RegionKind {
    associatedtype Value
    /// The subcommand and its abstract.
    static var name: String { get }
    static var abstract: String { get }
    static func fetch(_ client: StarCraft2Client, region: Int) async throws -> Value
    static func render(_ value: Value, region: Int) -> String
}

/// `bnet sc2 grandmaster|season REGION`.
struct SC2RegionCommand<Kind: SC2RegionKind>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Kind.name, abstract: Kind.abstract,
            discussion: "Examples:\n  bnet sc2 \(Kind.name) 2\n  bnet sc2 \(Kind.name) us --json")
    }

    @Argument(help: SC2RegionID.help)
    var regionName: String

    @OptionGroup var options: GameDataOptions

    func validate() throws { _ = try SC2RegionID.parse(regionName) }

    func run() async throws {
        let region = try SC2RegionID.parse(regionName)
        try await options.show(hint: "the regions are 1, 2, 3 and 5.", gameData: true, {
            try await Kind.fetch(StarCraft2Client(api: $0), region: region)
        }, render: { Kind.render($0, region: region) })
    }
}

/// `bnet sc2 grandmaster REGION`: the region's grandmaster board.
enum SC2Grandmaster: SC2RegionKind {
    static let name = "grandmaster"
    static let abstract = "Show a region's grandmaster 1v1 board: rank, player, race, MMR, points, record."
    static func fetch(_ client: StarCraft2Client, region: Int) async throws -> SC2GrandmasterLeaderboard {
        try await client.grandmaster(regionID: region)
    }
    static func render(_ value: SC2GrandmasterLeaderboard, region: Int) -> String {
        SC2Renderer(.terminal).grandmaster(value, region: region)
    }
}

/// `bnet sc2 season REGION`: the current ladder season.
enum SC2CurrentSeason: SC2RegionKind {
    static let name = "season"
    static let abstract = "Show the current ladder season of a region: its id, number, start and end."
    static func fetch(_ client: StarCraft2Client, region: Int) async throws -> SC2Season {
        try await client.season(regionID: region)
    }
    static func render(_ value: SC2Season, region: Int) -> String { SC2Renderer(.terminal).season(value, region: region) }
}

/// `bnet sc2 league SEASON QUEUE TEAM LEAGUE`: one league's tiers and divisions.
struct SC2LeagueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "league",
        abstract: "Show one league of a season: its tiers, their divisions and ladder ids.",
        discussion: """
            QUEUE is 1-4 (Wings of Liberty 1v1-4v4), 101-104 (Heart of the Swarm), 201-204 (Legacy of the Void), \
            206 (Archon); TEAM 0 arranged, 1 random; LEAGUE 0 Bronze to 6 Grandmaster. `bnet sc2 season` names the \
            current season.

            Examples:
              bnet sc2 league 37 201 0 6
              bnet sc2 league 37 201 0 6 --json
            """)

    @Argument(help: "The season id.")
    var season: Int

    @Argument(help: "The queue id (201 is Legacy of the Void 1v1).")
    var queue: Int

    @Argument(help: "The team type: 0 arranged, 1 random.")
    var team: Int

    @Argument(help: "The league: 0 Bronze, 1 Silver, 2 Gold, 3 Platinum, 4 Diamond, 5 Master, 6 Grandmaster.")
    var league: Int

    @OptionGroup var options: GameDataOptions

    func validate() throws {
        guard [0, 1].contains(team) else { throw ValidationError("TEAM: give 0 (arranged) or 1 (random).") }
        guard (0...6).contains(league) else { throw ValidationError("LEAGUE: give 0 (Bronze) to 6 (Grandmaster).") }
    }

    func run() async throws {
        try await options.show(hint: "check the season (`bnet sc2 season REGION`) and the queue.", gameData: true, {
            try await StarCraft2Client(api: $0).league(seasonID: season, queueID: queue, teamType: team, leagueID: league)
        }, render: { SC2Renderer(.terminal).league($0) })
    }
}
