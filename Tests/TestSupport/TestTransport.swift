import AsyncHTTPClient
import BattleNetHTTPClient
import NIOCore

extension AsyncHTTPClientTransport {
    /// The tests' client: the library's configuration, except for its pool.
    /// - An idle pooled connection is closed after 500 ms instead of 60 s: the suite talks to hundreds of short-lived
    ///   servers in one process, and with the library's timeout every one of them left connections (two descriptors
    ///   each when the server is in the same process) open for a minute.
    /// - Up to 32 connections per server instead of 8, and a request may wait 30 s for one instead of the connect
    ///   timeout's 3 s: the concurrency tests send 200 requests at once, and on a loaded machine the last of them
    ///   waited in the queue longer than 3 s and failed as timeouts (the request's own deadline still applies).
    public static let testing: AsyncHTTPClientTransport = {
        var configuration = HTTPClient.Configuration.battleNet
        configuration.connectionPool = .init(idleTimeout: .milliseconds(500), concurrentHTTP1ConnectionsPerHostSoftLimit: 32)
        configuration.timeout.connect = .seconds(30)
        return AsyncHTTPClientTransport(client: HTTPClient(configuration: configuration))
    }()
}
