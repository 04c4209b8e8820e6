import Foundation

/// What the gateway answers a caller: Blizzard's status, body and the headers worth passing on, with `Age` and
/// `Cache-Status` (RFC 9111 section 5.1, RFC 9211).
public struct GatewayAnswer: Sendable {
    /// The status.
    public var status: Int
    /// The headers, `Age` and `Cache-Status` among them.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Data

    /// The upstream headers passed on to callers; everything else (cookies, Blizzard's trace ids) stays behind.
    static let passedOn: Set = [
        "content-type", "last-modified", "cache-control", "battlenet-namespace", "battlenet-schema",
        "battlenet-schema-revision",
    ]

    /// The answer of `cached` at `now`, with `cacheStatus` (such as `hit` or `fwd=miss; stored`).
    init(_ cached: CachedAnswer, at now: Date, cacheStatus: String) {
        status = cached.status
        body = cached.body
        headers = cached.headers + [("Age", "\(cached.age(at: now))"), ("Cache-Status", "bnet-relay; \(cacheStatus)")]
    }

    /// The first value of a header, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
