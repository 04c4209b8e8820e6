import ArgumentParser
import BattleNet
import BnetKit

/// `bnet whoami`: who is signed in for the region, where, for which scopes, and how long the token has left.
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show who is signed in for a region, and how long the token has left.",
        discussion: """
            --json prints one object with every key present (null when unknown): account, battletag, region, \
            regions, relay, scopes, expires_at (ISO 8601, UTC), expires_in (seconds) and source ("stored", or \
            \(Program.running.variable("TOKEN")) when that variable gives the token). Exits 3 when nobody is \
            signed in for the region or the token has expired.

            Examples:
              \(Program.running.command("whoami --region eu"))
              \(Program.running.command("whoami --json | jq .expires_in"))
            """)

    @OptionGroup var region: RegionOption
    @OptionGroup var account: AccountOption

    @Flag(help: "Print the sign-in as one JSON object, for scripts.")
    var json = false

    func run() async throws {
        let context = try Context(region: region.region, account: account.account)
        let credential = try context.validCredential()
        if let given = context.givenToken {
            let status = SignInStatus(givenIn: given.variable, region: context.settings.region)
            Terminal.write(json ? status.json() : "Token      from \(given.variable), not stored; who it belongs to "
                + "and until when are not known here.\n")
            return
        }
        if json {
            Terminal.write(SignInStatus(credential).json())
            return
        }
        let token = credential.token
        var lines = [
            ("BattleTag", token.battleTag?.description ?? "unknown"),
            ("Region", credential.region.rawValue),
            ("Works for", credential.regions.map(\.rawValue).joined(separator: ", ")),
        ]
        if let accountID = token.accountID { lines.append(("Account", String(accountID))) }
        lines.append(("Relay", credential.relay))
        if !token.scopes.isEmpty { lines.append(("Scopes", token.scopes.joined(separator: " "))) }
        lines.append(("Expires", Formatting.minute(token.expiresAt)
            + " (in \(Formatting.remaining(until: token.expiresAt)))"))
        for (label, value) in lines {
            Terminal.printLine(Formatting.padded(label, to: 11) + TerminalText.line(value))
        }
    }
}
