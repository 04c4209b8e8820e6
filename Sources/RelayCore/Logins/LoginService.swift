import BattleNet
import Crypto
import Foundation
import Logging
import Metrics

/// The login state machine: start, confirm, callback, poll. Every status change is one transaction in the
/// store, then mirrored into the in-memory ``PollIndex`` that answers pending polls without disk I/O.
public struct LoginService: Sendable {
    /// What a poll answers.
    public enum PollResult: Sendable {
        /// The token, handed out once, and the login it was collected from (its app, scopes and sign-in time make
        /// the `id_token`).
        case token(AccessToken, Login)
        /// An RFC 8628 error, carrying the login's polling interval (the relay's default for a login it does not know).
        case error(Refusal)
    }

    /// How a callback ended.
    public enum CallbackResult: Sendable, Equatable {
        /// The token is stored for pickup; an app in redirect mode gets `callbackCode`, which its token request
        /// must present (see ``LoginKeyring/callbackCode(loginID:deviceCodeHash:key:)``).
        case approved(app: AppRegistration, battleTag: String?, callbackCode: String?)
        /// The person declined at Battle.net.
        case denied(app: AppRegistration)
        /// Battle.net or the exchange failed.
        case failed(app: AppRegistration, reason: CallbackProblem)
        /// The state is unknown, used, expired, or belongs to another app: nothing was exchanged.
        case rejected(reason: CallbackProblem)
        /// The browser that came back is not the one that confirmed the login: nothing was exchanged and the
        /// login ended, so that no one collects a token for it (the "sent someone my authorize link" attack).
        case otherBrowser
        /// A login started with a loopback return address ended (`result` is `approved`, `denied` or `failed`): the
        /// browser goes back to `location`, that address with redirect mode's query
        /// (`result=approved&callback_code=...`, `result=denied&error=access_denied`, `result=failed&error=server_error`).
        case loopback(location: String, result: String)
        /// A login of the authorization endpoint, or a device login with a loopback return, was approved at
        /// Battle.net: the person is asked on the relay's consent page whether the app may have it (RFC 8252
        /// section 8.6), before its code goes back.
        case consent(login: Login, battleTag: String?)
        /// A login of the authorization endpoint ended (`result` is `denied` or `failed`): the browser goes back to
        /// `location`, the app's `redirect_uri` with `error`, `state` and `iss`.
        case returnToApp(location: String, result: String)
    }

    /// After the person clicked Continue: where to send the browser, and the binding only that browser will hold.
    public struct Authorization: Sendable {
        /// The provider's authorize URL, with a fresh single-use state.
        public var url: URL
        /// The value of the login's browser-binding cookie (see ``LoginKeyring/holdsBinding(_:for:)``).
        public var browserBinding: String
    }

    /// The protocol settings.
    public let settings: RelaySettings
    /// The apps served.
    public let apps: AppRegistry
    /// Durable storage, the source of truth.
    public let store: any LoginStore
    /// The in-memory view that answers polls.
    public let index: PollIndex
    /// Counters for `/metrics`.
    public let metrics: RelayMetrics
    /// The caps and budgets the service applies.
    let limits: LoginLimits
    var holds: HeldPollLimits { limits.holds }
    var unknownStates: RateLimiter { limits.unknownStates }
    var unknownDeviceCodes: RateLimiter { limits.unknownDeviceCodes }
    /// The keys and what is derived from them.
    public let keyring: LoginKeyring
    /// Battle.net, for the code exchange.
    let oauth: OAuthClient
    /// Verifies Battle.net's `id_token`s, whose claims replace the userinfo call; nil: userinfo always.
    let providerIDTokens: ProviderIDTokens?
    let logger: Logger
    private let userCodes: @Sendable () -> String
    /// The clock the service reads (and, unless handed their own, its poll index and limits).
    public let clock: RelayClock

    /// Wires the service: the protocol `settings` and `apps`; its records (`store`, the source of truth, and
    /// `index`, its in-memory view); Battle.net (`oauth`, and `providerIDTokens` to read its `id_token`s) and the
    /// `keyring`; the `limits` it applies; where it reports (`metrics`, `logger`); and where it draws time and user
    /// codes from.
    public init(
        settings: RelaySettings, apps: AppRegistry, store: any LoginStore, index: PollIndex? = nil, oauth: OAuthClient,
        keyring: LoginKeyring, limits: LoginLimits? = nil, metrics: RelayMetrics = RelayMetrics(), logger: Logger,
        providerIDTokens: ProviderIDTokens? = nil, clock: RelayClock,
        userCodes: @escaping @Sendable () -> String = UserCode.generate
    ) {
        self.providerIDTokens = providerIDTokens
        self.userCodes = userCodes
        self.limits = limits ?? LoginLimits(settings, clock: clock)
        self.settings = settings
        self.apps = apps
        self.store = store
        self.oauth = oauth
        self.keyring = keyring
        self.index = index ?? PollIndex(clock: clock)
        self.metrics = metrics
        metrics.loginsStarted.prime(apps.all)
        self.logger = logger
        self.clock = clock
    }

    /// The wall time now.
    public func now() -> Date { clock.date }

    /// How many rows one store query of the sweep or the warm-up reads or deletes at most.
    static let batchSize = 1_000

    /// Loads the open logins into the poll index (at start, after a restart or crash), a batch at a time and at most
    /// ``RelaySettings/maxOpenLogins`` of them: the rest are still answered, from the store, when polled.
    /// Rows whose binding MAC does not verify are left out (their callbacks and pickups are refused anyway).
    public func warmUp() async throws -> Int {
        let current = now()
        var after: String?
        var loaded = 0
        while loaded < limits.maxOpenLogins {
            let batch = try await store.openLogins(now: current, after: after, limit: Self.batchSize)
            for login in batch.prefix(limits.maxOpenLogins - loaded) where keyring.isAuthentic(login) {
                index.put(login)
                loaded += 1
            }
            guard batch.count == Self.batchSize, let last = batch.last else { break }
            after = last.deviceCodeHash
        }
        return loaded
    }

    // MARK: Start

    /// Starts a login for `clientID` (a registered app) with the requested scopes (space-separated), from `network`
    /// (the client's network prefix, see ``Login/startNetwork``); returns the device authorization response
    /// (RFC 8628 section 3.2) as the client receives it.
    /// A loopback `redirectURI` (a ``LoopbackRedirect``, as a native client on the player's machine names one) makes
    /// the login return there as a redirect-mode app's does; anything else is refused as `invalid_request`.
    public func start(
        clientID: String, scope: String?, network: String? = nil, redirectURI: String? = nil
    ) async throws -> DeviceAuthorizationResponse {
        guard let app = apps.app(named: clientID) else {
            throw Refusal(.invalidClient, "Unknown client_id: register the app on the relay with --app NAME=MODE.")
        }
        guard index.loginCount < limits.maxOpenLogins else {
            metrics.count(.openLogins)
            throw Throttle.openLogins.refusal!
        }
        guard app.mode != .forward else {
            throw Refusal(
                .unauthorizedClient,
                "\(app.name) is registered in forward mode, where the app exchanges the code itself: a device login could never complete. Register it as poll or redirect.")
        }
        let scopes = try scopes(scope, for: app)
        var returnURI: String?
        if let redirectURI {
            guard app.allowsLoopback else {
                throw Refusal(
                    .invalidRequest,
                    "redirect_uri: \(app.name) registered no loopback return, so its logins cannot be sent to one (register it with --redirect-uri \(app.name)=http://127.0.0.1/PATH).")
            }
            do {
                returnURI = try LoopbackRedirect(validating: redirectURI).description
            } catch {
                throw Refusal(.invalidRequest, error.description)
            }
        }
        let deviceCode = Identifiers.deviceCode()
        let (login, userCode) = try await open(
            app: app, scopes: scopes, deviceCode: deviceCode, network: network, returnURI: returnURI)
        let verification = settings.url("device")
        return DeviceAuthorizationResponse(
            deviceCode: deviceCode, userCode: userCode, verificationURI: verification.absoluteString,
            verificationURIComplete: verification.appendingQuery([("user_code", userCode)]).absoluteString,
            expiresIn: Int(settings.loginLifetime.timeInterval), interval: login.interval, appMode: app.mode.rawValue,
            redirectURI: returnURI)
    }

    /// The scopes a login of `app` gets for `scope` (space-separated; none asked: all it may have), or a refusal
    /// naming the first it may not have.
    func scopes(_ scope: String?, for app: AppRegistration) throws(Refusal) -> [String] {
        let allowed = app.allowedScopes.isEmpty ? settings.defaultScopes : app.allowedScopes
        let requested = scope.map { $0.split(separator: " ").map(String.init) } ?? []
        let scopes = requested.isEmpty ? allowed : requested
        if let bad = scopes.first(where: { !allowed.contains($0) }) {
            throw Refusal(.invalidScope, "Scope '\(bad.prefix(64))' is not allowed for \(app.name); allowed: \(allowed.joined(separator: " ")).")
        }
        return scopes
    }

    /// Stores a new login for `app`, sealed to `deviceCode`, under the open-login cap (checked by the caller), and
    /// puts it in the poll index; returns it with its user code.
    func open(
        app: AppRegistration, scopes: [String], deviceCode: String, network: String?, returnURI: String? = nil,
        authorizationRequest: AuthorizationRequest? = nil
    ) async throws -> (Login, userCode: String) {
        // Whole milliseconds, which every store keeps exactly, so that the binding MAC over the times verifies.
        let created = Date(timeIntervalSince1970: (now().timeIntervalSince1970 * 1000).rounded(.up) / 1000)
        // A user code names one open login: on the rare collision with an open one, draw another.
        var userCode = userCodes()
        var login = Login(
            id: Identifiers.loginID(), app: app.name, scopes: scopes, deviceCodeHash: Identifiers.hash(deviceCode),
            userCodeHash: Identifiers.userCodeHash(UserCode.normalize(userCode)!, key: keyring.current),
            sealingPublicKey: TokenSealer.loginPublicKey(deviceCode: deviceCode), createdAt: created,
            expiresAt: created.addingTimeInterval(settings.loginLifetime.timeInterval), interval: settings.pollInterval,
            startNetwork: network, returnURI: returnURI, authorizationRequest: authorizationRequest)
        login.bindingMAC = keyring.bindingMAC(for: login)
        for attempt in 1... {
            do {
                try await store.insert(login)
                break
            } catch is UserCodeTaken where attempt < 8 {
                metrics.userCodeCollisions.increment()
                userCode = userCodes()
                login.userCodeHash = Identifiers.userCodeHash(UserCode.normalize(userCode)!, key: keyring.current)
                login.bindingMAC = keyring.bindingMAC(for: login)
            }
        }
        index.put(login)
        metrics.loginsStarted.increment(app)
        return (login, userCode)
    }

    // MARK: Confirm

    /// The open login a person's typed user code names, or nil. A row whose binding MAC does not verify (its
    /// user-code hash moved from another row, say) names nothing.
    public func login(userCode typed: String) async throws -> Login? {
        guard let normalized = UserCode.normalize(typed) else { return nil }
        for hash in keyring.userCodeHashes(normalized) {
            if let login = try await store.login(userCodeHash: hash, now: now()) {
                guard keyring.isAuthentic(login) else {
                    logger.error("login row verifies under no seal key the relay holds: made under a retired key, or changed outside the relay", metadata: [LogKey.loginID: "\(login.id)"])
                    return nil
                }
                return login
            }
        }
        return nil
    }

    /// After the person confirmed: issues a fresh single-use state and returns the provider's authorize URL with
    /// the binding the confirming browser must present when it comes back. Nil when the login cannot be authorized.
    public func authorize(_ login: Login) async throws -> Authorization? {
        let state = Identifiers.state()
        let stateHash = Identifiers.hash(state)
        guard let key = keyring.key(for: login),
            try await store.beginAuthorization(loginID: login.id, replacing: login.stateHash, stateHash: stateHash, now: now())
        else { return nil }
        index.update(login.deviceCodeHash, status: .authorizing)
        let url = oauth.authorizeURL(
            redirectURI: settings.redirectURI(app: login.app), scopes: login.scopes, state: state,
            pkce: keyring.pkce(for: state, key: key),
            nonce: login.scopes.contains("openid") ? keyring.nonce(for: state, key: key) : nil)
        return Authorization(url: url, browserBinding: keyring.browserBinding(loginID: login.id, stateHash: stateHash, key: key))
    }

    /// The person said "this wasn't me" on the confirm page: ends a login still waiting for them as denied, so that
    /// its client gets `access_denied`. False when it had moved on meanwhile.
    public func endByPerson(_ login: Login) async throws -> Bool {
        guard LoginStatus.awaitingPerson.contains(login.status),
            try await store.finish(loginID: login.id, status: .denied, failure: "not_me", now: now())
        else { return false }
        index.update(login.deviceCodeHash, status: .denied)
        metrics.refused.increment(.notMe)
        logger.notice("login ended from its confirm page (this wasn't me)", metadata: [LogKey.loginID: "\(login.id)"])
        return true
    }
}

extension LoginService {
    /// One sweep: deletes logins past their retention, drops expired ones from memory, and picks up status
    /// changes made outside this process (an operator's revocation). Returns how many rows were deleted.
    ///
    /// Each store query handles at most ``batchSize`` logins, so a sweep at the open-login cap holds one batch at a
    /// time and never keeps the database's writer for long.
    @discardableResult
    public func sweep() async throws -> Int {
        let current = now()
        let cutoff = current.addingTimeInterval(-settings.retention.timeInterval)
        // A login that ended before the cutoff was created before it, so it expires before this; one made under a
        // longer lifetime (an earlier configuration) is deleted once it has expired before the cutoff instead.
        let horizon = cutoff.addingTimeInterval(settings.loginLifetime.timeInterval)
        var purged = 0
        while true {
            let deleted = try await store.purge(before: cutoff, expiringBefore: horizon, limit: Self.batchSize)
            purged += deleted
            if deleted < Self.batchSize { break }
        }
        while try await store.purgeIssued(expiredBefore: current, limit: Self.batchSize) == Self.batchSize {}
        _ = index.prune(now: current)
        let open = index.openHashes()
        for start in stride(from: 0, to: open.count, by: Self.batchSize) {
            let batch = Array(open[start..<min(start + Self.batchSize, open.count)])
            for (hash, status) in try await store.statuses(deviceCodeHashes: batch) where !status.isOpen {
                index.update(hash, status: status)
            }
        }
        return purged
    }
}
