import Foundation

/// The in-memory view of open logins that answers polls without touching the disk, and holds long-polls
/// until their login changes.
///
/// The database stays the source of truth: every status change is written there first, then here.
public actor PollIndex {
    /// What a poll needs to know about a login.
    public struct Entry: Sendable {
        /// The login's id.
        public var loginID: String
        /// The app that started it.
        public var app: String
        /// Its status as last written.
        public var status: LoginStatus
        /// The current polling interval in seconds.
        public var interval: Int
        /// When it expires.
        public var expiresAt: Date
        /// When it was last polled without a long-poll wait.
        var lastPoll: ContinuousClock.Instant?
        /// Long-polls held now.
        var held = 0
    }

    /// What the rate check says about a poll.
    public enum Pace: Sendable, Equatable {
        /// Go ahead.
        case ok
        /// Too fast: the interval has grown by 5 s to `interval`.
        case slowDown(interval: Int)
    }

    private var entries: [String: Entry] = [:]
    private var waiters: [String: [UUID: CheckedContinuation<Void, Never>]] = [:]
    private let clock = ContinuousClock()

    /// Creates an empty index.
    public init() {}

    /// Adds or replaces the entry of a login, keyed by its device code hash.
    public func put(_ login: Login) {
        entries[login.deviceCodeHash] = Entry(
            loginID: login.id, app: login.app, status: login.status, interval: login.interval,
            expiresAt: login.expiresAt, lastPoll: entries[login.deviceCodeHash]?.lastPoll,
            held: entries[login.deviceCodeHash]?.held ?? 0)
    }

    /// The entry for a device code hash.
    public func entry(_ deviceCodeHash: String) -> Entry? {
        entries[deviceCodeHash]
    }

    /// Records a status change and, when it is one a poller must hear of (anything but the person opening the
    /// provider's page), wakes every long-poll held on the login.
    public func update(_ deviceCodeHash: String, status: LoginStatus) {
        entries[deviceCodeHash]?.status = status
        if status != .authorizing { wake(deviceCodeHash) }
    }

    /// The entry for a poll and, for a plain poll of an open, unexpired login, its pace: one actor hop on the
    /// hot path instead of two.
    public func admit(_ deviceCodeHash: String, now: Date, paced: Bool) -> (entry: Entry?, pace: Pace) {
        guard let entry = entries[deviceCodeHash] else { return (nil, .ok) }
        guard paced, entry.status == .pending || entry.status == .authorizing, entry.expiresAt > now else {
            return (entry, .ok)
        }
        let pace = pace(deviceCodeHash)
        return (entries[deviceCodeHash], pace)
    }

    /// Checks a plain poll's pace (RFC 8628 section 3.5). The first poll is never too fast, and a poll within
    /// `grace` of the interval is accepted, since real clients drift.
    public func pace(_ deviceCodeHash: String, grace: Double = 0.2) -> Pace {
        guard var entry = entries[deviceCodeHash] else { return .ok }
        let now = clock.now
        defer { entries[deviceCodeHash] = entry }
        if let last = entry.lastPoll, now - last < .seconds(Double(entry.interval) * (1 - grace)) {
            entry.interval += 5
            entry.lastPoll = now
            return .slowDown(interval: entry.interval)
        }
        entry.lastPoll = now
        return .ok
    }

    /// Holds a long-poll until the login changes or `timeout` passes. Returns false, at once, when the login
    /// already has `maxHeld` polls held (the client must slow down).
    public func wait(_ deviceCodeHash: String, timeout: Duration, maxHeld: Int = 2) async -> Bool {
        guard let entry = entries[deviceCodeHash], entry.held < maxHeld else { return false }
        entries[deviceCodeHash]?.held += 1
        let id = UUID()
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.resume(deviceCodeHash, id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters[deviceCodeHash, default: [:]][id] = continuation
            }
        } onCancel: {
            Task { await self.resume(deviceCodeHash, id) }
        }
        timer.cancel()
        entries[deviceCodeHash]?.held -= 1
        entries[deviceCodeHash]?.lastPoll = nil
        return true
    }

    /// Removes entries that expired before `now`, waking their polls.
    public func prune(now: Date) -> Int {
        let expired = entries.filter { $0.value.expiresAt <= now }.map(\.key)
        for key in expired {
            wake(key)
            entries[key] = nil
        }
        return expired.count
    }

    /// Answers every held long-poll now (at shutdown, so that in-flight requests finish promptly).
    public func releaseAll() {
        for key in Array(waiters.keys) { wake(key) }
    }

    /// The device code hashes of logins the index believes open.
    public func openHashes() -> [String] {
        entries.filter { $0.value.status.isOpen }.map(\.key)
    }

    /// How many logins and held polls the index holds.
    public var counts: (logins: Int, held: Int) {
        (entries.count, waiters.values.reduce(0) { $0 + $1.count })
    }

    private func resume(_ key: String, _ id: UUID) {
        waiters[key]?.removeValue(forKey: id)?.resume()
        if waiters[key]?.isEmpty == true { waiters[key] = nil }
    }

    private func wake(_ key: String) {
        guard let held = waiters.removeValue(forKey: key) else { return }
        for continuation in held.values { continuation.resume() }
    }
}
