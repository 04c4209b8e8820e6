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
    public static let testing = AsyncHTTPClientTransport(client: HTTPClient(configuration: testingConfiguration))

    static var testingConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration.battleNet
        configuration.connectionPool = .init(idleTimeout: .milliseconds(500), concurrentHTTP1ConnectionsPerHostSoftLimit: 32)
        configuration.timeout.connect = .seconds(30)
        return configuration
    }

    /// Runs `body` with a client like ``testing`` but with a pool of its own, shut down after: for a flood whose
    /// hundreds of queued requests must not wait in front of the test's other requests (a person's sign-in sent
    /// meanwhile would time out in the shared queue, whatever the server did).
    public static func withOwnPool<T>(_ body: (AsyncHTTPClientTransport) async throws -> T) async throws -> T {
        let client = HTTPClient(configuration: testingConfiguration)
        do {
            let result = try await body(AsyncHTTPClientTransport(client: client))
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
