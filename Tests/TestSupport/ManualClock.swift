import Foundation

/// A clock a test moves by hand: a wall time for code that takes `now: @Sendable () -> Date`, and a monotonic time
/// (``elapsed``) whose sleeps (``sleep(until:)``) end only when the test advances past them.
public final class ManualClock: @unchecked Sendable {
    private struct Sleeper {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current: Date
    private var elapsedTime = Duration.zero
    private var sleepers: [UInt64: Sleeper] = [:]
    private var cancelledEarly: Set<UInt64> = []
    private var nextSleeper: UInt64 = 0

    /// A clock reading `start` (by default a whole second, so that second windows start with it).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = start
    }

    /// The time now.
    public var now: Date { lock.withLock { current } }

    /// How far the clock has been moved since it was made.
    public var elapsed: Duration { lock.withLock { elapsedTime } }

    /// How many sleeps are waiting for the clock to move.
    public var sleeping: Int { lock.withLock { sleepers.count } }

    /// Moves the clock on, ending every sleep whose deadline it reaches.
    public func advance(_ duration: Duration) {
        let woken = lock.withLock {
            current = current.addingTimeInterval(duration.timeInterval)
            elapsedTime += duration
            let due = sleepers.filter { $0.value.deadline <= elapsedTime }
            for id in due.keys { sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        woken.forEach { $0.resume() }
    }

    /// Returns once the clock has been moved to `deadline` (at once if it has), or throws `CancellationError` when
    /// the task is cancelled first.
    public func sleep(until deadline: Duration) async throws {
        let id = lock.withLock {
            nextSleeper += 1
            return nextSleeper
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = lock.withLock {
                    if cancelledEarly.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= elapsedTime { return .success(()) }
                    sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                guard let sleeper = sleepers.removeValue(forKey: id) else {
                    cancelledEarly.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The clock as a closure.
    public var reader: @Sendable () -> Date { { [self] in now } }
}

extension Duration {
    fileprivate var timeInterval: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}
