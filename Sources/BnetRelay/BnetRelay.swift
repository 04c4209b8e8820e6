import ArgumentParser
import RelayApp

@main
struct BnetRelay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnet-relay",
        abstract: "Battle.net sign-in for command-line tools and apps: a device-flow and custom-scheme relay.",
        discussion: """
            Without BNET_CLIENT_ID and BNET_CLIENT_SECRET, `serve` runs in sandbox mode against a built-in
            Battle.net emulator. See README.md for the protocol and deploy/README.md for production.
            """,
        version: RelayVersion.current,
        subcommands: [Serve.self, CheckConfig.self, Keygen.self, Logins.self, Backup.self],
        defaultSubcommand: Serve.self)
}
