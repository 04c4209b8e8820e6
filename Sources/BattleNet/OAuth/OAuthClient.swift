import Foundation

/// What Battle.net's userinfo endpoint says about the signed-in player.
public struct UserInfo: Sendable, Hashable, Codable {
    /// The account id.
    public var id: Int
    /// The BattleTag, `Name#1234`.
    public var battletag: String
    /// The OpenID subject (the account id as a string on Battle.net).
    public var sub: String?

    /// Creates a userinfo value.
    public init(id: Int, battletag: String, sub: String? = nil) {
        self.id = id
        self.battletag = battletag
        self.sub = sub
    }
}

/// What the check_token endpoint says about a token.
public struct TokenInfo: Sendable, Hashable, Decodable {
    /// The client the token was issued to.
    public var clientID: String
    /// When it expires.
    public var expiresAt: Date
    /// Its scopes.
    public var scopes: [String]
    /// The BattleTag, for user tokens.
    public var userName: String?

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id", exp, scope, userName = "user_name"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        clientID = try c.decode(String.self, forKey: .clientID)
        expiresAt = Date(timeIntervalSince1970: try c.decode(Double.self, forKey: .exp))
        scopes = try c.decodeIfPresent([String].self, forKey: .scope) ?? []
        userName = try c.decodeIfPresent(String.self, forKey: .userName)
    }
}

/// An OAuth 2.0 client of Battle.net (or of any provider laid out the same way): the authorize URL, the
/// authorization-code and client-credentials grants, token introspection and userinfo.
public struct OAuthClient: Sendable {
    /// The client's id and secret.
    public let credentials: ClientCredentials
    /// Where the calls go.
    public let endpoints: BattleNetEndpoints
    /// How they get there.
    public let transport: any HTTPTransport
    /// The time allowed for each call.
    public var timeout: Duration
    /// Reads the clock, to compute expiries at receipt.
    public var now: @Sendable () -> Date

    /// Creates a client.
    public init(
        credentials: ClientCredentials, endpoints: BattleNetEndpoints, transport: any HTTPTransport,
        timeout: Duration = .seconds(10), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.credentials = credentials
        self.endpoints = endpoints
        self.transport = transport
        self.timeout = timeout
        self.now = now
    }

    /// The URL to send the person's browser to (`response_type=code`), with OpenID Connect's `nonce` when given.
    public func authorizeURL(
        redirectURI: String, scopes: [String], state: String, pkce: PKCE? = nil, nonce: String? = nil
    ) -> URL {
        var query: [(String, String)] = [
            ("response_type", "code"), ("client_id", credentials.id), ("redirect_uri", redirectURI),
            ("scope", scopes.joined(separator: " ")), ("state", state),
        ]
        if let pkce {
            query += [("code_challenge", pkce.challenge), ("code_challenge_method", "S256")]
        }
        if let nonce { query.append(("nonce", nonce)) }
        return endpoints.authorizeURL.appendingQuery(query)
    }

    /// Exchanges an authorization code for the player's token. `redirectURI` must be exactly the one sent
    /// to the authorize URL.
    public func exchangeCode(_ code: String, redirectURI: String, pkce: PKCE? = nil) async throws -> AccessToken {
        try await exchange(code: code, redirectURI: redirectURI, pkce: pkce).token
    }

    /// Exchanges an authorization code, returning the token and the provider's `id_token` when it sent one (scope
    /// `openid`), unverified: the caller checks it (its signature, `iss`, `aud`, `exp`, `nonce`).
    public func exchange(code: String, redirectURI: String, pkce: PKCE? = nil) async throws -> (token: AccessToken, idToken: String?) {
        var form = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI)]
        if let pkce { form.append(("code_verifier", pkce.verifier)) }
        return try await requestTokenResponse(form: form)
    }

    /// Gets an application token with the client-credentials grant.
    public func clientCredentialsToken() async throws -> AccessToken {
        try await requestToken(form: [("grant_type", "client_credentials")])
    }

    /// Asks the provider about a token; an unknown or expired token throws ``BattleNetError/oauth(_:)``
    /// with `invalid_token`.
    public func checkToken(_ token: String) async throws -> TokenInfo {
        let response = try await send(
            method: "POST", url: endpoints.checkTokenURL, form: [("token", token)], authorization: nil)
        return try decodeOAuth(TokenInfo.self, from: response)
    }

    /// Fetches the signed-in player's account id and BattleTag with their token.
    public func userInfo(accessToken: String) async throws -> UserInfo {
        let request = TransportRequest(
            url: endpoints.userinfoURL,
            headers: [("Authorization", "Bearer \(accessToken)"), ("Accept", "application/json")],
            timeout: timeout, maxResponseBytes: 64 << 10)
        let response = try await transport.send(request)
        switch response.status {
        case 200: break
        case 401: throw BattleNetError.invalidToken
        case 403: throw BattleNetError.forbidden("the userinfo endpoint")
        default: throw oauthError(from: response)
        }
        return try decodeOAuth(UserInfo.self, from: response)
    }

    /// Revokes a token at the provider (RFC 7009) with this client's credentials. The provider answers 200 for
    /// a token it does not know as well; refusals throw ``BattleNetError/oauth(_:)``, failures the other
    /// ``BattleNetError``s.
    public func revoke(token: String) async throws {
        let response = try await send(
            method: "POST", url: endpoints.revocationURL,
            form: [("token", token), ("token_type_hint", "access_token")],
            authorization: credentials.basicAuthorization)
        guard response.status == 200 else { throw oauthError(from: response) }
    }

    private func requestToken(form: [(String, String)]) async throws -> AccessToken {
        try await requestTokenResponse(form: form).token
    }

    private func requestTokenResponse(form: [(String, String)]) async throws -> (token: AccessToken, idToken: String?) {
        let response = try await send(
            method: "POST", url: endpoints.tokenURL, form: form, authorization: credentials.basicAuthorization)
        let receivedAt = now()
        let answer = try decodeOAuth(TokenResponse.self, from: response)
        return (answer.accessToken(receivedAt: receivedAt), answer.idToken)
    }

    private func send(method: String, url: URL, form: [(String, String)], authorization: String?) async throws
        -> TransportResponse
    {
        var headers: [(name: String, value: String)] = [
            ("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"),
        ]
        if let authorization { headers.append(("Authorization", authorization)) }
        let request = TransportRequest(
            method: method, url: url, headers: headers, body: Data(FormEncoding.encode(form).utf8),
            timeout: timeout, maxResponseBytes: 64 << 10)
        return try await transport.send(request)
    }

    private func decodeOAuth<T: Decodable>(_ type: T.Type, from response: TransportResponse) throws -> T {
        guard (200..<300).contains(response.status) else { throw oauthError(from: response) }
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw BattleNetError.malformedResponse("\(T.self) could not be decoded (HTTP \(response.status))")
        }
    }

    private func oauthError(from response: TransportResponse) -> BattleNetError {
        if let body = try? JSONDecoder().decode(OAuthErrorResponse.self, from: response.body) {
            return .oauth(OAuthError(body, status: response.status))
        }
        switch response.status {
        case 401: return .oauth(OAuthError(error: "invalid_client", errorDescription: "Bad client credentials", status: 401))
        case 429: return .rateLimited(retryAfter: response.retryAfter)
        case 500...: return .serverError(status: response.status)
        default: return .unexpectedStatus(response.status)
        }
    }
}

extension TransportResponse {
    /// `Retry-After` in seconds, if the server sent a usable one.
    var retryAfter: Duration? {
        header("Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { .seconds(max(0, $0)) }
    }
}

extension URL {
    /// This URL with `pairs` appended to its query, form-encoded.
    package func appendingQuery(_ pairs: [(String, String)]) -> URL {
        let encoded = FormEncoding.encode(pairs)
        let separator = query == nil ? "?" : "&"
        return URL(string: absoluteString + separator + encoded)!
    }
}
