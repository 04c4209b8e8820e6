import ArgumentParser
import BattleNet
import BnetKit

/// `bnet account list|switch`: the accounts signed in at the region's OAuth host, and which is the default.
struct AccountGroup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "List the accounts signed in, or switch the default one.",
        discussion: """
            Each `bnet login` as another account keeps the accounts signed in before it; the last one is the \
            default, which every command uses unless --account or BNET_ACCOUNT names another.
            """,
        subcommands: [AccountListCommand.self, AccountSwitchCommand.self])
}

/// `bnet account list`.
struct AccountListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the accounts signed in for a region, the default first (marked *).",
        discussion: "Example:\n  bnet account list --region eu")

    @OptionGroup var region: RegionOption

    func run() async throws {
        let context = try Context(region: region.region)
        let accounts = try context.store.accounts(region: context.settings.region)
        guard !accounts.isEmpty else { throw CLIFailure.notSignedIn(context.settings.region, program: context.program) }
        var table = TextTable(headers: ["", "Account", "Relay", "Expires"])
        for (index, credential) in accounts.enumerated() {
            let expiry = credential.token.expiresAt
            table.rows.append([
                index == 0 ? "*" : "", credential.account ?? "unknown", credential.relay,
                Formatting.minute(expiry) + " (\(Formatting.remaining(until: expiry)))",
            ])
        }
        Terminal.write(table.render(width: Terminal.columns).joined(separator: "\n") + "\n")
    }
}

/// `bnet account switch BATTLETAG`.
struct AccountSwitchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract: "Make another signed-in account the default.",
        discussion: "Example:\n  bnet account switch FaYe#2543")

    @Argument(help: "The account's BattleTag, as `bnet account list` shows it.")
    var account: String

    @OptionGroup var region: RegionOption

    func run() async throws {
        let context = try Context(region: region.region)
        guard try context.store.makeDefault(account, region: context.settings.region) else {
            throw CLIFailure(.notFound, "\(account) is not signed in for region \(context.settings.region): "
                + "`bnet account list` lists the accounts that are.")
        }
        Terminal.printLine("\(account) is now the default account.")
    }
}
