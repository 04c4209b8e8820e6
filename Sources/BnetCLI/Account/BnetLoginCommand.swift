import ArgumentParser
import BattleNet
import BnetKit
import Foundation

/// `bnet login`: `d3 login` asking for every game's scopes, or those of `--scope`.
struct BnetLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to Battle.net through the relay, for every game.",
        discussion: """
            Where a browser can be opened here ($BROWSER, open on macOS, xdg-open with a display; not over SSH) \
            and the relay offers its authorization endpoint, signs in through the browser on this machine with no \
            code to type: Battle.net, then Continue on the relay's page, and the browser comes back to \
            http://127.0.0.1:PORT/callback. Otherwise, or with --no-browser or --qr, or when the browser does not \
            come back within BNET_BROWSER_WAIT seconds (120), shows a code and a link to approve in any browser, on \
            any device. By default the sign-in asks for every game's scope: openid \
            d3.profile wow.profile sc2.profile (a relay that allows fewer is asked for its default ones instead, \
            and says so). --scope asks for exactly the scopes given. Without --relay (or BNET_RELAY_URL, or \
            config.json), it signs in at the relay of the region's last sign-in, as the app bnet where the relay \
            serves it and as d3 elsewhere. The token is saved in \
            credentials-<oauth host>.json (mode 0600) and serves every game and the regions us, eu, kr and tw; \
            signing in as another account keeps the one before (bnet account list), and signing in again as the \
            same account revokes the token it replaces.

            Examples:
              bnet login --region eu
              bnet login --scope 'openid wow.profile'
              bnet login --relay https://relay.example.com --no-browser --qr
            """)

    @OptionGroup var relay: RelayOption
    @OptionGroup var region: RegionOption

    @Option(help: "The client id registered at the relay (default: bnet where the relay serves it, else d3).")
    var clientID: String?

    @Option(help: ArgumentHelp(
        "The scopes to ask for, space-separated (default: every game's).", valueName: "scopes"))
    var scope: String?

    @Flag(help: "Do not open a browser; sign in with the printed code and link.")
    var noBrowser = false

    @Flag(help: "Also show the link as a QR code, to sign in with a phone.")
    var qr = false

    func validate() throws {
        if let scope, scope.split(separator: " ").isEmpty {
            throw ValidationError("--scope: give one or more scopes, such as 'openid wow.profile'.")
        }
    }

    func run() async throws {
        let context = try Context(
            region: region.region, relay: relay.relay, allowInsecureRelay: relay.allowInsecureRelay)
        if let given = context.givenToken { throw given.refusal("sign in", program: context.program) }
        var login = DeviceLogin(context.program, given: clientID, openBrowser: !noBrowser, qr: qr)
        if let scope { login.scopes = scope.split(separator: " ").map(String.init) }
        try await context.signingIn {
            try await login.run(context: context, relayURL: context.loginRelay())
        }
    }
}
