import Logging
import RelayCore
import ServiceLifecycle

/// Sweeps expired logins in the background until graceful shutdown.
struct Sweeper: Service {
    let service: LoginService
    let every: Duration
    let logger: Logger

    func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                let purged = try await service.sweep()
                if purged > 0 { logger.debug("swept logins", metadata: ["deleted": "\(purged)"]) }
            } catch {
                logger.warning("sweep failed", metadata: ["error.type": "\(type(of: error))"])
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: every) }
            } catch {
                return
            }
        }
    }
}
