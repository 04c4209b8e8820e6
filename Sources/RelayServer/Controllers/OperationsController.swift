import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// Metadata, health, readiness and metrics: separate, inert handlers that touch no login.
struct OperationsController {
    let service: LoginService
    let connections: ConnectionLimits
    let sandbox: Bool
    let version: String

    func register(on router: Router<RelayContext>) {
        router.get(".well-known/oauth-authorization-server") { _, _ in metadata() }
        router.get("healthz") { _, _ in
            Response.json(.ok, ["status": "ok", "sandbox": .bool(sandbox), "version": .string(version)])
        }
        router.get("readyz") { _, context in
            do {
                try await service.store.ping()
                return Response.json(.ok, ["status": "ready"])
            } catch {
                context.logger.warning("readiness check failed", metadata: ["error.type": "\(type(of: error))"])
                return Response.jsonError(.serviceUnavailable, "temporarily_unavailable", "The database is not reachable.")
            }
        }
        router.get("metrics") { _, _ in
            let counts = service.index.counts
            let text = service.metrics.render(extra: [
                ("bnet_relay_open_logins", "Logins in the poll index.", Double(counts.logins)),
                ("bnet_relay_held_polls", "Long-polls held now.", Double(counts.held)),
                ("bnet_relay_open_connections", "Client connections open now.", Double(connections.open)),
            ])
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }

    /// RFC 8414 metadata naming the device authorization and token endpoints (RFC 8628 section 4).
    private func metadata() -> Response {
        let settings = service.settings
        return .json(
            .ok,
            [
                "issuer": .string(settings.publicURL.absoluteString),
                "device_authorization_endpoint": .string(settings.url("oauth/device/code").absoluteString),
                "token_endpoint": .string(settings.url("oauth/token").absoluteString),
                "grant_types_supported": [TokenController.deviceCodeGrant],
                "response_types_supported": [],
                "token_endpoint_auth_methods_supported": ["none"],
                "scopes_supported": .strings(settings.defaultScopes),
                "long_poll_wait_max": .int(settings.maxLongPollWait),
            ], headers: [.cacheControl: "public, max-age=300"])
    }
}
