import ArgumentParser
import BattleNet
import BattleNetHTTPClient
import D3Kit
import Foundation

/// `d3 login`: signs in through the relay with the device flow (RFC 8628) and saves the token.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to Battle.net through the relay.",
        discussion: """
            Shows a code and a link; approve the sign-in in any browser, on any device. The token is saved \
            in credentials-<region>.json (mode 0600). Press Ctrl-C to give up.

            Examples:
              d3 login --region eu
              d3 login --relay https://relay.example.com --no-browser
            """)

    @OptionGroup var relay: RelayOption
    @OptionGroup var region: RegionOption

    @Option(help: "The client id registered at the relay.")
    var clientID = "d3"

    @Flag(help: "Do not open a browser; only print the link.")
    var noBrowser = false

    func run() async throws {
        let context = try Context(region: region.region, relay: relay.relay)
        let relayURL = context.settings.relay
        do {
            try await login(context: context, relayURL: relayURL)
        } catch is CancellationError {
            throw CLIFailure(.interrupted, "Sign-in cancelled.")
        } catch {
            throw CLIFailure.from(error, relay: relayURL)
        }
    }

    private func login(context: Context, relayURL: URL) async throws {
        let transport = AsyncHTTPClientTransport.shared
        let client = try await DeviceFlowClient.discover(relayURL: relayURL, transport: transport)
        let authorization = try await client.start(clientID: clientID)
        Terminal.printLine("To sign in, open \(authorization.verificationURI.absoluteString) and enter the code:")
        Terminal.printLine("")
        Terminal.printLine("    \(Terminal.outputStyle.bold(authorization.userCode))")
        Terminal.printLine("")
        if let complete = authorization.verificationURIComplete {
            Terminal.printLine("Or open \(complete.absoluteString)")
        }
        let link = authorization.verificationURIComplete ?? authorization.verificationURI
        if !noBrowser, Browser.hasDisplay(environment: context.environment), Browser.open(link) {
            Terminal.printLine("Opening your browser...")
        }
        let spinner = Spinner("Waiting for approval...")
        let result: DeviceFlowToken
        do {
            result = try await client.waitForToken(authorization: authorization)
            await spinner.stop()
        } catch {
            await spinner.stop()
            throw error
        }
        let region = result.region.flatMap(Region.init(name:)) ?? context.settings.region
        try context.store.save(StoredCredential(region: region, relay: relayURL.absoluteString, token: result.token))
        let who = result.token.battleTag.map { "Signed in as \($0)" } ?? "Signed in"
        Terminal.printLine("\(who) (\(region)), token valid until \(Formatting.minute(result.token.expiresAt))")
    }
}
