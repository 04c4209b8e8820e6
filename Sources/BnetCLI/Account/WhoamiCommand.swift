import ArgumentParser
import BattleNet
import BnetKit

/// `d3 whoami`: who is signed in for the region, and until when.
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show who is signed in for a region, and until when.",
        discussion: """
            Exits 3 when nobody is signed in for the region or the token has expired.

            Example:
              d3 whoami --region eu
            """)

    @OptionGroup var region: RegionOption

    func run() async throws {
        let context = try Context(region: region.region)
        let credential = try context.validCredential()
        let token = credential.token
        var lines = [
            ("BattleTag", token.battleTag?.description ?? "unknown"),
            ("Region", credential.region.rawValue),
            ("Works for", credential.regions.map(\.rawValue).joined(separator: ", ")),
        ]
        if let accountID = token.accountID { lines.append(("Account", String(accountID))) }
        lines += [("Relay", credential.relay), ("Expires", Formatting.minute(token.expiresAt))]
        for (label, value) in lines {
            Terminal.printLine(Formatting.padded(label, to: 11) + TerminalText.line(value))
        }
    }
}
