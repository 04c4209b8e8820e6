import Foundation

/// The gateway's in-memory store of game-data answers, bounded in bytes: when a new answer does not fit, the
/// least recently used ones are dropped until it does. One per relay; relays share only the upstream budget.
public actor GatewayCache {
    private struct Entry {
        var answer: CachedAnswer
        var lastUse: UInt64
    }

    /// The bytes the cache may hold.
    public let capacity: Int
    private var entries: [String: Entry] = [:]
    private var used = 0
    private var tick: UInt64 = 0

    /// A cache of at most `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// The answer kept for `key`, marked as used.
    public func answer(_ key: String) -> CachedAnswer? {
        guard var entry = entries[key] else { return nil }
        tick += 1
        entry.lastUse = tick
        entries[key] = entry
        return entry.answer
    }

    /// Keeps `answer` for `key`, evicting the least recently used answers to make room; one larger than the whole
    /// cache is not kept.
    public func store(_ answer: CachedAnswer, for key: String) {
        remove(key)
        guard answer.cost <= capacity else { return }
        while used + answer.cost > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            remove(oldest.key)
        }
        tick += 1
        entries[key] = Entry(answer: answer, lastUse: tick)
        used += answer.cost
    }

    /// Marks a kept answer revalidated at `now` (an upstream 304): fresh again, with the 304's `Cache-Control` if any.
    public func refresh(_ key: String, at now: Date, policy: CachePolicy?) {
        guard var entry = entries[key] else { return }
        entry.answer.storedAt = now
        if let policy { entry.answer.policy = policy }
        entries[key] = entry
    }

    /// Forgets the answer for `key`.
    public func remove(_ key: String) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        used -= entry.answer.cost
    }

    /// The bytes held and the answers kept.
    public var usage: (bytes: Int, entries: Int) { (used, entries.count) }
}
