import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// The public metadata and liveness endpoints, on the main listener: inert handlers that touch no login and no
/// database.
struct MetadataController {
    let settings: RelaySettings
    let sandbox: Bool
    /// In sandbox mode, where the emulator serves the Battle.net API that the relay's tokens are good for.
    var sandboxAPIURL: URL? = nil
    /// Whether the game-data gateway answers, named as `api_gateway_endpoint` (docs/gateway.md).
    var gatewayOn = false

    func register(on router: Router<RelayContext>) {
        router.get(".well-known/oauth-authorization-server") { _, _ in metadata() }
        router.get(".well-known/openid-configuration") { _, _ in metadata() }
        router.get("healthz") { _, _ in health(sandbox: sandbox, version: nil) }
    }

    /// RFC 8414 metadata naming the device authorization, token and revocation endpoints (RFC 8628 section 4,
    /// RFC 7009), and the regions whose players the relay signs in (`regions_supported`, an extension); in sandbox
    /// mode also where its tokens work, the emulator's API (`sandbox_api_url`, an extension), since Blizzard's API
    /// hosts do not know them. `loopback_redirect_supported` (an extension) says a login may name a loopback
    /// `redirect_uri` (RFC 8252 section 7.3) for its browser to come back to. The same document answers OpenID
    /// Connect Discovery (`/.well-known/openid-configuration`), with the fields stock clients require: the
    /// authorization endpoint (code with S256 PKCE only), the key set, userinfo, subject and signing algorithm.
    private func metadata() -> Response {
        var fields: JSONBody = [
            "issuer": .string(settings.issuer),
            "authorization_endpoint": .string(settings.url("oauth/authorize").absoluteString),
            "jwks_uri": .string(settings.url("oauth/jwks").absoluteString),
            "userinfo_endpoint": .string(settings.url("oauth/userinfo").absoluteString),
            "code_challenge_methods_supported": ["S256"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "response_modes_supported": ["query"],
            "claims_supported": ["iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "at_hash", "battle_tag"],
            "authorization_response_iss_parameter_supported": true,
            "device_authorization_endpoint": .string(settings.url("oauth/device/code").absoluteString),
            "token_endpoint": .string(settings.url("oauth/token").absoluteString),
            "revocation_endpoint": .string(settings.url("oauth/revoke").absoluteString),
            "revocation_endpoint_auth_methods_supported": ["none"],
            "grant_types_supported": .strings([TokenController.authorizationCodeGrant, TokenController.deviceCodeGrant]),
            "response_types_supported": ["code"],
            "token_endpoint_auth_methods_supported": ["none"],
            "scopes_supported": .strings(settings.defaultScopes),
            "long_poll_wait_max": .int(settings.maxLongPollWait),
            "regions_supported": .strings(settings.region.tokenRegions.map(\.rawValue)),
            "loopback_redirect_supported": true,
        ]
        if let sandboxAPIURL { fields["sandbox_api_url"] = .string(sandboxAPIURL.absoluteString) }
        if gatewayOn { fields["api_gateway_endpoint"] = .string(settings.url("api").absoluteString) }
        return .json(.ok, fields, headers: [.cacheControl: "public, max-age=300"])
    }
}
