import ArgumentParser
import BattleNet
import BnetKit

/// `bnet token`: prints the access token alone, for scripts.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print the signed-in player's access token, for scripts.",
        discussion: """
            Prints only the token, so it can be captured. Treat it as a password: anyone holding it can read \
            this account's data until it expires. Exits 3 when not signed in or expired. \
            \(Program.running.variable("TOKEN")), when set, is the token every command uses instead of a \
            stored sign-in, and nothing is stored.

            Example:
              curl -H "Authorization: Bearer $(\(Program.running.command("token --region eu")))" \\
                "https://eu.api.blizzard.com/d3/profile/FaYe-2543/"
            """)

    @OptionGroup var region: RegionOption
    @OptionGroup var account: AccountOption

    func run() async throws {
        let context = try Context(region: region.region, account: account.account)
        Terminal.printLine(TerminalText.line(try context.validCredential().token.value))
    }
}
