import Foundation
import NIOConcurrencyHelpers

/// Runs `operation` and returns its result, or throws `timeout()` once `limit` has passed on `clock`, whichever comes
/// first.
/// `timeout` is called when the deadline passes, so it can also give up what the operation holds; if the operation
/// ends at that very moment its result wins and the timeout's error is dropped.
///
/// Unlike a task group racing a timer, this returns at the deadline even when `operation` ignores cancellation
/// (a task group waits for every child): the operation runs in a task of its own, which is cancelled and left to end
/// by itself. A stuck database driver therefore cannot hold a request, a readiness check or a shutdown past the
/// store's deadline. Cancelling the caller cancels the operation and throws `CancellationError` at once.
public func withDeadline<T: Sendable>(
    _ limit: Duration, clock: RelayClock = .live, timeout: @escaping @Sendable () -> any Error,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let outcome = FirstOutcome<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            outcome.start(continuation)
            let work = Task {
                do {
                    outcome.finish(.success(try await operation()))
                } catch {
                    outcome.finish(.failure(error))
                }
            }
            let timer = Task {
                guard (try? await clock.sleep(for: limit)) != nil else { return }
                outcome.finish(.failure(timeout()))
                work.cancel()
            }
            outcome.onFinish {
                work.cancel()
                timer.cancel()
            }
        }
    } onCancel: {
        outcome.finish(.failure(CancellationError()))
    }
}

/// The first of several outcomes, delivered once to one continuation; later ones are dropped.
private final class FirstOutcome<T: Sendable>: Sendable {
    private struct State: Sendable {
        var continuation: CheckedContinuation<T, any Error>?
        /// An outcome that arrived before the continuation (the caller was cancelled first).
        var early: Result<T, any Error>?
        var finished = false
        var cleanup: (@Sendable () -> Void)?
    }

    private let state = NIOLockedValueBox(State())

    func start(_ continuation: CheckedContinuation<T, any Error>) {
        let early = state.withLockedValue { state in
            state.continuation = continuation
            return state.early
        }
        if let early { continuation.resume(with: early) }
    }

    /// Runs `cleanup` once an outcome is delivered (at once if it already was).
    func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
        let now = state.withLockedValue { state in
            if state.finished { return true }
            state.cleanup = cleanup
            return false
        }
        if now { cleanup() }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, cleanup) = state.withLockedValue { state -> (CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) in
            guard !state.finished else { return (nil, nil) }
            state.finished = true
            guard let continuation = state.continuation else {
                state.early = result
                return (nil, nil)
            }
            state.continuation = nil
            defer { state.cleanup = nil }
            return (continuation, state.cleanup)
        }
        continuation?.resume(with: result)
        cleanup?()
    }
}
