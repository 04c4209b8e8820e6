import BattleNet
import Crypto
import Foundation
import Logging
import Metrics

/// The callback: Battle.net sends the browser back with a code (or an error); the code is exchanged and the token
/// sealed for pickup, or the login ends as denied or failed.
extension LoginService {
    /// Handles Battle.net's redirect to `/redirect/<app>` with its query parameters. `binding` gives the
    /// browser-binding cookie the browser presented for a login id; nothing is exchanged without the right one.
    /// `logger` is the request's, so that the lines carry its request id. Throws a 429 ``Refusal`` when `network`
    /// (the client network) has named too many unknown states lately.
    public func callback(
        app name: String, parameters: [(String, String)], network: String, logger: Logger? = nil,
        binding: (_ loginID: String) -> Substring?
    ) async throws -> CallbackResult {
        guard await unknownStates.hasToken(network) else {
            metrics.count(.unknownState)
            throw Throttle.unknownState.refusal!
        }
        let outcome = await handleCallback(app: name, parameters: parameters, logger: logger ?? self.logger, binding: binding)
        if case .rejected(.unknownState) = outcome { _ = await unknownStates.allow(network) }
        // A loopback's or an app's return carries the outcome's own word (approved, denied or failed).
        let counted: CallbackOutcome =
            switch outcome {
            case .approved, .consent: .approved
            case .denied: .denied
            case .failed: .failed
            case .rejected: .rejected
            case .otherBrowser: .otherBrowser
            case .loopback(_, let result), .returnToApp(_, let result): CallbackOutcome(rawValue: result) ?? .failed
            }
        metrics.callbacks.increment(counted)
        return outcome
    }

    /// Counts a callback for an app in forward mode, which the relay passes to the app unread.
    public func forwarded(app: AppRegistration) {
        metrics.callbacks.increment(.forwarded)
    }

    private func handleCallback(
        app name: String, parameters: [(String, String)], logger: Logger, binding: (_ loginID: String) -> Substring?
    ) async -> CallbackResult {
        guard let app = apps.app(named: name) else { return .rejected(reason: .unknownApp) }
        let states = parameters.filter { $0.0 == "state" }
        guard states.count == 1, let state = states.first?.1, !state.isEmpty, state.utf8.count <= 512 else {
            return .rejected(reason: .noValidState)
        }
        let login: Login
        do {
            guard let found = try await store.consumeState(stateHash: Identifiers.hash(state), now: now()) else {
                return .rejected(reason: .unknownState)
            }
            login = found
        } catch {
            logger.error("callback: store failed", metadata: [LogKey.errorType: "\(type(of: error))"])
            return .failed(app: app, reason: .storeUnreadable)
        }
        guard let key = keyring.key(for: login) else {
            logger.error("login row verifies under no seal key the relay holds: made under a retired key, or changed outside the relay", metadata: [LogKey.loginID: "\(login.id)"])
            await end(login, .failed, failure: "binding_mismatch")
            return .rejected(reason: .recordChanged)
        }
        guard login.app.lowercased() == app.name.lowercased() else {
            await end(login, .failed, failure: "app_mismatch")
            return .rejected(reason: .wrongApp)
        }
        let expected = keyring.browserBinding(loginID: login.id, stateHash: Identifiers.hash(state), key: key)
        guard let presented = binding(login.id), Identifiers.constantTimeEquals(presented, expected) else {
            logger.warning("callback from a browser that did not confirm the login", metadata: [LogKey.loginID: "\(login.id)"])
            await end(login, .failed, failure: "other_browser")
            return .otherBrowser
        }
        let outcome = await settle(parameters, state: state, login: login, key: key, app: app, logger: logger)
        if let request = login.authorizationRequest { return authorizationOutcome(outcome, login: login, request: request) }
        guard let returnURI = login.returnURI else { return outcome }
        // A loopback return is approved only on the consent page, as the authorization endpoint's is (R5-1): nothing
        // goes back to a program on the player's machine without the person seeing where it goes.
        if case .approved(_, let battleTag, _) = outcome { return .consent(login: login, battleTag: battleTag) }
        return Self.loopback(outcome, to: returnURI)
    }

    /// An authorization-endpoint login's outcome: approved goes to the consent page, anything else back to the app
    /// with its error (RFC 6749 section 4.1.2.1).
    private func authorizationOutcome(_ outcome: CallbackResult, login: Login, request: AuthorizationRequest) -> CallbackResult {
        switch outcome {
        case .approved(_, let battleTag, _):
            return .consent(login: login, battleTag: battleTag)
        case .denied:
            return .returnToApp(
                location: location(request, [("error", "access_denied"), ("error_description", "The person declined at Battle.net.")]),
                result: "denied")
        case .failed(_, let reason):
            return .returnToApp(
                location: location(request, [("error", "server_error"), ("error_description", reason.message)]), result: "failed")
        case .rejected, .otherBrowser, .loopback, .consent, .returnToApp:
            return outcome
        }
    }

    /// A loopback login's outcome as the redirect back to its client's address; any other outcome unchanged.
    static func loopback(_ outcome: CallbackResult, to returnURI: String) -> CallbackResult {
        let pairs: [(String, String)]
        switch outcome {
        case .approved(_, _, let callbackCode?): pairs = [("result", "approved"), ("callback_code", callbackCode)]
        case .denied: pairs = [("result", "denied"), ("error", "access_denied")]
        case .failed, .approved: pairs = [("result", "failed"), ("error", "server_error")]
        case .rejected, .otherBrowser, .loopback, .consent, .returnToApp: return outcome
        }
        return .loopback(location: returnURI + "?" + FormEncoding.encode(pairs), result: pairs[0].1)
    }

    /// Battle.net's answer for a login whose browser is the one that confirmed it: an error, or a code to exchange.
    private func settle(
        _ parameters: [(String, String)], state: String, login: Login, key: SymmetricKey, app: AppRegistration,
        logger: Logger
    ) async -> CallbackResult {
        if let error = parameters.value("error") {
            let denied = error == "access_denied"
            await end(login, denied ? .denied : .failed, failure: Self.safeCode(error))
            return denied ? .denied(app: app) : .failed(app: app, reason: .providerError(code: Self.safeCode(error)))
        }
        guard let code = parameters.value("code"), !code.isEmpty, code.utf8.count <= 2048 else {
            await end(login, .failed, failure: "missing_code")
            return .failed(app: app, reason: .noCode)
        }
        return await exchange(code: code, state: state, login: login, key: key, app: app, logger: logger)
    }

    private func exchange(
        code: String, state: String, login: Login, key: SymmetricKey, app: AppRegistration, logger: Logger
    ) async -> CallbackResult {
        let started = clock.now
        var token: AccessToken
        let idToken: String?
        do {
            (token, idToken) = try await oauth.exchange(
                code: code, redirectURI: settings.redirectURI(app: app.name), pkce: keyring.pkce(for: state, key: key))
        } catch {
            metrics.exchanges.increment(.failed)
            let reason = Self.reason(for: error)
            logger.warning("code exchange failed", metadata: [LogKey.loginID: "\(login.id)", LogKey.errorReason: "\(reason.code)"])
            await end(login, .failed, failure: reason.code)
            return .failed(app: app, reason: reason.problem)
        }
        var verified = false
        if let idToken, let providerIDTokens {
            // One call to Battle.net per sign-in: the account comes from its signed id_token, not from userinfo.
            do {
                let claims = try await providerIDTokens.verify(idToken, nonce: keyring.nonce(for: state, key: key), now: now())
                token.accountID = claims.accountID
                token.battleTag = claims.battleTag.flatMap { try? BattleTag(parsing: $0) }
                verified = true
            } catch .keySetUnavailable {
                // Battle.net's key set could not be fetched: the token is still good, and userinfo still names its
                // player, at the cost of the second call.
                logger.warning("Battle.net's key set could not be fetched; asking userinfo", metadata: [LogKey.loginID: "\(login.id)"])
            } catch {
                metrics.exchanges.increment(.idTokenRefused)
                logger.warning("Battle.net's id_token was refused", metadata: [
                    LogKey.loginID: "\(login.id)", LogKey.errorReason: "\(error.rawValue)",
                ])
                await end(login, .failed, failure: "id_token_\(error.rawValue)")
                return .failed(app: app, reason: .exchangeRefused(code: "id_token_\(error.rawValue)"))
            }
        }
        if !verified {
            do {
                let user = try await oauth.userInfo(accessToken: token.value)
                token.battleTag = try? BattleTag(parsing: user.battletag)
                token.accountID = user.id
            } catch {
                logger.warning("userinfo failed; token kept without BattleTag", metadata: [LogKey.loginID: "\(login.id)"])
            }
        }
        metrics.exchangeDuration.record(duration: clock.now - started)
        metrics.exchanges.increment(.ok)
        do {
            let sealed = try TokenSealer(relayKey: key).seal(
                JSONEncoder().encode(token), loginPublicKey: login.sealingPublicKey, loginID: login.id)
            guard try await store.approve(
                loginID: login.id, sealed: sealed, battleTag: token.battleTag?.description, accountID: token.accountID,
                now: now())
            else { return .rejected(reason: .loginEnded) }
        } catch {
            logger.error("storing the token failed", metadata: [LogKey.loginID: "\(login.id)", LogKey.errorType: "\(type(of: error))"])
            return .failed(app: app, reason: .storeUnwritable)
        }
        index.update(login.deviceCodeHash, status: .approved)
        let callbackCode =
            app.mode == .redirect || login.returnURI != nil
            ? keyring.callbackCode(loginID: login.id, deviceCodeHash: login.deviceCodeHash, key: key) : nil
        return .approved(app: app, battleTag: token.battleTag?.description, callbackCode: callbackCode)
    }

    private func end(_ login: Login, _ status: LoginStatus, failure: String) async {
        _ = try? await store.finish(loginID: login.id, status: status, failure: failure, now: now())
        index.update(login.deviceCodeHash, status: status)
    }

    static func reason(for error: any Error) -> (code: String, problem: CallbackProblem) {
        switch error as? BattleNetError {
        case .oauth(let oauth): (safeCode(oauth.error), .exchangeRefused(code: safeCode(oauth.error)))
        case .timeout: ("timeout", .timeout)
        case .unreachable: ("unreachable", .unreachable)
        case .malformedResponse: ("malformed_response", .malformedResponse)
        case .rateLimited: ("rate_limited", .rateLimited)
        case .serverError(let status): ("server_error_\(status)", .providerServerError)
        default: ("exchange_failed", .exchangeFailed)
        }
    }

    /// An error code from outside, reduced to a safe word for logs and pages.
    static func safeCode(_ raw: String) -> String {
        let kept = raw.prefix(48).filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return kept.isEmpty ? "unknown_error" : String(kept)
    }
}
