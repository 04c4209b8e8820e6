import Foundation

/// Where the OAuth and API calls go. Built from a region, and every URL can be overridden on its own:
/// the emulator, a test server, another OAuth 2.0 provider, or a future change at Blizzard.
public struct BattleNetEndpoints: Sendable, Hashable {
    /// The authorization endpoint the person's browser is sent to.
    public var authorizeURL: URL
    /// The token endpoint (authorization-code and client-credentials grants).
    public var tokenURL: URL
    /// The OpenID Connect userinfo endpoint (`id`, `battletag`, `sub`).
    public var userinfoURL: URL
    /// The token introspection endpoint.
    public var checkTokenURL: URL
    /// The base of the game-data and profile API (`/d3/...`).
    public var apiBaseURL: URL
    /// The token revocation endpoint (RFC 7009, the discovery document's `revocation_endpoint`).
    public var revocationURL: URL
    /// The OpenID Connect issuer the provider's `id_token`s name in `iss` (Battle.net's: `https://oauth.battle.net`).
    public var issuer: String
    /// The key set that verifies the provider's `id_token`s (the discovery document's `jwks_uri`).
    public var jwksURL: URL

    /// Spells out every endpoint; without `revocationURL`, `revoke` next to the token endpoint; without `issuer`
    /// and `jwksURL`, the token endpoint's origin and `jwks/certs` beside the token endpoint, as Battle.net has them.
    public init(
        authorizeURL: URL, tokenURL: URL, userinfoURL: URL, checkTokenURL: URL, apiBaseURL: URL,
        revocationURL: URL? = nil, issuer: String? = nil, jwksURL: URL? = nil
    ) {
        self.authorizeURL = authorizeURL
        self.tokenURL = tokenURL
        self.userinfoURL = userinfoURL
        self.checkTokenURL = checkTokenURL
        self.apiBaseURL = apiBaseURL
        self.revocationURL = revocationURL ?? Self.revocationURL(nextTo: tokenURL)
        self.issuer = issuer ?? Self.origin(of: tokenURL)
        self.jwksURL = jwksURL ?? tokenURL.deletingLastPathComponent().appending(path: "jwks/certs")
    }

    /// `scheme://host[:port]` of `url`.
    static func origin(of url: URL) -> String {
        guard let scheme = url.scheme, let host = url.host(percentEncoded: false) else { return url.absoluteString }
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed)" + (url.port.map { ":\($0)" } ?? "")
    }

    /// `revoke` in the token endpoint's folder, as Battle.net lays them out (`/token` and `/revoke`,
    /// `/oauth/token` and `/oauth/revoke`).
    public static func revocationURL(nextTo tokenURL: URL) -> URL {
        tokenURL.deletingLastPathComponent().appending(path: "revoke")
    }

    /// The endpoints of an OAuth host laid out as Battle.net's (`/authorize`, `/token`, `/userinfo`,
    /// `/check_token`, `/revoke`) and an API host.
    public init(oauthBaseURL: URL, apiBaseURL: URL) {
        self.init(
            authorizeURL: oauthBaseURL.appending(path: "authorize"),
            tokenURL: oauthBaseURL.appending(path: "token"),
            userinfoURL: oauthBaseURL.appending(path: "userinfo"),
            checkTokenURL: oauthBaseURL.appending(path: "check_token"),
            apiBaseURL: apiBaseURL
        )
    }

    /// Blizzard's own endpoints for a region.
    public init(region: Region) {
        self.init(oauthBaseURL: region.oauthBaseURL, apiBaseURL: region.apiBaseURL)
    }

    /// A server that plays both roles at one base URL, as the emulator does.
    public init(emulatorBaseURL: URL) {
        self.init(oauthBaseURL: emulatorBaseURL, apiBaseURL: emulatorBaseURL)
    }
}
