import Foundation

/// A game-data answer the gateway keeps: the body and the headers it passes on, with what RFC 9111 needs to know
/// its age and freshness.
public struct CachedAnswer: Sendable {
    /// The upstream status (200, or a 404 that says the same thing to everyone).
    public var status: Int
    /// The headers passed on to callers (content type, `Last-Modified`, `Cache-Control`, Blizzard's namespace and schema).
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Data
    /// When the answer was received (or last revalidated): its age counts from here.
    public var storedAt: Date
    /// How long it is fresh and may be kept.
    public var policy: CachePolicy

    /// An answer received (or revalidated) at `storedAt`.
    public init(status: Int, headers: [(name: String, value: String)], body: Data, storedAt: Date, policy: CachePolicy) {
        self.status = status
        self.headers = headers
        self.body = body
        self.storedAt = storedAt
        self.policy = policy
    }

    /// The upstream `Last-Modified`, for revalidation with `If-Modified-Since`.
    public var lastModified: String? {
        headers.first { $0.name.caseInsensitiveCompare("Last-Modified") == .orderedSame }?.value
    }

    /// Whole seconds since the answer was stored (RFC 9111 section 4.2.3, with no upstream `Age` to add).
    public func age(at now: Date) -> Int {
        max(0, Int(now.timeIntervalSince(storedAt)))
    }

    /// Whether the answer is fresh at `now`.
    public func isFresh(at now: Date) -> Bool {
        now.timeIntervalSince(storedAt) < Double(policy.maxAge)
    }

    /// Whether a stale answer may still be served at `now` while upstream fails: within its `stale-if-error`, at
    /// most `bound` seconds past freshness.
    public func servableOnError(at now: Date, bound: Int) -> Bool {
        let allowed = min(policy.staleIfError ?? bound, bound)
        return now.timeIntervalSince(storedAt) < Double(policy.maxAge + allowed)
    }

    /// The bytes the entry holds, for the size bound.
    var cost: Int {
        body.count + headers.reduce(64) { $0 + $1.name.utf8.count + $1.value.utf8.count }
    }
}
