import Foundation
import Logging
import PostgresNIO
import RelayCore

/// The schema: its migrations, applied once each under an advisory lock so that relays starting together never
/// race, and the connection check that runs first.
extension PostgresLoginStore {
    static let migrations: [(name: String, sql: [String])] = [
        ("v1 logins", [
            """
            CREATE TABLE login (
                id TEXT PRIMARY KEY, app TEXT NOT NULL, scopes TEXT NOT NULL,
                device_code_hash TEXT NOT NULL UNIQUE, user_code_hash TEXT NOT NULL, sealing_public_key BYTEA NOT NULL,
                state_hash TEXT UNIQUE, status TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL,
                expires_at DOUBLE PRECISION NOT NULL, updated_at DOUBLE PRECISION NOT NULL, interval INTEGER NOT NULL,
                sealed_ephemeral BYTEA, sealed_box BYTEA, battletag TEXT, account_id BIGINT, failure TEXT)
            """,
            "CREATE INDEX login_user_code ON login (user_code_hash)",
            "CREATE INDEX login_expires ON login (expires_at)",
            """
            CREATE FUNCTION bnet_relay_notify() RETURNS trigger AS $$
            BEGIN
                PERFORM pg_notify('\(channel)', NEW.device_code_hash || ':' || NEW.status);
                RETURN NEW;
            END $$ LANGUAGE plpgsql
            """,
            """
            CREATE TRIGGER login_status_changed AFTER UPDATE OF status ON login
            FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION bnet_relay_notify()
            """,
        ]),
        ("v2 heartbeat", ["CREATE TABLE heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at DOUBLE PRECISION NOT NULL)"]),
        ("v3 unique open user codes", LoginSchema.uniqueOpenUserCodes),
        ("v4 binding MAC", LoginSchema.bindingMAC),
        ("v5 issued tokens", LoginSchema.issuedTokens),
        ("v6 start network", LoginSchema.startNetwork),
        ("v7 loopback return", LoginSchema.returnURI),
        ("v8 authorization requests", LoginSchema.authorizationRequests),
        (UpstreamSchema.migration, UpstreamSchema.tables),
    ]

    /// Opens one connection of its own and closes it: a wrong password, an unreachable host or a certificate that
    /// fails `verify-ca`/`verify-full` fails here, with its reason, instead of leaving the pool retrying.
    public func checkConnection() async throws {
        do {
            let connection = try await PostgresConnection.connect(
                configuration: location.connectionConfiguration(), id: 0, logger: logger)
            try await connection.close()
        } catch let error as PSQLError {
            throw LoginStoreUnavailable(reason: "cannot connect: \(Self.describe(error))")
        } catch let error as NIOSSLError {
            throw LoginStoreUnavailable(reason: "cannot connect: TLS \(error)")
        } catch let error as LoginStoreUnavailable {
            throw error
        } catch {
            throw LoginStoreUnavailable(reason: "cannot connect: \(error)")
        }
    }

    public func migrate() async throws {
        try await checkConnection()
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(8628)", logger: logger)
                try await connection.query(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)",
                    logger: logger)
                var applied = Set<String>()
                for try await name in try await connection.query("SELECT name FROM schema_migrations", logger: logger)
                    .decode(String.self)
                {
                    applied.insert(name)
                }
                try SchemaVersion.check(applied: applied, known: Self.migrations.map(\.name))
                for migration in Self.migrations where !applied.contains(migration.name) {
                    for statement in migration.sql {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    let now = Date().timeIntervalSince1970
                    try await connection.query(
                        "INSERT INTO schema_migrations (name, applied_at) VALUES (\(migration.name), \(now))", logger: logger)
                }
            }
        }
    }
}
