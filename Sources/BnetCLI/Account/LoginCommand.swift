import ArgumentParser
import BattleNet
import BattleNetHTTPClient
import BnetKit
import Foundation

/// `d3 login` (and, asking for every game's scopes, `bnet login`): signs in through the relay, through the browser
/// on this machine when it can (the relay sends the browser back to a loopback address) and otherwise with the
/// device flow's code (RFC 8628), and saves the token.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to Battle.net through the relay.",
        discussion: """
            Where a browser can be opened here ($BROWSER, open on macOS, xdg-open with a display; not over SSH) \
            and the relay offers its authorization endpoint, opens the browser at it (authorization code with \
            PKCE): Battle.net, then one relay page to Continue, and the browser comes back to this machine \
            (http://127.0.0.1:PORT/callback), with no code to type. Otherwise, or with --no-browser or --qr, or when \
            the browser does not come back within the time shown (\(Program.running.variable("BROWSER_WAIT")), 120 s \
            by default), shows a code and a link (the browser, if any, opens the page without the code); approve the \
            sign-in in any browser, on any device. The token is saved \
            in credentials-<oauth host>.json (mode 0600). One sign-in at Battle.net's shared OAuth host is good \
            for us, eu, kr and tw, so any relay of those regions signs in players of all four, and every \
            command uses it for each of them. Press Ctrl-C to give up.

            The relay must use https, or plain http on this machine (localhost, 127.0.0.0/8, ::1), unless \
            --allow-insecure-relay or \(RelayPolicy.allowInsecureVariable(.running))=1 is given. Only a link on the relay's own \
            origin is shown or opened; any other link ends the sign-in.

            With --qr, the link with the code filled in is also shown as a QR code (RFC 8628 section 3.3.1), to \
            scan with a phone: handy when \(Program.running.name) runs on another machine, over SSH.

            Examples:
              \(Program.running.login(.eu))
              \(Program.running.name) login --relay https://relay.example.com --no-browser --qr
            """)

    @OptionGroup var relay: RelayOption
    @OptionGroup var region: RegionOption

    @Option(help: "The client id registered at the relay (default: d3).")
    var clientID: String?

    @Flag(help: "Do not open a browser; sign in with the printed code and link.")
    var noBrowser = false

    @Flag(help: "Also show the link as a QR code, to sign in with a phone.")
    var qr = false

    func run() async throws {
        let context = try Context(
            region: region.region, relay: relay.relay, allowInsecureRelay: relay.allowInsecureRelay)
        if let given = context.givenToken { throw given.refusal("sign in", program: context.program) }
        try await context.signingIn {
            try await DeviceLogin(context.program, given: clientID, openBrowser: !noBrowser, qr: qr)
                .run(context: context, relayURL: context.loginRelay())
        }
    }
}

/// One sign-in with the device flow, as `d3 login` and a command that offers to sign in again run it.
struct DeviceLogin {
    /// The app to sign in as.
    var clientID: String
    /// The app to sign in as instead at a relay that does not serve ``clientID``: `d3`, which every relay serves by default.
    var fallbackClientID: String?
    let openBrowser: Bool
    let qr: Bool
    /// The scopes asked for; none leaves them to the relay (`bnet` asks for every game's: ``GameScopes``).
    var scopes: [String] = GameScopes.loginDefault
    /// A renewal the command announced in one line: nothing more is printed unless it falls back to the code.
    var quiet = false

    /// Signs in at `relayURL` for the context's region and saves the credential.
    func run(context: Context, relayURL: URL) async throws {
        try RelayPolicy.checkTransport(
            relayURL, allowInsecure: context.settings.allowInsecureRelay, program: context.program)
        do {
            try await login(context: context, relayURL: relayURL)
        } catch is CancellationError {
            throw CLIFailure(.interrupted, "Sign-in cancelled.")
        } catch {
            throw CLIFailure.from(error, relay: relayURL, relayIsSetting: true, program: context.program)
        }
    }

    private func login(context: Context, relayURL: URL) async throws {
        let transport = AsyncHTTPClientTransport.shared
        let client = try await DeviceFlowClient.discover(relayURL: relayURL, transport: transport)
        try RelayPolicy.checkEndpoints(client.endpoints, relay: relayURL, program: context.program)
        let region = context.settings.region
        if !client.endpoints.regions.isEmpty, !client.endpoints.regions.contains(region) {
            throw Self.wrongRegion(region, relayRegions: client.endpoints.regions, relay: relayURL)
        }
        var login = self
        if let fallback = fallbackClientID, await !Self.serves(clientID, at: client.endpoints, transport: transport) {
            login.clientID = fallback
        }
        let launcher = openBrowser && !qr ? Browser.launcher(environment: context.environment) : nil
        if let launcher, let authorizationURL = client.endpoints.authorizationURL,
            let result = try await login.signInThroughBrowser(
                at: authorizationURL, endpoints: client.endpoints, launcher: launcher, context: context)
        {
            try login.save(result, route: .browser, context: context, client: client, relayURL: relayURL)
            return
        }
        try await login.signInWithCode(client, context: context, relayURL: relayURL)
    }

    /// Whether the relay serves `app` with the CLI's loopback return: its authorization endpoint answers a request
    /// without `response_type` (which starts no login) with a redirect to that return, where it shows an app it
    /// does not serve a page. A relay without the endpoint predates the `bnet` app.
    private static func serves(_ app: String, at endpoints: DeviceFlowEndpoints, transport: some HTTPTransport) async -> Bool {
        guard let endpoint = endpoints.authorizationURL else { return false }
        let redirect = "http://127.0.0.1:1/callback"
        let probe = endpoint.appendingQuery([("client_id", app), ("redirect_uri", redirect)])
        guard let response = try? await transport.send(TransportRequest(url: probe, maxResponseBytes: 64 << 10)) else {
            return false
        }
        return (300..<400).contains(response.status) && response.header("Location")?.hasPrefix(redirect + "?") == true
    }

    /// The device flow's sign-in: the printed code and link (and QR code), then the wait for approval. The browser
    /// is opened at the verification page without the code (the person types it): a command's arguments can be
    /// read by every local user.
    private func signInWithCode(_ client: DeviceFlowClient, context: Context, relayURL: URL) async throws {
        let authorization = try await client.start(clientID: clientID, asking: scopes, relay: relayURL)
        let link = try RelayPolicy.verificationLink(for: authorization, relay: relayURL, program: context.program)
        Terminal.write(LoginMessages.instructions(authorization, style: Terminal.outputStyle))
        if qr {
            // The link is at most a few dozen bytes; a relay that sends a longer one gets no QR code, only the link.
            if let code = try? QRCode(link.absoluteString) {
                Terminal.write("Or scan this with a phone:\n" + code.text(colours: Terminal.outputStyle.enabled))
            } else {
                Terminal.printError("\(context.program.name): the sign-in link is too long for a QR code; open it instead.")
            }
        }
        if openBrowser, let launcher = Browser.launcher(environment: context.environment),
            Browser.open(authorization.verificationURI, with: launcher)
        {
            Terminal.printLine("Opening your browser at the sign-in page; enter the code above there...")
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
        try save(result, route: .code, context: context, client: client, relayURL: relayURL)
    }

    /// Saves the sign-in with how it came back, and says who signed in. Never inlined: inlined into the async
    /// `login(context:relayURL:)`, Swift 6.3.1's optimizer crashed (signal 11 splitting the coroutine, release builds).
    @inline(never)
    private func save(
        _ result: DeviceFlowToken, route: SignInRoute, context: Context, client: DeviceFlowClient, relayURL: URL
    ) throws {
        let region = context.settings.region
        let regions = Self.regions(of: result, relayRegion: region)
        guard regions.contains(region) else { throw Self.wrongRegion(region, relayRegions: regions, relay: relayURL) }
        try context.store.save(StoredCredential(
            region: region, regions: regions, relay: relayURL.absoluteString, token: result.token,
            apiURL: RelayPolicy.sandboxAPIURL(client.endpoints, relay: relayURL)?.absoluteString, route: route,
            gateway: RelayPolicy.gatewayURL(client.endpoints, relay: relayURL)?.absoluteString, clientID: clientID))
        Terminal.printLine(LoginMessages.signedIn(result.token, region: region, regions: regions))
    }

    /// The refusal of a sign-in for `region` at a relay whose tokens work only for `relayRegions`; for China, with
    /// why hardly any relay serves it.
    private static func wrongRegion(_ region: Region, relayRegions: [Region], relay: URL) -> CLIFailure {
        let china = region == .cn
            ? " \(CLIFailure.chinaNote) Only a relay whose operator holds a client China accepts signs in for cn."
            : ""
        let served = (relayRegions.count == 1 ? "region " : "regions ")
            + relayRegions.map(\.rawValue).joined(separator: ", ")
        return CLIFailure(.failure, "The relay at \(relay.absoluteString) signs in players of \(served); its "
            + "tokens do not work for region \(region), so nothing was saved. Use a relay set up for \(region), or "
            + "sign in for one of its regions.\(china)")
    }

    /// What the token is good for: the relay's `regions`; else its `region` alone (a relay that predates
    /// `regions`); else, from a relay that names neither, the region asked for.
    private static func regions(of result: DeviceFlowToken, relayRegion: Region) -> [Region] {
        if !result.regions.isEmpty { return result.regions }
        return [result.region.flatMap(Region.init(name:)) ?? relayRegion]
    }
}

extension DeviceLogin {
    /// A sign-in of `program` as the app `given` (`--client-id`); else as the one `previous` signed in as; else
    /// `bnet` as its own app where the relay serves it and `d3` elsewhere, and `d3` as `d3`.
    init(
        _ program: Program, given: String? = nil, previous: StoredCredential? = nil, openBrowser: Bool, qr: Bool,
        scopes: [String] = GameScopes.loginDefault
    ) {
        let pinned = given ?? previous?.clientID
        let own = program == .bnet ? "bnet" : "d3"
        self.init(
            clientID: pinned ?? own, fallbackClientID: pinned == nil && own != "d3" ? "d3" : nil,
            openBrowser: openBrowser, qr: qr, scopes: scopes)
    }
}
