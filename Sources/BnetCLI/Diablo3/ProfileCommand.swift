import ArgumentParser
import BattleNet
import BattleNetDiablo3
import BnetKit

/// `d3 profile`: an account's paragon levels, kills, time played and heroes.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show a Diablo III account profile: paragon, kills, time played per class, heroes.",
        discussion: """
            Without a BattleTag, shows the signed-in player's own profile. BattleTags are case-sensitive.

            Examples:
              \(D3Group.prefix) profile
              \(D3Group.prefix) profile FaYe#2543 --region eu
              \(D3Group.prefix) profile 'FaYe#2543' --json | jq '.heroes[].name'
            """)

    @Argument(help: "The account, such as Name#1234 (default: the signed-in player).", transform: { try BattleTag(parsing: $0) })
    var battleTag: BattleTag?

    @Flag(help: "Print Battle.net's JSON answer exactly as it was sent, instead of text.")
    var json = false

    @OptionGroup var region: RegionOption
    @OptionGroup var api: APIOptions

    func run() async throws {
        try await APIAccess.run(region: region, options: api) { access in
            let context = access.context
            guard let tag = battleTag ?? access.credential?.token.battleTag else {
                throw CLIFailure(.usage, "No BattleTag given, and the sign-in for region \(context.settings.region) "
                    + "does not name one: give one, as in `\(D3Group.prefix) profile Name#1234`.")
            }
            let profile = try await Diablo3Client(api: access.api).profile(tag)
            if json {
                Terminal.write(access.answers.lastText)
            } else {
                Terminal.write(ProfileRenderer(.terminal).render(profile, requested: tag))
            }
        }
    }
}
