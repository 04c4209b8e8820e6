import Foundation

/// Where a device-flow server takes requests, as its RFC 8414 metadata says.
public struct DeviceFlowEndpoints: Sendable, Hashable {
    /// The device authorization endpoint (`device_authorization_endpoint`).
    public var deviceAuthorizationURL: URL
    /// The token endpoint (`token_endpoint`).
    public var tokenURL: URL
    /// The longest hold the server grants a poll with `wait=<seconds>` (`long_poll_wait_max`), nil when it
    /// does not offer long-polling.
    public var longPollWaitMax: Int?
    /// The Battle.net regions whose players the server signs in (`regions_supported`, a bnet-relay extension);
    /// names this library does not know are left out. Empty when the metadata does not say.
    public var regions: [Region]
    /// The token revocation endpoint (`revocation_endpoint`, RFC 7009), nil when the server offers none.
    public var revocationURL: URL?
    /// Where the Battle.net API that the server's tokens work with is, when it is not Blizzard's
    /// (`sandbox_api_url`, a bnet-relay extension a sandbox relay sends: its emulator); nil otherwise.
    public var sandboxAPIURL: URL?
    /// Whether a login may name a loopback `redirect_uri` when it starts, for the browser to come back to the
    /// client (`loopback_redirect_supported`, a bnet-relay extension; RFC 8252 section 7.3).
    public var loopbackRedirect: Bool
    /// The standard authorization endpoint (`authorization_endpoint`, RFC 6749 section 3.1), nil when the server
    /// offers none.
    public var authorizationURL: URL?
    /// The server's issuer (`issuer`), which its authorization responses name as `iss` (RFC 9207).
    public var issuer: String?
    /// The relay's game-data gateway (`api_gateway_endpoint`, a bnet-relay extension), nil when it is off.
    public var apiGatewayURL: URL?

    /// Spells out the endpoints.
    public init(
        deviceAuthorizationURL: URL, tokenURL: URL, longPollWaitMax: Int? = nil, regions: [Region] = [],
        revocationURL: URL? = nil, sandboxAPIURL: URL? = nil, loopbackRedirect: Bool = false,
        authorizationURL: URL? = nil, issuer: String? = nil, apiGatewayURL: URL? = nil
    ) {
        self.loopbackRedirect = loopbackRedirect
        self.authorizationURL = authorizationURL
        self.issuer = issuer
        self.apiGatewayURL = apiGatewayURL
        self.deviceAuthorizationURL = deviceAuthorizationURL
        self.tokenURL = tokenURL
        self.longPollWaitMax = longPollWaitMax
        self.regions = regions
        self.revocationURL = revocationURL
        self.sandboxAPIURL = sandboxAPIURL
    }

    /// The conventional layout under a base URL: `/oauth/device/code`, `/oauth/token` and `/oauth/revoke`, no
    /// long-polling.
    public init(conventionalAt baseURL: URL) {
        self.init(
            deviceAuthorizationURL: baseURL.appending(path: "oauth/device/code"),
            tokenURL: baseURL.appending(path: "oauth/token"),
            revocationURL: baseURL.appending(path: "oauth/revoke"))
    }
}

/// The fields of RFC 8414 authorization server metadata the device flow needs.
struct AuthorizationServerMetadata: Decodable {
    var deviceAuthorizationEndpoint: String?
    var tokenEndpoint: String?
    var longPollWaitMax: Int?
    var regionsSupported: [String]?
    var revocationEndpoint: String?
    var sandboxAPIURL: String?
    var loopbackRedirectSupported: Bool?
    var authorizationEndpoint: String?
    var issuer: String?
    var apiGatewayEndpoint: String?

    enum CodingKeys: String, CodingKey {
        case authorizationEndpoint = "authorization_endpoint", issuer
        case deviceAuthorizationEndpoint = "device_authorization_endpoint", tokenEndpoint = "token_endpoint"
        case longPollWaitMax = "long_poll_wait_max", regionsSupported = "regions_supported"
        case revocationEndpoint = "revocation_endpoint", sandboxAPIURL = "sandbox_api_url"
        case loopbackRedirectSupported = "loopback_redirect_supported", apiGatewayEndpoint = "api_gateway_endpoint"
    }
}
