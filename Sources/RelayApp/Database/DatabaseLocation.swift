import Foundation
import Logging
import RelayCore
import RelayPostgres
import RelaySQLite
import ServiceLifecycle

/// Where the relay keeps its logins: an SQLite file (the embedded default) or a PostgreSQL database shared by
/// several relays. Parsed once, from the `--database` setting.
public enum DatabaseLocation: Sendable, CustomStringConvertible {
    /// An SQLite file (WAL), created if missing.
    case sqlite(path: String)
    /// A PostgreSQL database (see ``PostgresLocation`` for its TLS modes).
    case postgres(PostgresLocation, setting: String)

    /// A `postgres://` or `postgresql://` URL, or else a file path. A URL that does not parse is refused with
    /// a message that never shows its password.
    public init(parsing setting: String) throws(LoginStoreUnavailable) {
        if setting.hasPrefix("postgres://") || setting.hasPrefix("postgresql://") {
            self = .postgres(try PostgresLocation(url: setting), setting: setting)
        } else {
            self = .sqlite(path: setting)
        }
    }

    /// The setting with any password hidden, for logs and `check-config`.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(_, let setting): PostgresLocation.redacted(setting)
        }
    }

    /// A warning for `check-config` and the start-up log: a remote PostgreSQL server that is not verified.
    public var warning: String? {
        guard case .postgres(let location, _) = self else { return nil }
        return location.unverifiedServerWarning
    }

    /// Opens the store; PostgreSQL's pool then runs among the store's services.
    public func open(logger: Logger) throws -> any LoginStore {
        switch self {
        case .sqlite(let path): try SQLiteLoginStore(path: path)
        case .postgres(let location, _): try PostgresLoginStore(location: location, logger: logger)
        }
    }

    /// Opens the store, runs its services (its pool) while `body` uses it, migrated, then stops them: for the
    /// operator commands and tests that use a store outside a running relay.
    public func withStore<T: Sendable>(logger: Logger, _ body: (any LoginStore) async throws -> T) async throws -> T {
        let store = try open(logger: logger)
        let services = store.services(onChange: { _, _ in })
        let group = ServiceGroup(configuration: .init(services: services, logger: logger))
        let running = Task { try await group.run() }
        let result: Result<T, any Error>
        do {
            try await store.migrate()
            result = .success(try await body(store))
        } catch {
            result = .failure(error)
        }
        await group.triggerGracefulShutdown()
        _ = try? await running.value
        return try result.get()
    }
}
