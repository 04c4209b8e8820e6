import Foundation

/// One sign-in through the relay's standard front door (RFC 6749 section 4.1 with PKCE, RFC 8252 for native apps):
/// the authorization URL the browser session opens, and what the app alone keeps to finish it (the PKCE verifier,
/// the state). The browser comes back to the app's scheme, `<app>://bnet-relay/callback`, with a one-time `code`,
/// the `state` and the relay's `iss` (RFC 9207); the code is worth nothing without the verifier.
struct AuthorizationCodeRequest: Sendable, Hashable {
    /// What the browser's return says.
    enum Callback: Sendable, Hashable {
        /// The person approved on the relay's consent page: the one-time code to redeem.
        case code(String)
        /// An OAuth error (`access_denied` when the person declined), with its description if any.
        case error(String, description: String?)
    }

    /// The relay's authorization endpoint with the request's query.
    let url: URL
    /// Where the browser comes back: the app's scheme (lower case), host `bnet-relay`, path `/callback`.
    let redirectURI: String
    /// The value the browser must bring back, so that a return the app did not start is refused (CSRF).
    let state: String
    /// The PKCE pair: the challenge went out with the request; the verifier goes only to the token endpoint.
    let pkce: PKCE
    /// The relay's issuer, which every authorization response must name (mix-up defence); nil when the relay's
    /// metadata gives none.
    let issuer: String?

    /// A fresh request of `clientID` with `scopes` (empty: the relay's defaults) at `endpoint`.
    init(endpoint: URL, clientID: String, scopes: [String], issuer: String?) {
        let scheme = clientID.lowercased()
        redirectURI = "\(scheme)://bnet-relay/callback"
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

    /// Reads the browser's return: nil unless `url` is ``redirectURI`` exactly (no user, port or fragment) with one
    /// `state` equal to this request's, one `iss` equal to ``issuer`` when there is one, and either one `code` or
    /// one `error`.
    func callback(_ url: URL) -> Callback? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme, "\(scheme.lowercased())://bnet-relay/callback" == redirectURI,
            components.host == "bnet-relay", components.path == "/callback",
            components.user == nil, components.password == nil, components.port == nil, components.fragment == nil,
            let query = components.percentEncodedQuery, let pairs = try? FormEncoding.decode(Substring(query))
        else { return nil }
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

    /// Compares the returned state with ours in time that does not depend on where they differ.
    private static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
