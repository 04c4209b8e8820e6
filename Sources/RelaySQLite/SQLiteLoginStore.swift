import Foundation
import GRDB
import RelayCore

/// Logins in one SQLite file (WAL), with versioned migrations. Each method is one transaction.
public final class SQLiteLoginStore: LoginStore {
    private let pool: any DatabaseWriter

    /// Opens (creating if needed) the database at `path`, as a WAL-mode `DatabasePool`.
    public convenience init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(3)
        try self.init(writer: DatabasePool(path: path, configuration: configuration))
    }

    /// Uses any GRDB database: a `DatabasePool` on a file, or an in-memory `DatabaseQueue()` for tests.
    /// Call ``migrate()`` before use.
    public init(writer: any DatabaseWriter) throws {
        pool = writer
        // Every acknowledged change must survive a power loss or a disk error, not only a process crash: GRDB sets
        // WAL mode's usual `synchronous = NORMAL` on its writer, so set FULL after it (fsync at every commit).
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    }

    private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.read(body)
        } catch {
            throw LoginStoreUnavailable(reason: Self.describe(error))
        }
    }

    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.write(body)
        } catch let error as UserCodeTaken {
            throw error
        } catch {
            throw LoginStoreUnavailable(reason: Self.describe(error))
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DatabaseError else { return "\(type(of: error))" }
        return "SQLite error \(error.resultCode.rawValue): \(error.message ?? "unknown")"
    }

    public func migrate() async throws {
        let migrator = Self.migrator
        let applied = try await read { db in try migrator.appliedIdentifiers(db) }
        try SchemaVersion.check(applied: applied, known: migrator.migrations)
        try migrator.migrate(pool)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 logins") { db in
            try db.execute(
                sql: """
                    CREATE TABLE login (
                        id TEXT PRIMARY KEY NOT NULL,
                        app TEXT NOT NULL,
                        scopes TEXT NOT NULL,
                        device_code_hash TEXT NOT NULL UNIQUE,
                        user_code_hash TEXT NOT NULL,
                        sealing_public_key BLOB NOT NULL,
                        state_hash TEXT UNIQUE,
                        status TEXT NOT NULL,
                        created_at DOUBLE NOT NULL,
                        expires_at DOUBLE NOT NULL,
                        updated_at DOUBLE NOT NULL,
                        interval INTEGER NOT NULL,
                        sealed_ephemeral BLOB,
                        sealed_box BLOB,
                        battletag TEXT,
                        account_id INTEGER,
                        failure TEXT
                    );
                    CREATE INDEX login_user_code ON login(user_code_hash);
                    CREATE INDEX login_expires ON login(expires_at);
                    """)
        }
        migrator.registerMigration("v2 heartbeat") { db in
            try db.execute(sql: "CREATE TABLE heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at DOUBLE NOT NULL)")
        }
        migrator.registerMigration("v3 unique open user codes") { db in
            for statement in LoginSchema.uniqueOpenUserCodes { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v4 binding MAC") { db in
            for statement in LoginSchema.bindingMAC { try db.execute(sql: statement) }
        }
        return migrator
    }

    /// Proves the database can still be written (a read-only or full disk fails here), with one tiny row.
    public func ping() async throws {
        let now = Date().timeIntervalSince1970
        try await write { db in
            try db.execute(cached: "INSERT OR REPLACE INTO heartbeat (id, at) VALUES (1, ?)", arguments: [now])
        }
    }

    /// SQLite's own consistency check: `ok` when the file is sound.
    public func integrityCheck() async throws -> String {
        try await read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "no answer" }
    }

    public func insert(_ login: Login) async throws {
        try await write { db in
            do {
                try Self.insert(login, into: db)
            } catch let error as DatabaseError
                where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE && (error.message ?? "").contains("user_code_hash")
            {
                throw UserCodeTaken()
            }
        }
    }

    private static func insert(_ login: Login, into db: Database) throws {
        try db.execute(
            cached: """
                INSERT INTO login (id, app, scopes, device_code_hash, user_code_hash, sealing_public_key, state_hash,
                    status, created_at, expires_at, updated_at, interval, battletag, account_id, failure, binding_mac)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                login.id, login.app, login.scopes.joined(separator: " "), login.deviceCodeHash, login.userCodeHash,
                login.sealingPublicKey, login.stateHash, login.status.rawValue,
                login.createdAt.timeIntervalSince1970, login.expiresAt.timeIntervalSince1970,
                login.updatedAt.timeIntervalSince1970, login.interval, login.battleTag, login.accountID,
                login.failure, login.bindingMAC,
            ])
    }

    public func login(deviceCodeHash: String) async throws -> Login? {
        try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM login WHERE device_code_hash = ?"), arguments: [deviceCodeHash])
                .map(Self.login(from:))
        }
    }

    public func login(userCodeHash: String, now: Date) async throws -> Login? {
        try await read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: """
                    SELECT * FROM login WHERE user_code_hash = ? AND status IN ('pending', 'authorizing')
                    AND expires_at > ? ORDER BY created_at DESC LIMIT 1
                    """),
                arguments: [userCodeHash, now.timeIntervalSince1970]
            ).map(Self.login(from:))
        }
    }

    public func beginAuthorization(loginID: String, stateHash: String, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                cached: """
                    UPDATE login SET status = 'authorizing', state_hash = ?, updated_at = ?
                    WHERE id = ? AND status IN ('pending', 'authorizing') AND expires_at > ?
                    """,
                arguments: [stateHash, now.timeIntervalSince1970, loginID, now.timeIntervalSince1970])
            return db.changesCount == 1
        }
    }

    public func consumeState(stateHash: String, now: Date) async throws -> Login? {
        try await write { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT * FROM login WHERE state_hash = ? AND status = 'authorizing' AND expires_at > ?"),
                    arguments: [stateHash, now.timeIntervalSince1970])
            else { return nil }
            var login = try Self.login(from: row)
            try db.execute(
                cached: "UPDATE login SET state_hash = NULL, updated_at = ? WHERE id = ?",
                arguments: [now.timeIntervalSince1970, login.id])
            login.stateHash = nil
            return login
        }
    }

    public func approve(
        loginID: String, sealed: TokenSealer.Sealed, battleTag: String?, accountID: Int?, now: Date
    ) async throws -> Bool {
        try await write { db in
            try db.execute(
                cached: """
                    UPDATE login SET status = 'approved', sealed_ephemeral = ?, sealed_box = ?, battletag = ?,
                        account_id = ?, updated_at = ?
                    WHERE id = ? AND status = 'authorizing'
                    """,
                arguments: [
                    sealed.ephemeralPublicKey, sealed.box, battleTag, accountID, now.timeIntervalSince1970, loginID,
                ])
            return db.changesCount == 1
        }
    }

    public func finish(loginID: String, status: LoginStatus, failure: String?, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                cached: """
                    UPDATE login SET status = ?, failure = ?, state_hash = NULL, sealed_ephemeral = NULL,
                        sealed_box = NULL, updated_at = ?
                    WHERE id = ? AND status IN ('pending', 'authorizing', 'approved')
                    """,
                arguments: [status.rawValue, failure, now.timeIntervalSince1970, loginID])
            return db.changesCount == 1
        }
    }

    public func collect(deviceCodeHash: String, now: Date) async throws -> Login? {
        try await write { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT * FROM login WHERE device_code_hash = ? AND status = 'approved'"),
                    arguments: [deviceCodeHash])
            else { return nil }
            let login = try Self.login(from: row)
            try db.execute(
                cached: """
                    UPDATE login SET status = 'collected', sealed_ephemeral = NULL, sealed_box = NULL, updated_at = ?
                    WHERE id = ? AND status = 'approved'
                    """,
                arguments: [now.timeIntervalSince1970, login.id])
            return db.changesCount == 1 ? login : nil
        }
    }

    public func openLogins(now: Date) async throws -> [Login] {
        try await read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM login WHERE status IN ('pending', 'authorizing', 'approved') AND expires_at > ?"),
                arguments: [now.timeIntervalSince1970]
            ).map(Self.login(from:))
        }
    }

    public func recentLogins(limit: Int) async throws -> [Login] {
        try await read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM login ORDER BY created_at DESC LIMIT ?"), arguments: [limit])
                .map(Self.login(from:))
        }
    }

    public func purge(before cutoff: Date) async throws -> Int {
        try await write { db in
            try db.execute(
                cached: "DELETE FROM login WHERE expires_at < ? OR (status NOT IN ('pending', 'authorizing', 'approved') AND updated_at < ?)",
                arguments: [cutoff.timeIntervalSince1970, cutoff.timeIntervalSince1970])
            return db.changesCount
        }
    }

    private static func login(from row: Row) throws -> Login {
        let sealed: TokenSealer.Sealed? =
            if let ephemeral = row["sealed_ephemeral"] as Data?, let box = row["sealed_box"] as Data? {
                TokenSealer.Sealed(ephemeralPublicKey: ephemeral, box: box)
            } else {
                nil
            }
        let statusText: String = row["status"]
        guard let status = LoginStatus(rawValue: statusText) else {
            throw DatabaseError(message: "unknown login status \(statusText)")
        }
        let scopes: String = row["scopes"]
        return Login(
            id: row["id"], app: row["app"], scopes: scopes.split(separator: " ").map(String.init),
            deviceCodeHash: row["device_code_hash"], userCodeHash: row["user_code_hash"],
            sealingPublicKey: row["sealing_public_key"], stateHash: row["state_hash"], status: status,
            createdAt: Date(timeIntervalSince1970: row["created_at"]),
            expiresAt: Date(timeIntervalSince1970: row["expires_at"]), interval: row["interval"],
            updatedAt: Date(timeIntervalSince1970: row["updated_at"]), sealedToken: sealed,
            battleTag: row["battletag"], accountID: row["account_id"], failure: row["failure"],
            bindingMAC: row["binding_mac"])
    }
}

extension Database {
    /// Runs an update through the connection's statement cache: compiled and authorized once, not on every call
    /// (`execute(sql:)` recompiles, which the profile showed on the callback path).
    fileprivate func execute(cached sql: String, arguments: StatementArguments) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}
