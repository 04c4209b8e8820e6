import Foundation

/// What an upstream answer's `Cache-Control` allows a shared cache (RFC 9111 section 5.2.2): how long it is fresh,
/// whether it may be stored at all, and how long it may be served stale when Blizzard cannot answer (RFC 5861).
public struct CachePolicy: Sendable, Equatable {
    /// Seconds the answer is fresh: `s-maxage`, else `max-age`; 0 for `no-cache` or neither.
    public var maxAge: Int
    /// False for `no-store` and `private`: the answer is passed on and not kept.
    public var storable: Bool
    /// Seconds past freshness the answer may be served while upstream fails (`stale-if-error`), bounded by the caller.
    public var staleIfError: Int?

    /// The policy of a `Cache-Control` value (nil: no header, nothing fresh).
    public init(cacheControl: String?) {
        var maxAge: Int?
        var sharedMaxAge: Int?
        var noCache = false
        var storable = true
        var staleIfError: Int?
        for directive in (cacheControl ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            let value = parts.count == 2 ? Int(parts[1].trimmingCharacters(in: ["\""])) : nil
            switch parts.first ?? "" {
            case "max-age": maxAge = value
            case "s-maxage": sharedMaxAge = value
            case "no-cache": noCache = true
            case "no-store", "private": storable = false
            case "stale-if-error": staleIfError = value
            default: break
            }
        }
        self.maxAge = noCache ? 0 : max(0, sharedMaxAge ?? maxAge ?? 0)
        self.storable = storable
        self.staleIfError = staleIfError
    }
}
