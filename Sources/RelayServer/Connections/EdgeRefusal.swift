import HTTPTypes
import NIOCore

/// An answer the connection edge gives by itself, before any route sees the request, and then closes: a JSON
/// error body, `Cache-Control: no-store` and `Connection: close`.
struct EdgeRefusal: Sendable {
    let status: HTTPResponse.Status
    let error: String
    let description: String
    /// Seconds for `Retry-After`, if the client may try again.
    let retryAfter: Int?

    /// Over a connection cap.
    static let tooManyConnections = EdgeRefusal(
        status: .serviceUnavailable, error: "temporarily_unavailable",
        description: "Too many connections; try again in a minute.", retryAfter: 60)
    /// A request begun and not arrived within the request timeout.
    static let tooSlow = EdgeRefusal(
        status: .requestTimeout, error: "invalid_request", description: "The request took too long to arrive.",
        retryAfter: nil)
    /// Over the cap of requests in flight for one client behind a trusted proxy.
    static let tooManyProxiedRequests = EdgeRefusal(
        status: .tooManyRequests, error: "slow_down",
        description: "Too many requests in flight from this client; try again in a few seconds.", retryAfter: 10)

    /// A request to an OAuth endpoint whose header block is over ``RequestGate/maxOAuthHeaderBytes``.
    static let headersTooLarge = EdgeRefusal(
        status: .requestHeaderFieldsTooLarge, error: "invalid_request",
        description: "The request's headers are too large for an OAuth endpoint (at most 4 KiB); send fewer or shorter headers.",
        retryAfter: nil)

    /// The JSON body.
    var body: ByteBuffer {
        JSONBody(dictionaryLiteral: ("error", .string(error)), ("error_description", .string(description))).buffer
    }

    /// The response head.
    var head: HTTPResponse {
        var fields: HTTPFields = [
            .contentType: "application/json", .contentLength: "\(body.readableBytes)", .cacheControl: "no-store",
            .connection: "close",
        ]
        if let retryAfter { fields[.retryAfter] = "\(retryAfter)" }
        return HTTPResponse(status: status, headerFields: fields)
    }

    /// The whole response as HTTP/1.1 bytes, for a handler in front of the HTTP codec.
    var bytes: ByteBuffer {
        var text = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
        for field in head.headerFields { text += "\(field.name): \(field.value)\r\n" }
        var buffer = ByteBuffer(string: text + "\r\n")
        buffer.writeImmutableBuffer(body)
        return buffer
    }
}
