import Logging
import RelayCore
import ServiceLifecycle

/// Sweeps expired logins in the background until graceful shutdown.
struct Sweeper: Service {
    let service: LoginService
    let every: Duration
    let clock: RelayClock
    let logger: Logger

    func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            // Waits first: the relay migrates its database before its server starts, while this service already runs.
            do {
                try await cancelWhenGracefulShutdown { try await clock.sleep(for: every) }
            } catch {
                break
            }
            do {
                let purged = try await service.sweep()
                if purged > 0 { logger.debug("swept logins", metadata: [LogKey.count: "\(purged)"]) }
            } catch {
                logger.warning("sweep failed", metadata: [LogKey.errorType: "\(type(of: error))"])
            }
        }
    }
}

/// Answers every held long-poll when graceful shutdown begins, so that the server's in-flight requests finish
/// at once instead of after their wait. Run it after the application in the same service group: services are
/// shut down in reverse order, so it acts before the server waits for its requests.
public struct LongPollReleaser: Service {
    let index: PollIndex

    /// Releases the polls held in `index`.
    public init(index: PollIndex) {
        self.index = index
    }

    public func run() async throws {
        try? await gracefulShutdown()
        index.releaseAll()
    }
}
