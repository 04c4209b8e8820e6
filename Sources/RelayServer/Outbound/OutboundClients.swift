import AsyncHTTPClient
import BattleNetHTTPClient
import NIOCore

/// The relay's outbound HTTP clients. Code exchanges and userinfo go through the library's shared client; token
/// revocations through one of their own, with a pool of at most ``revocationConnections`` connections per host, so
/// that revocations waiting for Battle.net never take a connection a sign-in's code exchange needs.
package enum OutboundClients {
    /// Connections per host the revocations' client opens at most (``TokenRevoker`` runs as many calls at once).
    package static let revocationConnections = 4

    /// The revocations' client, process-wide like the shared one (never shut down).
    package static let revocations: AsyncHTTPClientTransport = {
        var configuration = HTTPClient.Configuration.battleNet
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: revocationConnections)
        return AsyncHTTPClientTransport(client: HTTPClient(configuration: configuration))
    }()

    /// Connections per host the game-data gateway's client opens at most.
    static let gatewayConnections = 16

    /// The gateway's client, with a pool of its own: gateway misses never take a connection a code exchange needs.
    package static let gateway: AsyncHTTPClientTransport = {
        var configuration = HTTPClient.Configuration.battleNet
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: gatewayConnections)
        return AsyncHTTPClientTransport(client: HTTPClient(configuration: configuration))
    }()
}
