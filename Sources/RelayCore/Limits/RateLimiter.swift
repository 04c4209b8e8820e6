import BattleNet
import Foundation

/// Token buckets keyed by client (an IPv4 address or an IPv6 /64): `burst` requests at once, refilled at
/// `perMinute`.
///
/// The table is bounded in two generations: buckets live in `current`; when it holds half of `maxKeys`, it becomes
/// `previous` and the old `previous` is dropped whole. A bucket used again moves back to `current`, so only buckets
/// idle for a whole generation are forgotten, and forgetting costs the same whatever the table's size (the old
/// eviction rescanned the whole table inside the actor every time it filled).
public actor RateLimiter {
    private struct Bucket {
        var tokens: Double
        var updated: RelayClock.Instant
    }

    /// What the limiter is for, used in metrics and logs.
    public let name: String
    private let burst: Double
    private let perSecond: Double
    private let generationSize: Int
    private var current: [String: Bucket] = [:]
    private var previous: [String: Bucket] = [:]
    private let clock: RelayClock

    /// Creates a limiter allowing `burst` requests at once and `perMinute` sustained, per key, remembering at most
    /// `maxKeys` keys, refilled as `clock` moves.
    public init(name: String, burst: Int, perMinute: Double, maxKeys: Int = 100_000, clock: RelayClock) {
        self.clock = clock
        self.name = name
        self.burst = Double(burst)
        perSecond = perMinute / 60
        generationSize = max(1, maxKeys / 2)
    }

    /// Takes one token for `key`; false when the key has none left.
    public func allow(_ key: String) -> Bool {
        let now = clock.now
        var bucket = current[key] ?? previous.removeValue(forKey: key) ?? Bucket(tokens: burst, updated: now)
        bucket.tokens = min(burst, bucket.tokens + (now - bucket.updated).timeInterval * perSecond)
        bucket.updated = now
        let allowed = bucket.tokens >= 1
        if allowed { bucket.tokens -= 1 }
        if current[key] == nil, current.count >= generationSize {
            previous = current
            current = [:]
        }
        current[key] = bucket
        return allowed
    }

    /// Whether `key` has a token left, without taking it: a budget charged only for some outcomes (a guess that
    /// named nothing) is checked with this first, then charged with ``allow(_:)``.
    public func hasToken(_ key: String) -> Bool {
        guard let bucket = current[key] ?? previous[key] else { return burst >= 1 }
        return min(burst, bucket.tokens + (clock.now - bucket.updated).timeInterval * perSecond) >= 1
    }

    /// How many keys the limiter remembers now (at most `maxKeys`).
    public var keys: Int { current.count + previous.count }
}
