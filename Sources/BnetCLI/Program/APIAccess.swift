import BattleNet
import BattleNetHTTPClient
import BnetKit
import Foundation

/// How the API commands reach Battle.net: game data through the game-data gateway of the relay the player signed in
/// at when it offered one (no token needed there; not with `--api-url` or a given token), else the signed-in
/// player's token for the region (any sign-in at the region's OAuth host that covers it), else client credentials
/// from `BNET_CLIENT_ID` and `BNET_CLIENT_SECRET`, else the "run `bnet login`" failure. Every answer's body is kept
/// as sent, for `--json`. Each game's commands build their own client on ``api``.
struct APIAccess {
    /// The program, settings and store the command runs with.
    let context: Context
    /// Battle.net's API for the region, locale and host in force, with the token that authenticates the calls.
    let api: BlizzardAPI
    /// The sign-in, when it is what authenticates the calls.
    let credential: StoredCredential?
    /// The bodies Battle.net answered with, in order.
    let answers: AnswerRecorder

    /// Access for a command; `gameData` commands (no player data) may go through the relay's gateway.
    init(context: Context, options: APIOptions, locale: BattleNetLocale? = nil, gameData: Bool = false) throws {
        self.context = context
        let settings = context.settings
        if (locale ?? settings.locale) == .multi {
            throw CLIFailure(.usage, "The locale multi sends every language at once, which \(context.program.name) cannot show: "
                + "give one, such as " + settings.region.locales.map(\.rawValue).joined(separator: ", ") + ".")
        }
        var apiURL = options.apiURL.flatMap(URL.init(string:))
        answers = AnswerRecorder(AsyncHTTPClientTransport.shared)
        if gameData, apiURL == nil, context.givenToken == nil, let gateway = try Self.gateway(context) {
            credential = nil
            api = BlizzardAPI(
                region: settings.region, gateway: gateway, locale: locale ?? settings.locale, transport: answers,
                maxResponseBytes: options.maxResponseBytes)
            return
        }
        let stored = try context.givenToken?.credential(region: settings.region)
            ?? context.storedCredential()
        let tokens: any AccessTokenSource
        if let stored, !stored.token.isExpired(leeway: .zero) {
            tokens = StaticTokenSource(stored.token)
            credential = stored
            // A sandbox relay's token works only at its emulator, which the relay named at sign-in.
            apiURL = apiURL ?? stored.apiURL.flatMap(URL.init(string:))
        } else if let id = context.environment["BNET_CLIENT_ID"], !id.isEmpty,
                  let secret = context.environment["BNET_CLIENT_SECRET"], !secret.isEmpty
        {
            if settings.region == .cn, options.oauthURL == nil { throw CLIFailure.chinaClientCredentials }
            let oauthURL = options.oauthURL.flatMap(URL.init(string:)) ?? settings.region.oauthBaseURL
            let endpoints = BattleNetEndpoints(oauthBaseURL: oauthURL, apiBaseURL: apiURL ?? settings.region.apiBaseURL)
            let oauth = OAuthClient(
                credentials: ClientCredentials(id: id, secret: secret), endpoints: endpoints,
                transport: AsyncHTTPClientTransport.shared)
            tokens = AppTokenCache(
                base: ClientCredentialsTokenProvider(client: oauth), clientID: id, oauthBaseURL: oauthURL,
                directory: context.store.directory)
            credential = nil
        } else if stored != nil {
            throw CLIFailure.expired(settings.region, program: context.program)
        } else {
            throw CLIFailure.notSignedIn(settings.region, program: context.program)
        }
        api = BlizzardAPI(
            region: settings.region, locale: locale ?? settings.locale, apiBaseURL: apiURL, tokens: tokens,
            transport: answers, maxResponseBytes: options.maxResponseBytes)
    }

    /// The gateway of the relay the region's sign-in (expired or not) was made at, when it offered one there.
    private static func gateway(_ context: Context) throws -> URL? {
        guard let stored = try context.storedCredential(), let gateway = stored.gateway.flatMap(URL.init(string:)),
            let relay = URL(string: stored.relay), RelayPolicy.isSameOrigin(gateway, as: relay)
        else { return nil }
        return gateway
    }
}

extension APIAccess {
    /// Runs `body` with API access. When the sign-in is missing, expired or rejected and a person is at the
    /// terminal (standard input, output and error are terminals, so the sign-in's link cannot end up in a pipe;
    /// no `--no-prompt`), signs in again at the relay that issued the old token (else the configured one), as
    /// ``RenewalPlan`` decides: at once through the browser, saying so in one line, when the last sign-in came back
    /// through the browser here and the renewal setting is `auto`; otherwise after asking. Then runs `body` again;
    /// otherwise the failure stands (exit 3).
    static func run(
        region: RegionOption, options: APIOptions, gameData: Bool = false, _ body: (APIAccess) async throws -> Void
    ) async throws {
        try await run(
            context: try Context(region: region.region, locale: options.locale), options: options, gameData: gameData, body)
    }

    /// ``run(region:options:gameData:_:)`` in a context the command made itself, with `locale` over the settings' one.
    static func run(
        context: Context, options: APIOptions, locale: BattleNetLocale? = nil, gameData: Bool = false,
        _ body: (APIAccess) async throws -> Void
    ) async throws {
        do {
            try await body(try APIAccess(context: context, options: options, locale: locale, gameData: gameData))
        } catch {
            let failure = CLIFailure.from(error, program: context.program)
            guard failure.status == .notSignedIn, context.givenToken == nil else { throw error }
            let previous = try? context.storedCredential()
            let plan = RenewalPlan.decide(
                setting: context.settings.renewal, route: previous?.route,
                browserAvailable: Browser.launcher(environment: context.environment) != nil,
                interactive: Terminal.stdinIsTerminal && Terminal.stdoutIsTerminal && Terminal.stderrIsTerminal,
                noPrompt: options.noPrompt)
            var login = DeviceLogin(context.program, previous: previous, openBrowser: true, qr: false)
            // The same scopes as before, so that a Battle.net that remembers the consent answers without a page.
            if let scopes = previous?.token.scopes, !scopes.isEmpty { login.scopes = scopes }
            switch plan {
            case .fail:
                throw error
            case .renewInBrowser:
                Terminal.printError("\(context.program.name): \(failure.message.prefix { $0 != ":" }); renewing it through the browser...")
                login.quiet = true
            case .offer(let browser):
                Terminal.writeError("\(context.program.name): \(failure.message)\nSign in now and carry on? [Y/n] ")
                guard let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased(),
                      answer.isEmpty || answer == "y" || answer == "yes"
                else { throw error }
                login = DeviceLogin(context.program, previous: previous, openBrowser: browser, qr: false, scopes: login.scopes)
            }
            try await context.signingIn {
                try await login.run(
                    context: context, relayURL: previous.flatMap { URL(string: $0.relay) } ?? context.settings.relay)
            }
            try await body(try APIAccess(context: context, options: options, locale: locale, gameData: gameData))
        }
    }
}
