import BattleNet
import Foundation
import Hummingbird

/// `/authorize`, `/token`, `/check_token`, `/userinfo` and `/revoke`, as Battle.net's OAuth server answers them,
/// under both its spellings (`/token` and the legacy `/oauth/token`, ...), plus `/v2/check_token` and the OpenID
/// discovery document.
struct OAuthRoutes {
    let state: EmulatorState

    func register(on router: Router<BasicRequestContext>) {
        for prefix in ["", "oauth/"] {
            router.get("\(prefix)authorize") { request, _ in await authorize(request) }
            router.post("\(prefix)token") { request, _ in
                var request = request
                return await token(request, form: await request.formPairs())
            }
            router.get("\(prefix)token") { _, _ in
                Response.oauthError(.badRequest, "invalid_request", "HTTP method GET is not supported")
            }
            router.get("\(prefix)userinfo") { request, _ in await userinfo(request) }
            router.post("\(prefix)revoke") { request, _ in
                var request = request
                return await revoke(request, form: await request.formPairs())
            }
            router.get("\(prefix)logout") { request, _ in await logout(request) }
            router.get("\(prefix)jwks/certs") { _, _ in await keySet() }
        }
        router.post("authorize/decision") { request, _ in
            var request = request
            return await decide(form: await request.formPairs() ?? [], session: SessionCookie.value(in: request))
        }
        for path in ["check_token", "oauth/check_token", "v2/check_token"] {
            router.on(RouterPath(path), method: .get) { request, _ in await checkToken(request.queryPairs ?? []) }
            router.post(RouterPath(path)) { request, _ in
                var request = request
                return await checkToken((await request.formPairs() ?? []) + (request.queryPairs ?? []))
            }
        }
        router.get(".well-known/openid-configuration") { request, _ in discovery(request) }
    }

    /// This emulator's base URL as the request reached it: what Battle.net's URLs become here, and the issuer.
    private func base(_ request: Request) -> String {
        let authority = request.head.authority.flatMap { value in
            value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".:-[]".contains($0)) } ? value : nil
        }
        // A server request has no scheme (plain http); an in-process one (EmulatorTransport) carries its base's.
        return (request.head.scheme == "https" ? "https://" : "http://") + (authority ?? "127.0.0.1")
    }

    /// The key set that verifies the emulator's `id_token`s (Battle.net's `/jwks/certs`).
    private func keySet() async -> Response {
        await state.increment("jwks")
        return .json(.ok, EmulatorIDTokens.keySet as [String: Any], headers: [.cacheControl: "public, max-age=3600"])
    }

    /// The recorded discovery document with Battle.net's URLs pointing at this emulator.
    private func discovery(_ request: Request) -> Response {
        let origin = base(request)
        guard let recorded = try? EmulatorSamples.data(named: EmulatorSamples.openIDConfiguration) else {
            return .gatewayError(.internalServerError)
        }
        let text = String(decoding: recorded, as: UTF8.self).replacingOccurrences(of: "https://oauth.battle.net", with: origin)
        return .json(.ok, Data(text.utf8))
    }

    private func authorize(_ request: Request) async -> Response {
        await state.increment("authorize")
        guard let query = request.queryPairs else {
            return .oauthError(.badRequest, "invalid_request", "Malformed query string")
        }
        guard let clientID = query.value("client_id"), let client = await state.client(id: clientID) else {
            return .oauthError(.unauthorized, "unauthorized", "Bad client credentials")
        }
        guard let redirectURI = query.value("redirect_uri"), let redirect = URL(string: redirectURI),
            ["http", "https"].contains(redirect.scheme?.lowercased() ?? ""), redirect.host != nil
        else {
            return .oauthError(.badRequest, "invalid_request", "The redirect_uri parameter must be a valid URI")
        }
        guard client.redirectURIs.isEmpty || client.redirectURIs.contains(redirectURI) else {
            return .oauthError(
                .badRequest, "invalid_request", "Invalid redirect: does not match one of the registered values.")
        }
        // Since 2025 Battle.net refuses a request without `state` on its own page (next-auth#12868, #12869).
        guard let stateParam = query.value("state"), !stateParam.isEmpty else {
            return .oauthError(.badRequest, "invalid_request", "The state parameter must be provided")
        }
        guard let responseType = query.value("response_type"), responseType == "code" else {
            return .redirect(
                to: redirectURI.appendingQuery([
                    ("error", "unsupported_response_type"),
                    ("error_description", "Unsupported response types: [\(query.value("response_type") ?? "")]"),
                    ("state", stateParam),
                ]))
        }
        let scopes = (query.value("scope") ?? "").split(separator: " ").map(String.init)
        let challenge = query.value("code_challenge").map {
            EmulatorState.Challenge(value: $0, method: query.value("code_challenge_method") ?? "plain")
        }
        if let challenge, !["S256", "plain"].contains(challenge.method) {
            return .redirect(
                to: redirectURI.appendingQuery(
                    [("error", "invalid_request"), ("error_description", "Unsupported code_challenge_method"),
                     ("state", stateParam)]))
        }
        let consent = EmulatorState.Consent(
            client: client, redirectURI: redirectURI, scopes: scopes, state: stateParam, challenge: challenge,
            nonce: query.value("nonce"))
        let sessionID = SessionCookie.value(in: request)
        if let decision = query.value("emulator_decision") {
            let tag = query.value("emulator_battletag").flatMap { try? BattleTag(parsing: $0) }
            let player = await tag.asyncFlatMap { await state.player(battleTag: $0) }
            let granted = query.value("emulator_scope").map { $0.split(separator: " ").map(String.init) }
            return await respond(
                to: consent, approve: decision == "approve", accountID: player?.accountID, granted: granted,
                session: sessionID)
        }
        // A browser that signed in here before and approved these scopes for this client comes back at once.
        let session = await state.session(sessionID)
        if let session, session.remembers(clientID: clientID, scopes: scopes) {
            await state.increment("authorize.remembered")
            return await respond(to: consent, approve: true, accountID: session.accountID, session: sessionID)
        }
        let id = await state.addConsent(consent)
        let signedIn = await session.asyncFlatMap { await state.player(accountID: $0.accountID) }
        return .html(
            .ok,
            ConsentPage.render(
                consentID: id, consent: consent, players: state.configuration.players, signedInAs: signedIn))
    }

    /// Battle.net's `/logout` (the discovery document's `end_session_endpoint`): the browser's session is
    /// forgotten, so its next authorize asks again.
    private func logout(_ request: Request) async -> Response {
        await state.increment("logout")
        if let id = SessionCookie.value(in: request) { await state.forgetSession(id) }
        return Response.html(.ok, ConsentPage.signedOut()).settingCookie(SessionCookie.delete)
    }

    private func decide(form: [(String, String)], session: String?) async -> Response {
        guard let id = form.value("consent"), let consent = await state.takeConsent(id) else {
            return .html(.badRequest, ConsentPage.error("This sign-in request is unknown or was already answered."))
        }
        // The consent page lists each scope as a checkbox; a person may untick a game scope and grant fewer.
        let granted = form.value("scopes_offered") == nil ? nil : form.filter { $0.0 == "scope" }.map(\.1)
        return await respond(
            to: consent, approve: form.value("decision") == "approve", accountID: form.value("account").flatMap { Int($0) },
            granted: granted, session: session)
    }

    /// Answers a decision with the redirect back to the client; an approval also remembers the browser (its
    /// `session`, or a new one) as signed in with these scopes approved, as Battle.net does.
    private func respond(
        to consent: EmulatorState.Consent, approve: Bool, accountID: Int?, granted: [String]? = nil, session: String?
    ) async -> Response {
        let stateItem = consent.state.map { [("state", $0)] } ?? []
        guard approve else {
            return .redirect(
                to: consent.redirectURI.appendingQuery(
                    [("error", "access_denied"), ("error_description", "User denied access")] + stateItem))
        }
        let players = state.configuration.players
        guard let account = accountID ?? players.first?.accountID,
            players.contains(where: { $0.accountID == account })
        else {
            return .html(.badRequest, ConsentPage.error("Unknown account."))
        }
        let scopes = granted.map { granted in consent.scopes.filter(granted.contains) } ?? consent.scopes
        let code = await state.issueCode(
            client: consent.client.credentials.id, redirectURI: consent.redirectURI, scopes: scopes,
            accountID: account, challenge: consent.challenge, nonce: consent.nonce)
        let kept = await state.remember(
            session: session, accountID: account, clientID: consent.client.credentials.id, scopes: scopes)
        return Response.redirect(to: consent.redirectURI.appendingQuery([("code", code)] + stateItem))
            .settingCookie(SessionCookie.keep(kept))
    }

    private func token(_ request: Request, form: [(String, String)]?) async -> Response {
        guard let form else { return .oauthError(.badRequest, "invalid_request", "Malformed request body") }
        let params = form + (request.queryPairs ?? [])
        guard let credentials = clientCredentials(request, params),
            let client = await state.client(id: credentials.id), client.credentials.secret == credentials.secret
        else {
            return .oauthError(.unauthorized, "invalid_client", "Bad client credentials")
        }
        guard let grant = params.value("grant_type") else {
            return .oauthError(.badRequest, "invalid_request", "Missing grant type")
        }
        await state.increment("token.\(grant)")
        let redemption: EmulatorState.CodeRedemption
        switch grant {
        case "client_credentials":
            redemption = await state.issueToken(clientID: credentials.id, scopes: [], accountID: nil)
        case "authorization_code":
            guard let code = params.value("code") else {
                return .oauthError(.badRequest, "invalid_request", "An authorization code must be supplied.")
            }
            redemption = await state.redeem(
                code: code, clientID: credentials.id, redirectURI: params.value("redirect_uri"),
                verifier: params.value("code_verifier"))
        default:
            return .oauthError(.badRequest, "unsupported_grant_type", "Unsupported grant type: \(grant)")
        }
        switch redemption {
        case .invalid(let reason):
            return .oauthError(.badRequest, "invalid_grant", reason)
        case .token(let value, let token):
            let now = state.configuration.now()
            var body = TokenResponse(
                accessToken: value, tokenType: "bearer",
                expiresIn: Int(token.expiresAt.timeIntervalSince(now).rounded()),
                scope: token.scopes.isEmpty ? nil : token.scopes.joined(separator: " "),
                sub: token.accountID.map(String.init) ?? credentials.id)
            if token.scopes.contains("openid"), let accountID = token.accountID {
                let player = await state.player(accountID: accountID)
                body.idToken = EmulatorIDTokens.issue(
                    issuer: base(request), clientID: credentials.id, accountID: accountID,
                    battleTag: player?.battleTag.description, nonce: token.nonce, now: now,
                    lifetime: token.expiresAt.timeIntervalSince(now), forgery: await state.idTokenForgery)
            }
            return .json(.ok, body, headers: [.cacheControl: "no-store", .pragma: "no-cache"])
        }
    }

    /// Token revocation (RFC 7009), as the discovery document's `revocation_endpoint` advertises it: the client
    /// authenticates as at `/token`; a token it was issued stops working at once everywhere; an unknown, expired
    /// or already revoked token is answered 200 as well (section 2.2).
    private func revoke(_ request: Request, form: [(String, String)]?) async -> Response {
        guard let form else { return .oauthError(.badRequest, "invalid_request", "Malformed request body") }
        guard let credentials = clientCredentials(request, form),
            let client = await state.client(id: credentials.id), client.credentials.secret == credentials.secret
        else {
            return .oauthError(.unauthorized, "invalid_client", "Bad client credentials")
        }
        guard let token = form.value("token"), !token.isEmpty else {
            return .oauthError(.badRequest, "invalid_request", "Missing token")
        }
        await state.increment("revoke")
        await state.revoke(token, clientID: credentials.id)
        return Response(status: .ok, headers: [.cacheControl: "no-store"])
    }

    private func clientCredentials(_ request: Request, _ params: [(String, String)]) -> ClientCredentials? {
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(header.dropFirst(6))).flatMap({ String(data: $0, encoding: .utf8) })
        {
            let parts = decoded.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let id = try? FormEncoding.unescape(parts[0]),
                let secret = try? FormEncoding.unescape(parts[1])
            else { return nil }
            return ClientCredentials(id: id, secret: secret)
        }
        guard let id = params.value("client_id"), let secret = params.value("client_secret") else { return nil }
        return ClientCredentials(id: id, secret: secret)
    }

    private func checkToken(_ params: [(String, String)]) async -> Response {
        await state.increment("check_token")
        guard let value = params.value("token"), let token = await state.validToken(value) else {
            return .oauthError(.badRequest, "invalid_token", "Token was not recognised")
        }
        var body: [String: Any] = [
            "client_id": token.clientID, "exp": Int(token.expiresAt.timeIntervalSince1970), "scope": token.scopes,
            "authorities": [["authority": token.accountID == nil ? "ROLE_CLIENT" : "ROLE_USER"]],
        ]
        if let account = token.accountID, let player = await state.player(accountID: account) {
            body["user_name"] = player.battleTag.description
        }
        return .json(.ok, body)
    }

    private func userinfo(_ request: Request) async -> Response {
        await state.increment("userinfo")
        guard let token = await bearerToken(request) else {
            return .oauthError(.unauthorized, "invalid_token", "Invalid access token")
        }
        guard let account = token.accountID, let player = await state.player(accountID: account) else {
            return .gatewayError(.forbidden)
        }
        return .json(.ok, ["id": player.accountID, "battletag": player.battleTag.description, "sub": String(account)])
    }

    private func bearerToken(_ request: Request) async -> EmulatorState.IssuedToken? {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return nil }
        return await state.validToken(String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces))
    }
}

extension String {
    /// This URL string with `pairs` added to its query.
    func appendingQuery(_ pairs: [(String, String)]) -> String {
        self + (contains("?") ? "&" : "?") + FormEncoding.encode(pairs)
    }
}

extension Optional {
    func asyncFlatMap<U>(_ transform: (Wrapped) async -> U?) async -> U? {
        guard let self else { return nil }
        return await transform(self)
    }
}
