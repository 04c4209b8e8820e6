import Foundation

/// A fault the emulator injects into requests whose path starts with `pathPrefix`.
public struct EmulatorFault: Sendable, Codable, Hashable {
    /// What goes wrong.
    public enum Kind: Sendable, Codable, Hashable {
        /// The answer is delayed by this many milliseconds, then given normally.
        case latency(milliseconds: Int)
        /// The answer is this HTTP status with the API gateway's error body.
        case status(Int)
        /// HTTP 429 with `Retry-After: seconds`.
        case rateLimited(retryAfterSeconds: Int)
        /// HTTP 200 with a truncated JSON body.
        case malformedJSON
        /// The connection is closed before a complete answer.
        case dropConnection
        /// HTTP 200 with a legacy Diablo III error body, `{"code":"MAINTENANCE","reason":"…"}`.
        case legacyError(code: String, reason: String)
        /// This HTTP status with an OAuth error body, `{"error":…,"error_description":…}`.
        case oauthError(status: Int, error: String, description: String)
        /// This HTTP status with this JSON text as the body.
        case json(status: Int, body: String)
    }

    /// Which requests: a path prefix such as `/token` or `/d3/profile`.
    public var pathPrefix: String
    /// The fault.
    public var kind: Kind
    /// How many requests it hits; nil for every one until cleared.
    public var count: Int?

    /// Creates a fault.
    public init(pathPrefix: String, kind: Kind, count: Int? = nil) {
        self.pathPrefix = pathPrefix
        self.kind = kind
        self.count = count
    }
}
