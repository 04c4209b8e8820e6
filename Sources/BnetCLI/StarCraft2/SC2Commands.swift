import ArgumentParser
import BattleNet
import BattleNetStarCraft2
import BnetKit
import Foundation

/// `bnet sc2 ...`: the signed-in player's StarCraft II profiles.
struct SC2Group: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sc2",
        abstract: "StarCraft II: your profiles, and a profile in full.",
        subcommands: [SC2ProfilesCommand.self, SC2ProfileCommand.self])
}

/// `--json` with the region and API options.
struct SC2Options: ParsableArguments {
    @Flag(help: "Print Battle.net's JSON answer exactly as it was sent, instead of text.")
    var json = false

    @OptionGroup var region: RegionOption
    @OptionGroup var api: APIOptions
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

    @OptionGroup var options: SC2Options

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

    @Argument(help: "The region id (1, 2, 3, 5) or name (us, eu, kr, tw, cn).")
    var regionID: String

    @Argument(help: "The realm id (1 or 2).")
    var realmID: Int

    @Argument(help: "The profile id.")
    var profileID: String

    @OptionGroup var options: SC2Options

    /// The region id of the argument.
    var sc2Region: Int? {
        if let number = Int(regionID), [1, 2, 3, 5].contains(number) { return number }
        return ["us": 1, "eu": 2, "kr": 3, "tw": 3, "cn": 5][regionID.lowercased()]
    }

    func validate() throws {
        guard sc2Region != nil else {
            throw ValidationError("\"\(regionID)\" is not a StarCraft II region: give 1, 2, 3 or 5 (or us, eu, kr, tw, cn).")
        }
        guard profileID.allSatisfy(\.isNumber), !profileID.isEmpty else {
            throw ValidationError("\"\(profileID)\" is not a profile id: give its number, as `bnet sc2 profiles` lists it.")
        }
    }

    func run() async throws {
        try await APIAccess.run(region: options.region, options: options.api) { access in
            let client = StarCraft2Client(api: access.api)
            let profile = try await client.profile(regionID: sc2Region ?? 1, realmID: realmID, profileID: profileID)
            if options.json {
                Terminal.write(access.answers.lastText)
            } else {
                Terminal.write(SC2Renderer(.terminal).profile(profile))
            }
        }
    }
}
