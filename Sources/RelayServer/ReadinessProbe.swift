import BattleNet
import Foundation
import Logging
import RelayCore
import ServiceLifecycle

/// Whether the database works, checked by the relay itself on a timer (one small write each time), so that
/// `/readyz` answers from memory: a flood of probes costs the single writer nothing.
final class ReadinessProbe: Service, @unchecked Sendable {
    /// The last check.
    struct State {
        var ready = false
        var checkedAt: Date?
    }

    private let store: any LoginStore
    private let every: Duration
    private let logger: Logger
    private let lock = NSLock()
    private var last = State()

    init(store: any LoginStore, every: Duration, logger: Logger) {
        self.store = store
        self.every = every
        self.logger = logger
    }

    /// The last check's result; not ready when it is older than three intervals and 10 s more (the checker is stuck:
    /// a check waiting behind a locked database is not finished), a margin a busy machine never needs.
    var state: State {
        let last = lock.withLock { self.last }
        guard let at = last.checkedAt, Date().timeIntervalSince(at) <= 3 * every.timeInterval + 10 else {
            return State(ready: false, checkedAt: last.checkedAt)
        }
        return last
    }

    /// Checks the database once now.
    func check() async {
        var ready = true
        do {
            try await store.ping()
        } catch {
            ready = false
            var metadata: Logger.Metadata = [LogKey.errorType: "\(type(of: error))"]
            if let unavailable = error as? LoginStoreUnavailable { metadata[LogKey.errorReason] = "\(unavailable.reason)" }
            logger.warning("readiness check failed", metadata: metadata)
        }
        lock.withLock { last = State(ready: ready, checkedAt: Date()) }
    }

    /// Re-checks every interval; the first check is the relay's own, before its server starts (``Relay/prepare()``).
    func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: self.every) }
            } catch {
                break
            }
            await check()
        }
    }
}
