import BattleNet
import HTTPTypes
import NIOCore
import RelayCore

/// An answer the connection edge gives by itself, before any route sees the request, and then closes: a JSON
/// error body, `Cache-Control: no-store` and `Connection: close`.
struct EdgeRefusal: Sendable {
    let status: HTTPResponse.Status
    let error: OAuthErrorCode
    let description: String
    /// Seconds for `Retry-After`, if the client may try again.
    let retryAfter: Int?

    /// The refusal of `throttle`, with its `Retry-After`.
    init(_ throttle: Throttle) {
        let refusal = throttle.refusal!
        status = refusal.statusCode == 429 ? .tooManyRequests : .serviceUnavailable
        error = refusal.error
        description = refusal.description
        retryAfter = throttle.retryAfterSeconds
    }

    init(status: HTTPResponse.Status, error: OAuthErrorCode, description: String, retryAfter: Int?) {
        (self.status, self.error, self.description, self.retryAfter) = (status, error, description, retryAfter)
    }

    /// Over a connection cap.
    static let tooManyConnections = EdgeRefusal(.connections)
    /// A request begun and not arrived within the request timeout.
    static let tooSlow = EdgeRefusal(
        status: .requestTimeout, error: .invalidRequest, description: "The request took too long to arrive.",
        retryAfter: nil)
    /// Over the cap of requests in flight for one client behind a trusted proxy.
    static let tooManyProxiedRequests = EdgeRefusal(.proxiedRequests)

    /// A request to an OAuth endpoint whose header block is over ``RequestGate/maxOAuthHeaderBytes``.
    static let headersTooLarge = EdgeRefusal(
        status: .requestHeaderFieldsTooLarge, error: .invalidRequest,
        description: "The request's headers are too large for an OAuth endpoint (at most 4 KiB); send fewer or shorter headers.",
        retryAfter: nil)

    /// The JSON body.
    var body: ByteBuffer {
        JSONBody(dictionaryLiteral: ("error", .string(error.rawValue)), ("error_description", .string(description))).buffer
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
