import Foundation

/// The relay's time, handed to every part of the core that reads it: ``date`` is the wall time of what it stores and
/// sends (expiry, timestamps, cache ages), and the clock itself (a `Clock`, as Hummingbird's `MemoryPersistDriver<C>`
/// takes one) times its sleeps, deadlines, paces and refills.
///
/// Production passes ``live`` once, in its composition root; a test passes a ``RelayTimeSource`` it moves by hand, so
/// that held polls, `slow_down` pacing, expiry and refills happen when the test says, without waiting.
public struct RelayClock: Clock {
    /// A point on the clock's monotonic line: the time since its source's origin.
    public struct Instant: InstantProtocol {
        /// The time since the source's origin.
        public let offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public static func + (lhs: Instant, rhs: Duration) -> Instant { lhs.advanced(by: rhs) }
        public static func - (lhs: Instant, rhs: Instant) -> Duration { rhs.duration(to: lhs) }
    }

    private let source: any RelayTimeSource

    /// A clock reading `source`.
    public init(_ source: any RelayTimeSource) {
        self.source = source
    }

    /// The system's time: `Date()` and the continuous clock.
    public static let live = RelayClock(SystemTime())

    /// The wall time now.
    public var date: Date { source.date }

    public var now: Instant { Instant(offset: source.elapsed) }

    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await source.sleep(until: deadline.offset)
    }
}

/// Where a ``RelayClock`` reads the time: the system's (``RelayClock/live``) or a test's.
public protocol RelayTimeSource: Sendable {
    /// The wall time now.
    var date: Date { get }
    /// The monotonic time since the source's origin; never goes back.
    var elapsed: Duration { get }
    /// Returns once ``elapsed`` reaches `elapsed`; throws `CancellationError` when the task is cancelled first.
    func sleep(until elapsed: Duration) async throws
}

/// The system's time.
private struct SystemTime: RelayTimeSource {
    private let origin = ContinuousClock.now

    var date: Date { Date() }

    var elapsed: Duration { ContinuousClock.now - origin }

    func sleep(until elapsed: Duration) async throws {
        try await Task.sleep(until: origin + elapsed, clock: .continuous)
    }
}
