import Foundation
import RelayCore
import Testing

/// `withDeadline`, the bound on every PostgreSQL call: it answers at the deadline even when the operation ignores
/// cancellation (a stuck driver), which a task group racing a timer does not.
@Suite("Deadlines that hold against operations ignoring cancellation", .timeLimit(.minutes(1)))
struct DeadlineTests {
    struct TimedOut: Error {}

    /// A wait that ignores cancellation and ends only when ``release()`` is called.
    final class Stuck: @unchecked Sendable {
        private let lock = NSLock()
        private var waiter: CheckedContinuation<Void, Never>?
        private var released = false

        func wait() async {
            await withCheckedContinuation { continuation in
                let now = lock.withLock {
                    if released { return true }
                    waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        }

        func release() {
            let waiter = lock.withLock {
                released = true
                defer { self.waiter = nil }
                return self.waiter
            }
            waiter?.resume()
        }
    }

    /// Counts calls, from any task.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    @Test("An operation that ignores cancellation is given up at the deadline, with the timeout's error")
    func stuckOperation() async throws {
        let stuck = Stuck()
        defer { stuck.release() }
        let finished = Counter()
        await #expect(throws: TimedOut.self) {
            try await withDeadline(.milliseconds(100), timeout: { TimedOut() }) {
                await stuck.wait()
                finished.increment()
                return 1
            }
        }
        #expect(finished.value == 0, "the deadline waited for the operation")
    }

    @Test("An operation that answers in time returns its value or its error; the timeout is never made")
    func answersInTime() async throws {
        let timeouts = Counter()
        let value = try await withDeadline(.seconds(30), timeout: {
            timeouts.increment()
            return TimedOut()
        }) { 42 }
        #expect(value == 42)
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await withDeadline(.seconds(30), timeout: { TimedOut() }) { () async throws -> Int in throw Refused() }
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(timeouts.value == 0)
    }

    @Test("Cancelling the caller throws CancellationError before the deadline, even while the operation is stuck")
    func callerCancelled() async throws {
        let stuck = Stuck()
        defer { stuck.release() }
        let call = Task {
            try await withDeadline(.seconds(3600), timeout: { TimedOut() }) {
                await stuck.wait()
                return 1
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
    }

    @Test("A caller already cancelled is answered at once")
    func alreadyCancelled() async throws {
        let stuck = Stuck()
        defer { stuck.release() }
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await withDeadline(.seconds(3600), timeout: { TimedOut() }) {
                await stuck.wait()
                return 1
            }
        }
        await #expect(throws: CancellationError.self) { try await call.value }
    }
}
