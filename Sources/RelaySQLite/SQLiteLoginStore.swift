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

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.read(body)
        } catch {
            throw LoginStoreUnavailable(reason: Self.describe(error))
        }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
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
        migrator.registerMigration("v5 issued tokens") { db in
            for statement in LoginSchema.issuedTokens { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v6 start network") { db in
            for statement in LoginSchema.startNetwork { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v7 loopback return") { db in
            for statement in LoginSchema.returnURI { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v8 authorization requests") { db in
            for statement in LoginSchema.authorizationRequests { try db.execute(sql: statement) }
        }
        migrator.registerMigration(UpstreamSchema.migration) { db in
            for statement in UpstreamSchema.tables { try db.execute(sql: statement) }
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
                try login.insert(db)
            } catch let error as DatabaseError
                where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE && (error.message ?? "").contains("user_code_hash")
            {
                throw UserCodeTaken()
            }
        }
    }

    public func login(deviceCodeHash: String) async throws -> Login? {
        try await read { db in
            try Login.fetchOne(db.cachedStatement(sql: "SELECT * FROM login WHERE device_code_hash = ?"), arguments: [deviceCodeHash])
        }
    }

    public func login(userCodeHash: String, now: Date) async throws -> Login? {
        try await read { db in
            try Login.fetchOne(
                db.cachedStatement(sql: """
                    SELECT * FROM login WHERE user_code_hash = ? AND status IN \(LoginSchema.awaitingStatuses)
                    AND expires_at > ? ORDER BY created_at DESC LIMIT 1
                    """),
                arguments: [userCodeHash, now.timeIntervalSince1970])
        }
    }

    public func beginAuthorization(
        loginID: String, replacing previousStateHash: String?, stateHash: String, now: Date
    ) async throws -> Bool {
        try await write { db in
            try db.execute(
                cached: """
                    UPDATE login SET status = 'authorizing', state_hash = ?, updated_at = ?
                    WHERE id = ? AND expires_at > ?
                    AND ((status = 'pending' AND ? IS NULL) OR (status = 'authorizing' AND state_hash = ?))
                    """,
                arguments: [
                    stateHash, now.timeIntervalSince1970, loginID, now.timeIntervalSince1970, previousStateHash,
                    previousStateHash,
                ])
            return db.changesCount == 1
        }
    }

    public func consumeState(stateHash: String, now: Date) async throws -> Login? {
        // A state no login holds (every one of a flood of made-up states) is answered by a read, which WAL runs
        // beside the writer, instead of a write transaction that queues behind every other one.
        let held = try await read { db in
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM login WHERE state_hash = ?)"), arguments: [stateHash])
                ?? false
        }
        guard held else { return nil }
        return try await write { db in
            guard
                var login = try Login.fetchOne(
                    db.cachedStatement(sql: "SELECT * FROM login WHERE state_hash = ? AND status = 'authorizing' AND expires_at > ?"),
                    arguments: [stateHash, now.timeIntervalSince1970])
            else { return nil }
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
                    WHERE id = ? AND status IN \(LoginSchema.openStatuses)
                    """,
                arguments: [status.rawValue, failure, now.timeIntervalSince1970, loginID])
            return db.changesCount == 1
        }
    }

    public func collect(deviceCodeHash: String, now: Date) async throws -> Login? {
        try await write { db in
            guard
                let login = try Login.fetchOne(
                    db.cachedStatement(sql: "SELECT * FROM login WHERE device_code_hash = ? AND status = 'approved'"),
                    arguments: [deviceCodeHash])
            else { return nil }
            try db.execute(
                cached: """
                    UPDATE login SET status = 'collected', sealed_ephemeral = NULL, sealed_box = NULL, updated_at = ?
                    WHERE id = ? AND status = 'approved'
                    """,
                arguments: [now.timeIntervalSince1970, login.id])
            return db.changesCount == 1 ? login : nil
        }
    }

    public func issueCode(loginID: String, now: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                cached: """
                    UPDATE login SET code_issued_at = ?
                    WHERE id = ? AND status = 'approved' AND authorization_request IS NOT NULL AND code_issued_at IS NULL
                    """,
                arguments: [now.timeIntervalSince1970, loginID])
            return db.changesCount == 1
        }
    }

    public func redeemCode(deviceCodeHash: String, now: Date) async throws -> Login? {
        try await moveOne(
            from: "status = 'approved' AND code_issued_at IS NOT NULL", to: "status = 'collected'",
            deviceCodeHash: deviceCodeHash, now: now)
    }

    public func revokeRedeemed(deviceCodeHash: String, now: Date) async throws -> Login? {
        try await moveOne(
            from: "status = 'collected' AND authorization_request IS NOT NULL AND sealed_box IS NOT NULL",
            to: "status = 'revoked', failure = 'code_replayed', sealed_ephemeral = NULL, sealed_box = NULL",
            deviceCodeHash: deviceCodeHash, now: now)
    }

    /// In one transaction: the login with `deviceCodeHash` where `condition` holds, updated by `change`; returned as
    /// it was, or nil.
    private func moveOne(from condition: String, to change: String, deviceCodeHash: String, now: Date) async throws -> Login? {
        try await write { db in
            guard
                let login = try Login.fetchOne(
                    db.cachedStatement(sql: "SELECT * FROM login WHERE device_code_hash = ? AND \(condition)"),
                    arguments: [deviceCodeHash])
            else { return nil }
            try db.execute(
                cached: "UPDATE login SET \(change), updated_at = ? WHERE id = ? AND \(condition)",
                arguments: [now.timeIntervalSince1970, login.id])
            return db.changesCount == 1 ? login : nil
        }
    }

    public func openLogins(now: Date, after: String?, limit: Int) async throws -> [Login] {
        try await read { db in
            try Login.fetchAll(
                db.cachedStatement(sql: """
                    SELECT * FROM login WHERE status IN \(LoginSchema.openStatuses) AND expires_at > ?
                    AND device_code_hash > ? ORDER BY device_code_hash LIMIT ?
                    """),
                arguments: [now.timeIntervalSince1970, after ?? "", limit])
        }
    }

    public func statuses(deviceCodeHashes: [String]) async throws -> [String: LoginStatus] {
        guard !deviceCodeHashes.isEmpty else { return [:] }
        return try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT device_code_hash, status FROM login WHERE device_code_hash IN "
                    + "(\(databaseQuestionMarks(count: deviceCodeHashes.count)))",
                arguments: StatementArguments(deviceCodeHashes))
            return Dictionary(
                rows.compactMap { row in LoginStatus(rawValue: row["status"]).map { (row["device_code_hash"] as String, $0) } },
                uniquingKeysWith: { first, _ in first })
        }
    }

    public func recentLogins(limit: Int) async throws -> [Login] {
        try await read { db in
            try Login.fetchAll(db.cachedStatement(sql: "SELECT * FROM login ORDER BY created_at DESC LIMIT ?"), arguments: [limit])
        }
    }

    public func purge(before cutoff: Date, expiringBefore horizon: Date, limit: Int) async throws -> Int {
        try await write { db in
            try db.execute(
                cached: """
                    DELETE FROM login WHERE rowid IN (
                        SELECT rowid FROM login INDEXED BY login_expires WHERE expires_at < ?
                        AND (expires_at < ? OR (status NOT IN \(LoginSchema.openStatuses) AND updated_at < ?)) LIMIT ?)
                    """,
                arguments: [horizon.timeIntervalSince1970, cutoff.timeIntervalSince1970, cutoff.timeIntervalSince1970, limit])
            return db.changesCount
        }
    }
}

/// A login is a row of the `login` table: times as seconds since 1970, scopes space-separated, the sealed token in
/// two columns.
extension Login: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "login"

    public init(row: Row) throws {
        let statusText: String = row["status"]
        guard let status = LoginStatus(rawValue: statusText) else {
            throw DatabaseError(message: "unknown login status \(statusText)")
        }
        let scopes: String = row["scopes"]
        self.init(
            id: row["id"], app: row["app"], scopes: scopes.split(separator: " ").map(String.init),
            deviceCodeHash: row["device_code_hash"], userCodeHash: row["user_code_hash"],
            sealingPublicKey: row["sealing_public_key"], stateHash: row["state_hash"], status: status,
            createdAt: Date(timeIntervalSince1970: row["created_at"]),
            expiresAt: Date(timeIntervalSince1970: row["expires_at"]), interval: row["interval"],
            updatedAt: Date(timeIntervalSince1970: row["updated_at"]),
            sealedToken: (row["sealed_ephemeral"] as Data?).flatMap { ephemeral in
                (row["sealed_box"] as Data?).map { TokenSealer.Sealed(ephemeralPublicKey: ephemeral, box: $0) }
            },
            battleTag: row["battletag"], accountID: row["account_id"], failure: row["failure"],
            bindingMAC: row["binding_mac"], startNetwork: row["start_network"], returnURI: row["return_uri"],
            authorizationRequest: (row["authorization_request"] as String?).flatMap(AuthorizationRequest.init(stored:)),
            codeIssuedAt: (row["code_issued_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["app"] = app
        container["scopes"] = scopes.joined(separator: " ")
        container["device_code_hash"] = deviceCodeHash
        container["user_code_hash"] = userCodeHash
        container["sealing_public_key"] = sealingPublicKey
        container["state_hash"] = stateHash
        container["status"] = status.rawValue
        container["created_at"] = createdAt.timeIntervalSince1970
        container["expires_at"] = expiresAt.timeIntervalSince1970
        container["updated_at"] = updatedAt.timeIntervalSince1970
        container["interval"] = interval
        container["sealed_ephemeral"] = sealedToken?.ephemeralPublicKey
        container["sealed_box"] = sealedToken?.box
        container["battletag"] = battleTag
        container["account_id"] = accountID
        container["failure"] = failure
        container["binding_mac"] = bindingMAC
        container["start_network"] = startNetwork
        container["return_uri"] = returnURI
        container["authorization_request"] = authorizationRequest?.stored
        container["code_issued_at"] = codeIssuedAt?.timeIntervalSince1970
    }
}

extension Database {
    /// Runs an update through the connection's statement cache: compiled and authorized once, not on every call
    /// (`execute(sql:)` recompiles, which the profile showed on the callback path).
    func execute(cached sql: String, arguments: StatementArguments) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}
