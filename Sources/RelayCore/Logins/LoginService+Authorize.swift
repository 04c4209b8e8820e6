import BattleNet
import Foundation
import Logging
import Metrics

/// The authorization endpoint's logins (RFC 6749 section 4.1 with PKCE, RFC 8252): an app's request becomes a login
/// whose device code is the authorization code. The browser holds the code from the start (a cookie), goes through
/// Battle.net as a device login's does, and after the relay's consent page takes the code back to the app, which
/// redeems it once, within a minute, with its PKCE verifier.
extension LoginService {
    /// A login started for an authorization request.
    public struct AuthorizationStart: Sendable {
        /// The authorization code (the login's device code): the browser keeps it until the person consents.
        public var code: String
        /// The login.
        public var login: Login
        /// Where the browser goes now (Battle.net) and the binding it must bring back.
        public var authorization: Authorization
    }

    /// How a token request with `grant_type=authorization_code` ended.
    public enum CodeRedemption: Sendable {
        /// The token, handed out once, with the login it came from.
        case token(AccessToken, Login)
        /// The code was redeemed before: refused, and the token issued with it is to be revoked (RFC 6749
        /// section 10.5); nil when it could not be opened.
        case replayed(AccessToken?)
        /// Refused.
        case refused(Refusal)
    }

    /// The issuer, in every authorization response (RFC 9207) and `id_token`: the public URL without a final `/`.
    public var issuer: String { settings.issuer }

    /// Starts the login of an authorization request of `app` from `network`, and its authorization at Battle.net.
    /// Throws a ``Refusal`` (`invalid_scope`, the open-login cap) for the endpoint to send back to the app.
    public func startAuthorization(
        app: AppRegistration, scope: String?, request: AuthorizationRequest, network: String?
    ) async throws -> AuthorizationStart {
        guard index.loginCount < limits.maxOpenLogins else {
            metrics.count(.openLogins)
            throw Throttle.openLogins.refusal!
        }
        let scopes = try scopes(scope, for: app)
        let code = Identifiers.authorizationCode()
        let (login, _) = try await open(
            app: app, scopes: scopes, deviceCode: code, network: network, authorizationRequest: request)
        guard let authorization = try await authorize(login) else {
            throw Refusal(.serverError, "The sign-in could not be started; try again.", status: 500)
        }
        return AuthorizationStart(code: code, login: login, authorization: authorization)
    }

    /// The approved login of the authorization endpoint whose code the browser holds, awaiting the person's consent;
    /// nil when there is none (unknown, not approved yet, consented or ended).
    public func awaitingConsent(code: String) async throws -> Login? {
        guard code.utf8.count <= 128, let login = try await store.login(deviceCodeHash: Identifiers.hash(code)),
            login.authorizationRequest != nil, login.status == .approved, login.codeIssuedAt == nil,
            login.expiresAt > now(), keyring.isAuthentic(login)
        else { return nil }
        return login
    }

    /// The person pressed Continue: the code may go to the app. False when it was issued already or the login ended.
    public func consent(_ login: Login) async throws -> Bool {
        let issued = try await store.issueCode(loginID: login.id, now: now())
        if issued { metrics.callbacks.increment(.consented) }
        return issued
    }

    /// The person pressed "This wasn't me" on the consent page: the login ends as denied and the token Battle.net
    /// issued for it is returned, opened with the browser's `code` and recorded as the relay's, for the caller to
    /// revoke through the ``TokenRevoker``.
    public func decline(_ login: Login, code: String) async throws -> AccessToken? {
        let token = login.sealedToken.flatMap { open($0, code: code, login: login) }
        guard try await store.finish(loginID: login.id, status: .denied, failure: "not_me", now: now()) else { return nil }
        if let token {
            try? await store.recordIssued(IssuedToken(digest: keyring.tokenDigest(token.value), expiresAt: token.expiresAt))
        }
        index.update(login.deviceCodeHash, status: .denied)
        metrics.refused.increment(.notMe)
        logger.notice("login ended from its consent page (this wasn't me)", metadata: [LogKey.loginID: "\(login.id)"])
        return token
    }

    /// Where the browser goes back to the app: its `redirect_uri` with `pairs`, the app's `state` and `iss`.
    public func location(_ request: AuthorizationRequest, _ pairs: [(String, String)]) -> String {
        var query = pairs
        if let state = request.state { query.append(("state", state)) }
        query.append(("iss", issuer))
        return request.redirectURI + (request.redirectURI.contains("?") ? "&" : "?") + FormEncoding.encode(query)
    }

    /// Redeems an authorization code (RFC 6749 section 4.1.3, RFC 7636 section 4.6) for `clientID` from `network`.
    public func redeem(
        code: String, clientID: String, redirectURI: String?, verifier: String?, network: String
    ) async -> CodeRedemption {
        let result = await redeemOnce(code: code, clientID: clientID, redirectURI: redirectURI, verifier: verifier, network: network)
        let answer: TokenAnswer =
            switch result {
            case .token: .codeToken
            case .replayed: .codeReplayed
            case .refused(let refusal): TokenAnswer(redemption: refusal.error)
            }
        metrics.polls.increment(answer)
        if case .token = result { metrics.pickups.increment() }
        return result
    }

    private func redeemOnce(
        code: String, clientID: String, redirectURI: String?, verifier: String?, network: String
    ) async -> CodeRedemption {
        let invalid = { (text: String) in CodeRedemption.refused(Refusal(.invalidGrant, text)) }
        guard code.utf8.count <= 128 else { return invalid("The code is too long to be one this relay issued.") }
        guard await unknownDeviceCodes.hasToken(network) else {
            metrics.count(.unknownDeviceCode)
            return .refused(Throttle.unknownDeviceCode.refusal!)
        }
        let hash = Identifiers.hash(code)
        let found: Login?
        do {
            found = try await store.login(deviceCodeHash: hash)
        } catch {
            return .refused(.storeUnavailable)
        }
        guard let login = found, let request = login.authorizationRequest, keyring.isAuthentic(login) else {
            _ = await unknownDeviceCodes.allow(network)
            return invalid("Unknown authorization code: start a new authorization request.")
        }
        guard login.app.lowercased() == clientID.lowercased() else {
            return invalid("This code was issued to another client.")
        }
        if login.status == .collected || login.status == .revoked {
            return await replay(hash: hash, code: code)
        }
        guard login.status == .approved, let issued = login.codeIssuedAt else {
            return invalid("This code was not issued, or its sign-in ended; start a new authorization request.")
        }
        guard now().timeIntervalSince(issued) <= AuthorizationRequest.codeLifetime else {
            return invalid("The code expired: a code must be redeemed within \(Int(AuthorizationRequest.codeLifetime)) seconds.")
        }
        guard let redirectURI else {
            return .refused(Refusal(.invalidRequest, "redirect_uri is missing: send the one of the authorization request."))
        }
        guard redirectURI == request.redirectURI else {
            return invalid("redirect_uri is not the one of the authorization request.")
        }
        guard let verifier, !verifier.isEmpty else {
            return .refused(Refusal(.invalidRequest, "code_verifier is missing: PKCE is required (RFC 7636)."))
        }
        guard request.isAnswered(by: verifier) else {
            metrics.refused.increment(.codeVerifier)
            return invalid("code_verifier does not match the code_challenge (S256) of the authorization request.")
        }
        let redeemed: Login?
        do {
            redeemed = try await store.redeemCode(deviceCodeHash: hash, now: now())
        } catch {
            return .refused(.storeUnavailable)
        }
        guard let redeemed else { return await replay(hash: hash, code: code) }
        index.update(hash, status: .collected)
        guard let sealed = redeemed.sealedToken, let token = open(sealed, code: code, login: redeemed) else {
            return invalid("The stored token could not be opened (was the seal key changed?); start a new authorization request.")
        }
        do {
            try await store.recordIssued(IssuedToken(digest: keyring.tokenDigest(token.value), expiresAt: token.expiresAt))
        } catch {
            logger.error("recording an issued token for revocation failed", metadata: [
                LogKey.loginID: "\(login.id)", LogKey.errorType: "\(type(of: error))",
            ])
        }
        return .token(token, redeemed)
    }

    /// A code presented after it was redeemed: the token issued with it is taken from the store, to be revoked.
    private func replay(hash: String, code: String) async -> CodeRedemption {
        metrics.refused.increment(.codeReplayed)
        guard let login = try? await store.revokeRedeemed(deviceCodeHash: hash, now: now()) else { return .replayed(nil) }
        index.update(hash, status: .revoked)
        logger.warning("an authorization code was presented again: its token is revoked", metadata: [LogKey.loginID: "\(login.id)"])
        return .replayed(login.sealedToken.flatMap { open($0, code: code, login: login) })
    }

    private func open(_ sealed: TokenSealer.Sealed, code: String, login: Login) -> AccessToken? {
        guard let key = keyring.key(for: login),
            let plaintext = try? TokenSealer(relayKey: key).open(sealed, deviceCode: code, loginID: login.id)
        else { return nil }
        return try? JSONDecoder().decode(AccessToken.self, from: plaintext)
    }
}
