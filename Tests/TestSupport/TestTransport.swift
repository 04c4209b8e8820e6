import AsyncHTTPClient
import BattleNetHTTPClient
import NIOCore

extension AsyncHTTPClientTransport {
    /// The tests' client: the library's configuration, except that an idle pooled connection is closed after 500 ms
    /// instead of 60 s. The suite talks to hundreds of short-lived servers in one process; with the library's timeout
    /// every one of them left connections (two descriptors each when the server is in the same process) open for a
    /// minute.
    public static let testing: AsyncHTTPClientTransport = {
        var configuration = HTTPClient.Configuration.battleNet
        configuration.connectionPool = .init(idleTimeout: .milliseconds(500))
        return AsyncHTTPClientTransport(client: HTTPClient(configuration: configuration))
    }()
}
