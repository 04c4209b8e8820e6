import BattleNet
import Foundation
import NIOConcurrencyHelpers

/// The in-memory view of open logins that answers polls without touching the disk, and holds long-polls
/// until their login changes.
///
/// The database stays the source of truth: every status change is written there first, then here. The index is a
/// locked table (`NIOLockedValueBox`) rather than an actor: a poll reads and paces its entry in one short critical section on the
/// caller's own thread, instead of hopping to another executor and back (that hop was a tenth of a poll's cost).
public final class PollIndex: Sendable {
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
        /// Whether the login was started with a loopback return address (``Login/returnURI``).
        public var returnsToLoopback = false
        /// Whether an app started it at the authorization endpoint: its device code is an authorization code, never
        /// redeemed by the device grant.
        public var isAuthorizationCode = false
        /// When it was last polled without a long-poll wait.
        var lastPoll: RelayClock.Instant?
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

    /// The table and its held polls, behind one lock.
    private struct State {
        var entries: [String: Entry] = [:]
        var waiters: [String: [UInt64: CheckedContinuation<Void, Never>]] = [:]
        /// Held polls not yet returned, and those of them answered (by the reaper or cancellation) before their
        /// continuation was registered.
        var live: Set<UInt64> = []
        var answeredEarly: Set<UInt64> = []
        var nextWaiter: UInt64 = 0
        /// Held polls by the 100 ms tick in which their wait ends. One shared reaper task answers them, instead of a
        /// timer task per held poll (which cost 3 KiB each, 15% of a held poll's memory).
        var deadlines: [Int64: [(key: String, id: UInt64)]] = [:]
        var reaper: Task<Void, Never>?

        /// Checks a plain poll's pace (RFC 8628 section 3.5). The first poll is never too fast, and a poll within
        /// `grace` of the interval is accepted, since real clients drift.
        mutating func pace(_ deviceCodeHash: String, now: RelayClock.Instant, grace: Double = 0.2) -> Pace {
            guard var entry = entries[deviceCodeHash] else { return .ok }
            defer { entries[deviceCodeHash] = entry }
            let least = Duration.seconds(Double(entry.interval) * (1 - grace))
            if let last = entry.lastPoll, now - last < least {
                entry.interval = min(entry.interval + 5, PollIndex.maxInterval)
                entry.lastPoll = now
                return .slowDown(interval: entry.interval)
            }
            entry.lastPoll = now
            return .ok
        }

        /// Removes and returns the continuation of held poll `id` on `key`; if it is not registered yet, remembers
        /// that it was answered.
        mutating func answer(_ key: String, _ id: UInt64) -> CheckedContinuation<Void, Never>? {
            guard let continuation = waiters[key]?.removeValue(forKey: id) else {
                if live.contains(id) { answeredEarly.insert(id) }
                return nil
            }
            if waiters[key]?.isEmpty == true { waiters[key] = nil }
            return continuation
        }
    }

    private let state = NIOLockedValueBox(State())
    private let clock: RelayClock
    private let epoch: RelayClock.Instant
    private static let tick = Duration.milliseconds(100)

    /// The longest interval `slow_down` grows to. RFC 8628 section 3.5 sets no bound; a client that keeps polling too
    /// fast still gets `slow_down` past it, but is never told to wait longer than half of a default login's life.
    public static let maxInterval = 300

    /// Creates an empty index whose polls are paced and held by `clock`.
    public init(clock: RelayClock) {
        self.clock = clock
        epoch = clock.now
    }

    /// Adds or replaces the entry of a login, keyed by its device code hash.
    public func put(_ login: Login) {
        state.withLockedValue { state in
            let previous = state.entries[login.deviceCodeHash]
            state.entries[login.deviceCodeHash] = Entry(
                loginID: login.id, app: login.app, status: login.status, interval: login.interval,
                expiresAt: login.expiresAt, returnsToLoopback: login.returnURI != nil,
                isAuthorizationCode: login.authorizationRequest != nil, lastPoll: previous?.lastPoll,
                held: previous?.held ?? 0)
        }
    }

    /// The entry for a device code hash.
    public func entry(_ deviceCodeHash: String) -> Entry? {
        state.withLockedValue { $0.entries[deviceCodeHash] }
    }

    /// Records a status change and, when it is one a poller must hear of (anything but the person opening the
    /// provider's page), wakes every long-poll held on the login.
    public func update(_ deviceCodeHash: String, status: LoginStatus) {
        let woken = state.withLockedValue { state in
            state.entries[deviceCodeHash]?.status = status
            return status == .authorizing ? nil : state.waiters.removeValue(forKey: deviceCodeHash)
        }
        woken?.values.forEach { $0.resume() }
    }

    /// The entry for a poll and, for a plain poll of an open, unexpired login, its pace (RFC 8628 section 3.5).
    public func admit(_ deviceCodeHash: String, now: Date, paced: Bool) -> (entry: Entry?, pace: Pace) {
        state.withLockedValue { state in
            guard let entry = state.entries[deviceCodeHash] else { return (nil, .ok) }
            guard paced, entry.status == .pending || entry.status == .authorizing, entry.expiresAt > now else {
                return (entry, .ok)
            }
            let pace = state.pace(deviceCodeHash, now: clock.now)
            return (state.entries[deviceCodeHash], pace)
        }
    }

    /// Holds a long-poll until the login changes or `timeout` passes (it is answered within 0.2 s after). Returns
    /// false, at once, when the login already has `maxHeld` polls held (the client must slow down).
    public func wait(_ deviceCodeHash: String, timeout: Duration, maxHeld: Int = 2) async -> Bool {
        let deadline = tickIndex(clock.now + timeout)
        let admitted: UInt64? = state.withLockedValue { state in
            guard let entry = state.entries[deviceCodeHash], entry.held < maxHeld else { return nil }
            state.entries[deviceCodeHash]?.held += 1
            state.nextWaiter += 1
            state.live.insert(state.nextWaiter)
            state.deadlines[deadline, default: []].append((deviceCodeHash, state.nextWaiter))
            if state.reaper == nil { state.reaper = startReaper(firstTick: tickIndex(clock.now)) }
            return state.nextWaiter
        }
        guard let id = admitted else { return false }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLockedValue { state in
                    if state.answeredEarly.remove(id) != nil { return true }
                    // A change that landed since the caller read the entry has nobody to wake: answer at once.
                    guard let status = state.entries[deviceCodeHash]?.status, status == .pending || status == .authorizing
                    else { return true }
                    state.waiters[deviceCodeHash, default: [:]][id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            answer(deviceCodeHash, id)
        }
        state.withLockedValue { state in
            state.live.remove(id)
            state.answeredEarly.remove(id)
            state.entries[deviceCodeHash]?.held -= 1
            state.entries[deviceCodeHash]?.lastPoll = nil
        }
        return true
    }

    /// Removes entries that expired before `now`, waking their polls.
    public func prune(now: Date) -> Int {
        let (count, woken) = state.withLockedValue { state in
            let expired = state.entries.filter { $0.value.expiresAt <= now }.map(\.key)
            var woken: [CheckedContinuation<Void, Never>] = []
            for key in expired {
                if let held = state.waiters.removeValue(forKey: key) { woken += held.values }
                state.entries[key] = nil
            }
            return (expired.count, woken)
        }
        woken.forEach { $0.resume() }
        return count
    }

    /// Answers every held long-poll now (at shutdown, so that in-flight requests finish promptly).
    public func releaseAll() {
        let woken = state.withLockedValue { state in
            defer {
                state.waiters = [:]
                state.deadlines = [:]
            }
            return state.waiters.values.flatMap(\.values)
        }
        woken.forEach { $0.resume() }
    }

    /// The device code hashes of logins the index believes open.
    public func openHashes() -> [String] {
        state.withLockedValue { $0.entries.filter { $0.value.status.isOpen }.map(\.key) }
    }

    /// How many logins the index holds (a login start checks it against the cap: one lock, no scan).
    public var loginCount: Int {
        state.withLockedValue { $0.entries.count }
    }

    /// How many logins and held polls the index holds.
    public var counts: (logins: Int, held: Int) {
        state.withLockedValue { ($0.entries.count, $0.waiters.values.reduce(0) { $0 + $1.count }) }
    }

    /// The tick in which `instant` falls, counted from the index's creation.
    private func tickIndex(_ instant: RelayClock.Instant) -> Int64 {
        let elapsed = instant - epoch
        return elapsed.components.seconds * 10 + elapsed.components.attoseconds / 100_000_000_000_000_000 + 1
    }

    /// The instant tick `index` ends.
    private func end(ofTick index: Int64) -> RelayClock.Instant {
        epoch + PollIndex.tick * Int(index)
    }

    /// The task that answers held polls whose wait has ended, at the end of every tick from `firstTick` on, until none
    /// is left. Each sleep ends at a tick's end read from the same instant the answers were taken at, so a clock that
    /// jumps ahead meanwhile wakes it at once rather than a tick after the jump.
    private func startReaper(firstTick: Int64) -> Task<Void, Never> {
        Task { [weak self, clock] in
            var tick = firstTick
            while true {
                try? await clock.sleep(until: self?.end(ofTick: tick) ?? clock.now)
                guard let self else { return }
                let now = clock.now
                guard self.answerExpired(passed: self.tickIndex(now) - 1) else { return }
                tick = self.tickIndex(now)
            }
        }
    }

    /// Answers the held polls whose tick is at most `passed`; false (and the reaper stops) when none is left to time.
    private func answerExpired(passed: Int64) -> Bool {
        let due: [(key: String, id: UInt64)]? = state.withLockedValue { state in
            guard !state.deadlines.isEmpty else {
                state.reaper = nil
                return nil
            }
            var due: [(key: String, id: UInt64)] = []
            for tick in state.deadlines.keys.filter({ $0 <= passed }) {
                due += state.deadlines.removeValue(forKey: tick) ?? []
            }
            return due
        }
        guard let due else { return false }
        for waiter in due { answer(waiter.key, waiter.id) }
        return true
    }

    /// Ends one held poll (its wait ended or its request was cancelled), whether or not it is registered yet.
    private func answer(_ key: String, _ id: UInt64) {
        state.withLockedValue { $0.answer(key, id) }?.resume()
    }
}
