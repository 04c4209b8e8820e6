import Foundation

/// Signs a player in through a relay, for apps registered there in `redirect` mode.
///
/// The app starts a sign-in, opens ``SignInAttempt/url`` in a browser session that ends when it sees
/// ``SignInAttempt/callbackScheme`` (`ASWebAuthenticationSession` on Apple platforms), and hands the callback URL
/// back. With a relay that offers the standard authorization endpoint (every relay since this release) that is
/// OAuth's authorization code with PKCE (RFC 6749, RFC 7636, RFC 8252): the browser returns to
/// `<app>://bnet-relay/callback` with a one-time code, redeemed once with the verifier only the app holds. With an
/// older relay it is the device request's redirect mode: the token is collected once with the callback's
/// `callback_code`. Every outcome is a ``SignInResult``.
///
/// ```swift
/// let signIn = RelaySignIn(relayURL: URL(string: "https://relay.example.com")!, app: "myapp",
///                          transport: URLSessionTransport.shared)
/// switch await signIn.run(presentingFrom: window) {
/// case .approved(let player): show(player)
/// case .denied, .cancelled: break
/// case .expired: showMessage("That took too long; try again.")
/// case .failed(let failure): showMessage(failure.description)
/// }
/// ```
///
/// Most apps hand it to a ``PlayerSession``, which stores the player and never opens two sheets. Apps that poll
/// instead of being reopened by a URL use ``DeviceFlowClient``.
public struct RelaySignIn: Sendable {
    /// The relay's base URL, such as `https://relay.example.com`: https, or plain http on this machine only.
    public let relayURL: URL
    /// The app's name at the relay: its `client_id` and its URL scheme.
    public let app: String
    /// The scopes to ask for; empty for the relay's defaults.
    public let scopes: [String]
    let transport: any HTTPTransport
    let timeout: Duration

    /// Creates a sign-in client of the relay at `relayURL` for the app `app`. A relay URL that is not https (or
    /// plain http to this machine) makes every sign-in fail with ``SignInFailure/Reason/insecureRelay``.
    public init(
        relayURL: URL, app: String, scopes: [String] = [], transport: any HTTPTransport, timeout: Duration = .seconds(10)
    ) {
        self.relayURL = relayURL
        self.app = app
        self.scopes = scopes
        self.transport = transport
        self.timeout = timeout
    }

    /// Starts a login at the relay, before any sheet is shown. Throws a ``SignInFailure`` whose reason says what to
    /// do: ``SignInFailure/Reason/insecureRelay`` (nothing was sent), ``SignInFailure/Reason/notARelay`` (no RFC 8414
    /// metadata or no device endpoint), ``SignInFailure/Reason/unknownApp``, ``SignInFailure/Reason/wrongMode`` (the
    /// app is registered in `poll` mode), ``SignInFailure/Reason/rateLimited`` (with
    /// ``SignInFailure/retryAfter``), ``SignInFailure/Reason/refused`` (other refusals, such as a scope) or
    /// ``SignInFailure/Reason/unreachable``; a cancelled task throws `CancellationError`.
    ///
    /// On the standard route the relay is first asked, without starting a login, whether it serves the app with its
    /// scheme's return (``SignInFailure/Reason/unknownApp`` when not); limits and scopes are then told at the end.
    public func start() async throws -> SignInAttempt {
        try checkTransport()
        let discovered = try await discoverEndpoints()
        if let authorizationURL = discovered.authorizationURL {
            let request = AuthorizationCodeRequest(
                endpoint: authorizationURL, clientID: app, scopes: scopes, issuer: discovered.issuer)
            try await checkRegistration(request, at: authorizationURL)
            return SignInAttempt(
                route: .code(request), callbackScheme: app.lowercased(), tokenURL: discovered.device.tokenURL,
                apiBaseURL: discovered.apiBaseURL, expiresAt: Date() + Self.codeRouteLifetime)
        }
        let endpoints = discovered.device
        let (body, receivedAt) = try await requestLogin(at: endpoints)
        guard let authorization = body.authorization(clientID: app, receivedAt: receivedAt) else {
            throw notARelay("its device endpoint answered with a verification_uri that is not a URL")
        }
        if let mode = body.appMode, mode != "redirect" {
            throw SignInFailure(.wrongMode, "The relay serves the app \"\(app)\" in \(mode) mode, which never returns "
                + "to the app; sign-in from an app needs redirect mode. Register it as --app \(app)=redirect.")
        }
        return SignInAttempt(
            route: .device(authorization), callbackScheme: app.lowercased(), tokenURL: endpoints.tokenURL,
            apiBaseURL: discovered.apiBaseURL, expiresAt: authorization.expiresAt)
    }

    /// How long a sign-in of the standard route may take: the relay's login lifetime, 10 minutes.
    static let codeRouteLifetime: TimeInterval = 600

    /// Finishes `attempt` with the URL the browser session ended on: recognises the relay's callback, collects
    /// the token once with its `callback_code`, and says how it went. The relay's answer decides, not the URL: a
    /// forged callback never yields a player. A cancelled task is ``SignInResult/cancelled``.
    public func finish(_ attempt: SignInAttempt, callbackURL: URL) async -> SignInResult {
        let authorization: DeviceAuthorization
        switch attempt.route {
        case .code(let request): return await redeem(request, callbackURL: callbackURL, attempt: attempt)
        case .device(let device): authorization = device
        }
        guard let callback = RelayCallback(url: callbackURL, scheme: attempt.callbackScheme) else {
            return .failed(SignInFailure(
                .unrecognisedCallback,
                "The app was opened with a link that is not this relay's sign-in callback; nothing was signed in. "
                    + "Start a new sign-in."))
        }
        do {
            // No hold: the relay stores the outcome before it sends the browser to the app, so a callback it has no
            // answer for did not come from it, and is reported at once.
            switch try await collector(attempt).poll(authorization, callbackCode: callback.callbackCode) {
            case .granted(let granted):
                return .approved(player(granted, attempt))
            case .pending, .slowDown:
                return .failed(SignInFailure(
                    .unconfirmedCallback,
                    "The relay has no answer for this sign-in yet, so the link that reopened the app did not come "
                        + "from it. Finish the sign-in in the browser, or start a new one."))
            }
        } catch DeviceFlowError.accessDenied {
            if callback.outcome == .failed {
                return .failed(SignInFailure(
                    .battleNet,
                    "Battle.net could not complete the sign-in (\(callback.error ?? "server_error")). Try again in a moment."))
            }
            return .denied
        } catch DeviceFlowError.expired {
            return .expired
        } catch DeviceFlowError.invalidGrant(let error) {
            return .failed(SignInFailure(
                .notCollectable,
                "The relay has no token for this sign-in (\(error.errorDescription ?? "invalid_grant")) Each token is "
                    + "handed out once, and only with the code of the relay's own callback: use the one you stored, "
                    + "or sign in again."))
        } catch {
            return Self.ending(error)
        }
    }

    /// Revokes `player`'s token at the relay (RFC 7009), so that it stops working everywhere. Throws
    /// ``DeviceFlowError/unsupported(_:)`` when the relay offers no revocation, and ``BattleNetError`` when it
    /// cannot be reached.
    public func revoke(_ player: SignedInPlayer) async throws {
        try checkTransport()
        let flow = DeviceFlowClient(endpoints: DeviceFlowEndpoints(conventionalAt: relayURL), transport: transport, timeout: timeout)
        try await flow.revoke(token: player.token.value, clientID: app)
    }

    /// Starts a login, lets `present` show it and return the callback URL (nil when the player closed the sheet),
    /// and finishes it.
    ///
    /// Closing the sheet (nil, a `CancellationError`, or `ASWebAuthenticationSessionError.canceledLogin`) and
    /// cancelling the calling task both end as ``SignInResult/cancelled``; `present` runs in the calling task, so a
    /// presenter that ends on cancellation dismisses its sheet (`run(presentingFrom:ephemeral:)` does, on Apple platforms). Other
    /// errors of `present` are ``SignInFailure/Reason/browser`` failures.
    public func run(present: @Sendable (SignInAttempt) async throws -> URL?) async -> SignInResult {
        let attempt: SignInAttempt
        do {
            attempt = try await start()
        } catch {
            return Self.ending(error)
        }
        let callbackURL: URL?
        do {
            callbackURL = try await present(attempt)
        } catch let error where Self.isCancellation(error) {
            return .cancelled
        } catch {
            if Task.isCancelled { return .cancelled }
            return .failed(SignInFailure(.browser, sentence("The sign-in page could not be shown: \(error.localizedDescription)")))
        }
        guard let callbackURL, !Task.isCancelled else { return .cancelled }
        return await finish(attempt, callbackURL: callbackURL)
    }

    /// Whether `error` says the player or the app cancelled: a `CancellationError`, or the browser session's
    /// `canceledLogin` (`ASWebAuthenticationSessionError`, matched by its domain and code so this decision stays in
    /// platform-neutral code).
    static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        let error = error as NSError
        return error.domain == "com.apple.AuthenticationServices.WebAuthenticationSession" && error.code == 1
    }

    /// Refuses a relay that is not https, unless it is plain http to this machine (a sandbox relay): the token
    /// travels back from the relay, and over plain http anyone on the path could read or replace it.
    func checkTransport() throws(SignInFailure) {
        guard let origin = WebOrigin(relayURL) else {
            throw SignInFailure(.insecureRelay, "The relay URL \(relayURL.absoluteString) is not an http(s) URL; use "
                + "the relay's https address, such as https://relay.example.com.")
        }
        guard origin.scheme == "http", !origin.isLoopback else { return }
        throw SignInFailure(.insecureRelay, "Refusing the relay at \(origin): it uses plain http to another machine, "
            + "so the player's token would cross the network unencrypted. Use the relay's https URL (plain http is "
            + "accepted only for a relay on this machine, such as a sandbox relay on 127.0.0.1).")
    }

    /// The player `granted` signs in, with the regions its token works in (the relay's region's, from a relay that
    /// names only that) and the sandbox API `attempt` found.
    func player(_ granted: DeviceFlowToken, _ attempt: SignInAttempt) -> SignedInPlayer {
        let regions = granted.regions.isEmpty
            ? (granted.region.flatMap(Region.init(name:))?.tokenRegions ?? []) : granted.regions
        return SignedInPlayer(token: granted.token, regions: regions, relay: relayURL, apiBaseURL: attempt.apiBaseURL)
    }

    /// How a failure to start or collect ends: cancelled when the task was, otherwise a ``SignInFailure``.
    static func ending(_ error: any Error) -> SignInResult {
        if isCancellation(error) || Task.isCancelled { return .cancelled }
        let failure: SignInFailure = switch error {
        case let failure as SignInFailure: failure
        case DeviceFlowError.invalidClient: SignInFailure(.unknownApp, "The relay does not serve this app any more.")
        case let error as DeviceFlowError: SignInFailure(.refused, "The relay refused the sign-in: \(error.description)")
        case let error as BattleNetError: unreachable(error)
        default: SignInFailure(.unreachable, sentence("The relay answered unexpectedly: \(error.localizedDescription)"))
        }
        return .failed(failure)
    }
}

/// A sign-in started for the player's browser.
///
/// `description` never shows the PKCE verifier or the device code, the secrets that redeem the token.
public struct SignInAttempt: Sendable, Hashable, CustomStringConvertible {
    /// How the sign-in goes: the standard authorization request, or an older relay's device request.
    enum Route: Sendable, Hashable {
        case code(AuthorizationCodeRequest)
        case device(DeviceAuthorization)
    }

    /// Open it in the browser session: the relay's authorization URL (or, with an older relay, its verification page
    /// with the code filled in).
    public var url: URL {
        switch route {
        case .code(let request): request.url
        case .device(let authorization): authorization.verificationURIComplete ?? authorization.verificationURI
        }
    }
    /// The URL scheme the browser session waits for (the app's name at the relay, in lower case).
    public let callbackScheme: String
    /// The code an older relay's page shows, for a player who wants to compare it; nil on the standard route, whose
    /// pages show none.
    public var userCode: String? {
        if case .device(let authorization) = route { return authorization.userCode }
        return nil
    }
    /// When the relay stops waiting for the player.
    public let expiresAt: Date
    let route: Route
    /// Where the token is redeemed or collected, from the relay's metadata.
    let tokenURL: URL
    /// Where the token will work, when the relay is a sandbox (``SignedInPlayer/apiBaseURL``).
    let apiBaseURL: URL?

    init(route: Route, callbackScheme: String, tokenURL: URL, apiBaseURL: URL?, expiresAt: Date) {
        self.route = route
        self.callbackScheme = callbackScheme
        self.tokenURL = tokenURL
        self.apiBaseURL = apiBaseURL
        self.expiresAt = expiresAt
    }

    public var description: String {
        "SignInAttempt(url: \(url.absoluteString), callbackScheme: \(callbackScheme), expiresAt: \(expiresAt))"
    }
}
