import Foundation

/// A wall clock a test moves by hand, for code that takes `now: @Sendable () -> Date`.
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// A clock reading `start` (by default a whole second, so that second windows start with it).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = start
    }

    /// The time now.
    public var now: Date { lock.withLock { current } }

    /// Moves the clock on.
    public func advance(_ duration: Duration) {
        lock.withLock { current = current.addingTimeInterval(duration.timeInterval) }
    }

    /// The clock as a closure.
    public var reader: @Sendable () -> Date { { [self] in now } }
}

extension Duration {
    fileprivate var timeInterval: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}
