import Foundation

/// An HTTP request as the library sends it. Kept small so any HTTP client can carry it.
public struct TransportRequest: Sendable {
    /// The method, such as `GET` or `POST`.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields in order; names are case-insensitive.
    public var headers: [(name: String, value: String)]
    /// The body, if any.
    public var body: Data?
    /// How long the whole exchange may take, from connecting to the last body byte.
    public var timeout: Duration
    /// The largest response body accepted; a larger one fails with ``BattleNetError/responseTooLarge(limit:)``.
    public var maxResponseBytes: Int

    /// Creates a request; the defaults suit Battle.net's JSON APIs.
    public init(
        method: String = "GET", url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil,
        timeout: Duration = .seconds(10), maxResponseBytes: Int = 4 << 20
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }
}

/// An HTTP response: status, headers and the whole (capped) body.
public struct TransportResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields in order.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// The one seam between this library and the network. `BattleNetHTTPClient` provides the default, on
/// AsyncHTTPClient; on Apple platforms a URLSession-based one can be plugged in.
///
/// An implementation throws ``BattleNetError/timeout``, ``BattleNetError/unreachable(_:)`` or
/// ``BattleNetError/responseTooLarge(limit:)`` for failures of its own, and returns every HTTP status as a response.
public protocol HTTPTransport: Sendable {
    /// Sends a request and returns the response with its whole body.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
