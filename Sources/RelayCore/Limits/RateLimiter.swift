import BattleNet
import Foundation

/// Token buckets keyed by client (an IP address): `burst` requests at once, refilled at `perMinute`.
///
/// The table is bounded: when full, the buckets idle longest (which are full again anyway) are dropped.
public actor RateLimiter {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    /// What the limiter is for, used in metrics and logs.
    public let name: String
    private let burst: Double
    private let perSecond: Double
    private let maxKeys: Int
    private var buckets: [String: Bucket] = [:]
    private let clock = ContinuousClock()

    /// Creates a limiter allowing `burst` requests at once and `perMinute` sustained, per key.
    public init(name: String, burst: Int, perMinute: Double, maxKeys: Int = 100_000) {
        self.name = name
        self.burst = Double(burst)
        perSecond = perMinute / 60
        self.maxKeys = maxKeys
    }

    /// Takes one token for `key`; false when the key has none left.
    public func allow(_ key: String) -> Bool {
        let now = clock.now
        var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
        let elapsed = now - bucket.updated
        bucket.tokens = min(burst, bucket.tokens + elapsed.timeInterval * perSecond)
        bucket.updated = now
        guard bucket.tokens >= 1 else {
            buckets[key] = bucket
            return false
        }
        bucket.tokens -= 1
        if buckets[key] == nil, buckets.count >= maxKeys { evictIdle(now: now) }
        buckets[key] = bucket
        return true
    }

    private func evictIdle(now: ContinuousClock.Instant) {
        let refillTime = Duration.seconds(burst / max(perSecond, .leastNonzeroMagnitude))
        buckets = buckets.filter { now - $0.value.updated < refillTime }
        if buckets.count >= maxKeys {
            let oldest = buckets.sorted { $0.value.updated < $1.value.updated }.prefix(buckets.count / 2)
            for (key, _) in oldest { buckets[key] = nil }
        }
    }
}
