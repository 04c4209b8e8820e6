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

    func register(on router: Router<RelayContext>) {
        router.get(".well-known/oauth-authorization-server") { _, _ in metadata() }
        router.get("healthz") { _, _ in health(sandbox: sandbox, version: nil) }
    }

    /// RFC 8414 metadata naming the device authorization, token and revocation endpoints (RFC 8628 section 4,
    /// RFC 7009), and the regions whose players the relay signs in (`regions_supported`, an extension).
    private func metadata() -> Response {
        .json(
            .ok,
            [
                "issuer": .string(settings.publicURL.absoluteString),
                "device_authorization_endpoint": .string(settings.url("oauth/device/code").absoluteString),
                "token_endpoint": .string(settings.url("oauth/token").absoluteString),
                "revocation_endpoint": .string(settings.url("oauth/revoke").absoluteString),
                "revocation_endpoint_auth_methods_supported": ["none"],
                "grant_types_supported": [TokenController.deviceCodeGrant],
                "response_types_supported": [],
                "token_endpoint_auth_methods_supported": ["none"],
                "scopes_supported": .strings(settings.defaultScopes),
                "long_poll_wait_max": .int(settings.maxLongPollWait),
                "regions_supported": .strings(settings.region.tokenRegions.map(\.rawValue)),
            ], headers: [.cacheControl: "public, max-age=300"])
    }
}
