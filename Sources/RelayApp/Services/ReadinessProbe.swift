import BattleNet
import Foundation
import Logging
import NIOConcurrencyHelpers
import RelayCore
import RelayServer
import ServiceLifecycle

/// Whether the database works, checked by the relay itself on a timer (one small write each time), so that
/// `/readyz` answers from memory: a flood of probes costs the single writer nothing.
final class ReadinessProbe: Readiness, Service {
    private let store: any LoginStore
    private let every: Duration
    private let clock: RelayClock
    private let logger: Logger
    private let last = NIOLockedValueBox(ReadinessState())

    init(store: any LoginStore, every: Duration, clock: RelayClock, logger: Logger) {
        self.store = store
        self.clock = clock
        self.every = every
        self.logger = logger
    }

    /// The last check's result; not ready when it is older than three intervals and 10 s more (the checker is stuck:
    /// a check waiting behind a locked database is not finished), a margin a busy machine never needs.
    var state: ReadinessState {
        let last = self.last.withLockedValue { $0 }
        guard let at = last.checkedAt, clock.now - at <= every * 3 + .seconds(10) else {
            return ReadinessState(ready: false, checkedAt: last.checkedAt)
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
        last.withLockedValue { $0 = ReadinessState(ready: ready, checkedAt: clock.now) }
    }

    /// Re-checks every interval; the first check is the relay's own, before its server starts (``Relay/prepare()``).
    func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await self.clock.sleep(for: self.every) }
            } catch {
                break
            }
            await check()
        }
    }
}
