import Foundation

/// One sign-in through the relay's standard front door (RFC 6749 section 4.1 with PKCE, RFC 8252 for native apps):
/// the authorization URL the browser opens, and what the client alone keeps to finish it (the PKCE verifier, the
/// state). The browser comes back to the `redirectURI` (an app's scheme, `<app>://bnet-relay/callback`, or a
/// command-line tool's loopback address, `http://127.0.0.1:PORT/callback`) with a one-time `code`, the `state` and
/// the relay's `iss` (RFC 9207); the code is worth nothing without the verifier.
///
/// ``RelaySignIn`` uses it for apps, and `bnet login` for its browser route: one definition of the request, of
/// how its return is read, and of its token request.
public struct AuthorizationCodeRequest: Sendable, Hashable {
    /// What the browser's return says.
    public enum Callback: Sendable, Hashable {
        /// The person approved on the relay's consent page: the one-time code to redeem.
        case code(String)
        /// An OAuth error (`access_denied` when the person declined), with its description if any.
        case error(String, description: String?)
    }

    /// What the token endpoint answered the code with.
    public enum TokenAnswer: Sendable {
        /// The token.
        case granted(DeviceFlowToken)
        /// An OAuth refusal (`invalid_grant`: the code was spent, expired or not this request's).
        case refused(OAuthError)
        /// Anything else (HTTP 429, a 5xx, or a body that is neither a token nor an OAuth error).
        case unexpected(TransportResponse)
    }

    /// The relay's authorization endpoint with the request's query: the URL to open in the browser. It carries
    /// the state and the PKCE challenge, neither of which is a secret.
    public let url: URL
    /// Where the browser comes back.
    public let redirectURI: String
    /// The value the browser must bring back, so that a return the client did not start is refused (CSRF).
    public let state: String
    /// The relay's issuer, which every authorization response must name (mix-up defence); nil when the relay's
    /// metadata gives none.
    public let issuer: String?
    /// The client's `client_id`.
    public let clientID: String
    /// The PKCE pair: the challenge went out with the request; the verifier goes only to the token endpoint.
    let pkce: PKCE

    /// A fresh request of `clientID` with `scopes` (empty: the relay's defaults) at `endpoint`, returning to
    /// `redirectURI`.
    public init(endpoint: URL, clientID: String, redirectURI: String, scopes: [String], issuer: String?) {
        self.redirectURI = redirectURI
        self.clientID = clientID
        state = PKCE.generate().verifier
        pkce = PKCE.generate()
        self.issuer = issuer
        var query = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI), ("state", state),
            ("code_challenge", pkce.challenge), ("code_challenge_method", "S256"),
        ]
        if !scopes.isEmpty { query.append(("scope", scopes.joined(separator: " "))) }
        url = endpoint.appendingQuery(query)
    }

    /// A request of the app `clientID`, returning to its scheme (lower case), host `bnet-relay`, path `/callback`.
    init(endpoint: URL, clientID: String, scopes: [String], issuer: String?) {
        self.init(
            endpoint: endpoint, clientID: clientID, redirectURI: "\(clientID.lowercased())://bnet-relay/callback",
            scopes: scopes, issuer: issuer)
    }

    /// Reads the browser's return: nil unless `url` without its query is ``redirectURI`` exactly (the scheme in any
    /// case; no user or fragment) with one `state` equal to this request's (compared in constant time), one `iss`
    /// equal to ``issuer`` when there is one, and either one `code` or one `error`.
    public func callback(_ url: URL) -> Callback? {
        guard var bare = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let query = bare.percentEncodedQuery, let pairs = try? FormEncoding.decode(Substring(query)),
            bare.user == nil, bare.password == nil, bare.fragment == nil
        else { return nil }
        bare.percentEncodedQuery = nil
        bare.scheme = bare.scheme?.lowercased()
        guard bare.string == redirectURI else { return nil }
        let values = Dictionary(grouping: pairs, by: \.0).mapValues { $0.map(\.1) }
        guard values.values.allSatisfy({ $0.count == 1 }), let returned = values["state"]?.first,
            Self.equal(returned, state)
        else { return nil }
        if let issuer { guard values["iss"]?.first == issuer else { return nil } }
        switch (values["code"]?.first, values["error"]?.first) {
        case (let code?, nil) where !code.isEmpty && code.utf8.count <= 256:
            return .code(code)
        case (nil, let error?) where !error.isEmpty:
            return .error(String(error.prefix(64)), description: values["error_description"]?.first.map { String($0.prefix(300)) })
        default:
            return nil
        }
    }

    /// Redeems `code` once at `tokenURL` (RFC 6749 section 4.1.3, RFC 7636 section 4.5): `grant_type`
    /// `authorization_code` with the verifier, the `redirect_uri` and the `client_id`. Throws what `transport`
    /// throws (the relay could not be reached).
    public func redeem(code: String, at tokenURL: URL, transport: any HTTPTransport, timeout: Duration) async throws -> TokenAnswer {
        let form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("code_verifier", pkce.verifier), ("client_id", clientID),
        ]
        let response = try await transport.send(TransportRequest(
            method: "POST", url: tokenURL,
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
            body: Data(FormEncoding.encode(form).utf8), timeout: timeout, maxResponseBytes: 64 << 10))
        let receivedAt = Date()
        guard response.status != 429, response.status < 500 else { return .unexpected(response) }
        if response.status == 200, let body = try? JSONDecoder().decode(TokenResponse.self, from: response.body) {
            return .granted(DeviceFlowToken(body, receivedAt: receivedAt))
        }
        guard let error = try? JSONDecoder().decode(OAuthErrorResponse.self, from: response.body) else {
            return .unexpected(response)
        }
        return .refused(OAuthError(error, status: response.status))
    }

    /// Compares the returned state with ours in time that does not depend on where they differ.
    private static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
