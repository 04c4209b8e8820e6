import ArgumentParser
import BattleNet
import BattleNetStarCraft2
import BnetKit
import Foundation

/// `bnet sc2 ...`: the signed-in player's StarCraft II profiles.
struct SC2Group: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sc2",
        abstract: "StarCraft II: your profiles, a profile in full, its ladders, the grandmaster board, seasons, leagues.",
        subcommands: [
            SC2ProfilesCommand.self, SC2ProfileCommand.self, SC2LadderCommand.self, SC2RegionCommand<SC2Grandmaster>.self,
            SC2RegionCommand<SC2CurrentSeason>.self, SC2LeagueCommand.self,
        ])
}

/// `bnet sc2 profiles`: the profiles of the signed-in account.
struct SC2ProfilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "List the StarCraft II profiles of your account (or of --account).",
        discussion: """
            The account id comes from the sign-in (`bnet whoami` shows it); the lookup is \
            GET /sc2/player/{accountId}, which Blizzard documents for a sign-in with sc2.profile.

            Examples:
              bnet sc2 profiles
              bnet sc2 profiles --json
            """)

    @Option(help: "Another Battle.net account id to look up.")
    var account: Int?

    @OptionGroup var options: GameDataOptions

    func run() async throws {
        try await APIAccess.run(region: options.region, options: options.api) { access in
            let region = access.context.settings.region
            guard let id = account ?? access.credential?.token.accountID else {
                throw CLIFailure(.notSignedIn, access.credential == nil
                    ? "Your StarCraft II profiles need a player's sign-in (it names the account): run "
                        + "`\(GameScopes.loginCommand(region))`, or give --account ID."
                    : "The sign-in for region \(region) does not name its account id: run "
                        + "`\(GameScopes.loginCommand(region))` again, or give --account ID.")
            }
            let client = StarCraft2Client(api: access.api)
            let profiles = try await GameScopes.mapping(
                StarCraft2Client.scope, for: "StarCraft II account data", access: access, region: region
            ) { try await client.profiles(accountID: id) }
            if options.json {
                Terminal.write(access.answers.lastText)
            } else {
                Terminal.write(SC2Renderer(.terminal).profiles(profiles))
            }
        }
    }
}

/// `bnet sc2 profile REGION REALM ID`: one profile.
struct SC2ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show a StarCraft II profile: levels, career, this season's ladder.",
        discussion: """
            REGION is StarCraft II's region id (1 Americas, 2 Europe, 3 Korea and Taiwan, 5 China) or us, eu, \
            kr, tw, cn; `bnet sc2 profiles` lists the three values of each of your profiles.

            Examples:
              bnet sc2 profile 2 1 2137104
              bnet sc2 profile eu 1 2137104 --json | jq .summary
            """)

    @OptionGroup var profile: SC2ProfileArguments

    @OptionGroup var options: GameDataOptions

    func run() async throws {
        try await options.show(hint: SC2ProfileArguments.hint, {
            try await StarCraft2Client(api: $0).profile(
                regionID: profile.regionID, realmID: profile.realmID, profileID: profile.profileID)
        }, render: { SC2Renderer(.terminal).profile($0) })
    }
}
