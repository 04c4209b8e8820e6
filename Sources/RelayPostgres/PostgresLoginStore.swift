import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import RelayCore
import ServiceLifecycle

/// Logins in PostgreSQL, shared by several relays. Same schema and guarantees as the SQLite store: every
/// status change is one conditional statement; a trigger publishes each change on `bnet_relay_logins`
/// (LISTEN/NOTIFY) so that every instance can wake its long-polls. Its connection pool and its change feed run as
/// services in the application's service group (``services(onChange:)``).
///
/// Every call answers within its ``deadline`` (3 s unless given): while PostgreSQL is unreachable it throws
/// ``LoginStoreUnavailable`` then, instead of waiting for the pool to connect, and the pool keeps reconnecting in the
/// background, so that service resumes by itself when the server is back.
public final class PostgresLoginStore: LoginStore {
    static let channel = "bnet_relay_logins"

    let client: PostgresClient
    let location: PostgresLocation
    let logger: Logger
    /// How long one call may take, waiting for a connection included.
    public let deadline: Duration

    /// Connects to `url` (see ``PostgresLocation`` for the TLS modes).
    public convenience init(url: URL, logger: Logger, deadline: Duration = .seconds(3)) throws {
        try self.init(location: PostgresLocation(url: url.absoluteString), logger: logger, deadline: deadline)
    }

    /// Connects to a parsed location; each call answers within `deadline`.
    public init(location: PostgresLocation, logger: Logger, deadline: Duration = .seconds(3)) throws {
        self.location = location
        self.deadline = deadline
        var configuration = try location.clientConfiguration()
        configuration.options.maximumConnections = 16
        configuration.options.connectTimeout = deadline
        // The pool's own chatter (such as a query queued before run() has started) stays out of the relay's log;
        // failures still reach the callers as errors.
        var background = logger
        background.logLevel = .error
        client = PostgresClient(configuration: configuration, backgroundLogger: background)
        self.logger = logger
    }

    /// Whether this session's connection to the server is encrypted (`pg_stat_ssl`).
    public func sessionIsEncrypted() async throws -> Bool {
        try await withConnection { connection, logger in
            let rows = try await connection.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", logger: logger)
            for try await encrypted in rows.decode(Bool.self) { return encrypted }
            return false
        }
    }

    // MARK: LoginStore

    public func ping() async throws {
        let now = Date().timeIntervalSince1970
        try await execute("INSERT INTO heartbeat (id, at) VALUES (1, \(now)) ON CONFLICT (id) DO UPDATE SET at = \(now)")
    }

    public func insert(_ login: Login) async throws {
        let scopes = login.scopes.joined(separator: " ")
        try await withConnection(uniqueUserCode: true) { connection, logger in
            try await connection.query(
                """
                INSERT INTO login (id, app, scopes, device_code_hash, user_code_hash, sealing_public_key, state_hash, status,
                    created_at, expires_at, updated_at, interval, battletag, account_id, failure, binding_mac, start_network, return_uri,
                    authorization_request, code_issued_at)
                VALUES (\(login.id), \(login.app), \(scopes), \(login.deviceCodeHash), \(login.userCodeHash),
                    \(ByteBuffer(bytes: login.sealingPublicKey)), \(login.stateHash), \(login.status.rawValue),
                    \(login.createdAt.timeIntervalSince1970), \(login.expiresAt.timeIntervalSince1970),
                    \(login.updatedAt.timeIntervalSince1970), \(login.interval), \(login.battleTag), \(login.accountID),
                    \(login.failure), \(login.bindingMAC), \(login.startNetwork), \(login.returnURI),
                    \(login.authorizationRequest?.stored), \(login.codeIssuedAt?.timeIntervalSince1970))
                """, logger: logger)
        }
    }

    public func login(deviceCodeHash: String) async throws -> Login? {
        try await fetch("SELECT * FROM login WHERE device_code_hash = \(deviceCodeHash)").first
    }

    public func login(userCodeHash: String, now: Date) async throws -> Login? {
        try await fetch("""
            SELECT * FROM login WHERE user_code_hash = \(userCodeHash) AND status IN \(unescaped: LoginSchema.awaitingStatuses)
            AND expires_at > \(now.timeIntervalSince1970) ORDER BY created_at DESC LIMIT 1
            """).first
    }

    public func beginAuthorization(
        loginID: String, replacing previousStateHash: String?, stateHash: String, now: Date
    ) async throws -> Bool {
        let at = now.timeIntervalSince1970
        return try await changed("""
            UPDATE login SET status = 'authorizing', state_hash = \(stateHash), updated_at = \(at)
            WHERE id = \(loginID) AND expires_at > \(at)
            AND ((status = 'pending' AND \(previousStateHash)::text IS NULL)
                OR (status = 'authorizing' AND state_hash = \(previousStateHash)))
            RETURNING 1
            """)
    }

    public func consumeState(stateHash: String, now: Date) async throws -> Login? {
        let at = now.timeIntervalSince1970
        return try await fetch("""
            UPDATE login SET state_hash = NULL, updated_at = \(at)
            WHERE state_hash = \(stateHash) AND status = 'authorizing' AND expires_at > \(at) RETURNING *
            """).first
    }

    public func approve(
        loginID: String, sealed: TokenSealer.Sealed, battleTag: String?, accountID: Int?, now: Date
    ) async throws -> Bool {
        try await changed("""
            UPDATE login SET status = 'approved', sealed_ephemeral = \(ByteBuffer(bytes: sealed.ephemeralPublicKey)),
                sealed_box = \(ByteBuffer(bytes: sealed.box)), battletag = \(battleTag), account_id = \(accountID),
                updated_at = \(now.timeIntervalSince1970)
            WHERE id = \(loginID) AND status = 'authorizing' RETURNING 1
            """)
    }

    public func finish(loginID: String, status: LoginStatus, failure: String?, now: Date) async throws -> Bool {
        try await changed("""
            UPDATE login SET status = \(status.rawValue), failure = \(failure), state_hash = NULL, sealed_ephemeral = NULL,
                sealed_box = NULL, updated_at = \(now.timeIntervalSince1970)
            WHERE id = \(loginID) AND status IN \(unescaped: LoginSchema.openStatuses) RETURNING 1
            """)
    }

    public func collect(deviceCodeHash: String, now: Date) async throws -> Login? {
        try await fetch("""
            WITH old AS (
                SELECT * FROM login WHERE device_code_hash = \(deviceCodeHash) AND status = 'approved' FOR UPDATE)
            UPDATE login SET status = 'collected', sealed_ephemeral = NULL, sealed_box = NULL,
                updated_at = \(now.timeIntervalSince1970)
            FROM old WHERE login.id = old.id RETURNING old.*
            """).first
    }

    public func issueCode(loginID: String, now: Date) async throws -> Bool {
        try await changed("""
            UPDATE login SET code_issued_at = \(now.timeIntervalSince1970)
            WHERE id = \(loginID) AND status = 'approved' AND authorization_request IS NOT NULL AND code_issued_at IS NULL
            RETURNING 1
            """)
    }

    public func redeemCode(deviceCodeHash: String, now: Date) async throws -> Login? {
        try await fetch("""
            WITH old AS (
                SELECT * FROM login WHERE device_code_hash = \(deviceCodeHash) AND status = 'approved'
                AND code_issued_at IS NOT NULL FOR UPDATE)
            UPDATE login SET status = 'collected', updated_at = \(now.timeIntervalSince1970)
            FROM old WHERE login.id = old.id AND login.status = 'approved' RETURNING old.*
            """).first
    }

    public func revokeRedeemed(deviceCodeHash: String, now: Date) async throws -> Login? {
        try await fetch("""
            WITH old AS (
                SELECT * FROM login WHERE device_code_hash = \(deviceCodeHash) AND status = 'collected'
                AND authorization_request IS NOT NULL AND sealed_box IS NOT NULL FOR UPDATE)
            UPDATE login SET status = 'revoked', failure = 'code_replayed', sealed_ephemeral = NULL, sealed_box = NULL,
                updated_at = \(now.timeIntervalSince1970)
            FROM old WHERE login.id = old.id AND login.status = 'collected' RETURNING old.*
            """).first
    }

    public func openLogins(now: Date, after: String?, limit: Int) async throws -> [Login] {
        try await fetch("""
            SELECT * FROM login WHERE status IN \(unescaped: LoginSchema.openStatuses)
            AND expires_at > \(now.timeIntervalSince1970) AND device_code_hash > \(after ?? "")
            ORDER BY device_code_hash LIMIT \(limit)
            """)
    }

    public func statuses(deviceCodeHashes: [String]) async throws -> [String: LoginStatus] {
        guard !deviceCodeHashes.isEmpty else { return [:] }
        return try await withConnection { connection, logger in
            let rows = try await connection.query(
                "SELECT device_code_hash, status FROM login WHERE device_code_hash = ANY(\(deviceCodeHashes))", logger: logger)
            var statuses: [String: LoginStatus] = [:]
            for try await (hash, status) in rows.decode((String, String).self) {
                statuses[hash] = LoginStatus(rawValue: status)
            }
            return statuses
        }
    }

    public func recentLogins(limit: Int) async throws -> [Login] {
        try await fetch("SELECT * FROM login ORDER BY created_at DESC LIMIT \(limit)")
    }

    public func purge(before cutoff: Date, expiringBefore horizon: Date, limit: Int) async throws -> Int {
        let at = cutoff.timeIntervalSince1970
        return try await withConnection { connection, logger in
            let counted = try await connection.query("""
                WITH gone AS (
                    DELETE FROM login WHERE id IN (
                        SELECT id FROM login WHERE expires_at < \(horizon.timeIntervalSince1970)
                        AND (expires_at < \(at) OR (status NOT IN \(unescaped: LoginSchema.openStatuses) AND updated_at < \(at)))
                        LIMIT \(limit))
                    RETURNING 1)
                SELECT count(*)::int FROM gone
                """, logger: logger)
            for try await count in counted.decode(Int.self) { return count }
            return 0
        }
    }

    // MARK: Services

    public func services(onChange: @escaping @Sendable (String, LoginStatus) async -> Void) -> [any Service] {
        [client, ChangeFeed(store: self, onChange: onChange)]
    }

    /// LISTENs for login changes made by any relay until graceful shutdown, reconnecting when the connection drops.
    struct ChangeFeed: Service {
        let store: PostgresLoginStore
        let onChange: @Sendable (String, LoginStatus) async -> Void

        func run() async throws {
            try await cancelWhenGracefulShutdown { try await store.followChanges(onChange) }
        }
    }

    func followChanges(_ onChange: @escaping @Sendable (String, LoginStatus) async -> Void) async throws {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        for try await notification in notifications {
                            let parts = notification.payload.split(separator: ":", maxSplits: 1)
                            if parts.count == 2, let status = LoginStatus(rawValue: String(parts[1])) {
                                await onChange(String(parts[0]), status)
                            }
                        }
                    }
                }
            } catch is CancellationError {
                return
            } catch {
                logger.warning("LISTEN connection lost; reconnecting", metadata: [LogKey.errorType: "\(type(of: error))"])
                try await Task.sleep(for: .seconds(1))
            }
        }
    }

    // MARK: Helpers

    func execute(_ query: PostgresQuery) async throws {
        try await withConnection { connection, logger in try await connection.query(query, logger: logger) }
    }

    /// Runs a conditional change that ends in `RETURNING 1`: whether it changed a row.
    func changed(_ query: PostgresQuery) async throws -> Bool {
        try await withConnection { connection, logger in
            var changed = false
            for try await _ in try await connection.query(query, logger: logger) { changed = true }
            return changed
        }
    }

    private func fetch(_ query: PostgresQuery) async throws -> [Login] {
        try await withConnection { connection, logger in
            var logins: [Login] = []
            for try await row in try await connection.query(query, logger: logger) {
                logins.append(try Self.login(from: row.makeRandomAccess()))
            }
            return logins
        }
    }

    /// Runs `body` on a pooled connection within ``deadline``: past it, a wait for a connection is given up, and a
    /// connection whose statement has not answered is closed (PostgreSQL rolls back whatever it had not committed),
    /// and the call throws ``LoginStoreUnavailable``.
    @discardableResult
    func withConnection<T: Sendable>(
        uniqueUserCode: Bool = false, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws -> T {
        let lease = Lease()
        return try await guarded(uniqueUserCode: uniqueUserCode) {
            try await withDeadline(deadline, timeout: { [deadline] in
                lease.expire()
                return LoginStoreUnavailable(reason: "PostgreSQL did not answer within \(deadline)")
            }) { [client, logger] in
                try await client.withConnection { connection in
                    guard lease.hold(connection) else { throw CancellationError() }
                    defer { lease.release() }
                    return try await body(connection, logger)
                }
            }
        }
    }

    /// The connection a call holds, so that its deadline can close it.
    private final class Lease: Sendable {
        private let state = NIOLockedValueBox<(connection: PostgresConnection?, expired: Bool)>((nil, false))

        /// Records the leased connection; false when the deadline has already passed.
        func hold(_ connection: PostgresConnection) -> Bool {
            state.withLockedValue { state in
                state.connection = connection
                return !state.expired
            }
        }

        func release() { state.withLockedValue { $0.connection = nil } }

        /// The deadline passed: closes the connection if a statement is still out on it.
        func expire() {
            let open = state.withLockedValue { state in
                state.expired = true
                return state.connection
            }
            let closing: EventLoopFuture<Void>? = open?.close()
            _ = closing
        }
    }

    func guarded<T: Sendable>(uniqueUserCode: Bool = false, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PSQLError
            where uniqueUserCode && error.serverInfo?[.sqlState] == "23505"
            && error.serverInfo?[.constraintName] == LoginSchema.openUserCodeIndex
        {
            throw UserCodeTaken()
        } catch let error as PostgresTransactionError where error.closureError is SchemaTooNew {
            throw error.closureError!
        } catch let error as PostgresTransactionError {
            // What failed inside the transaction (or its begin or commit), not only that one did.
            let cause = error.closureError ?? error.beginError ?? error.commitError
            throw LoginStoreUnavailable(reason: (cause as? PSQLError).map(Self.describe) ?? "\(type(of: cause ?? error))")
        } catch let error as PSQLError {
            throw LoginStoreUnavailable(reason: Self.describe(error))
        } catch let error as LoginStoreUnavailable {
            throw error
        } catch {
            throw LoginStoreUnavailable(reason: "\(type(of: error))")
        }
    }

    /// What went wrong, from PostgreSQL's code, state and message (which never hold the password), or the
    /// underlying connection error (such as a TLS verification failure).
    static func describe(_ error: PSQLError) -> String {
        var text = "PostgreSQL \(error.code)"
        if let state = error.serverInfo?[.sqlState] { text += " \(state)" }
        if let message = error.serverInfo?[.message] { text += ": \(message)" }
        if let underlying = error.underlying { text += ": \(underlying)" }
        return text
    }

    private static func login(from row: PostgresRandomAccessRow) throws -> Login {
        func data(_ column: String) throws -> Data? {
            try row[column].decode(ByteBuffer?.self).map { Data($0.readableBytesView) }
        }
        let ephemeral = try data("sealed_ephemeral")
        let box = try data("sealed_box")
        let statusText = try row["status"].decode(String.self)
        guard let status = LoginStatus(rawValue: statusText) else {
            throw LoginStoreUnavailable(reason: "unknown login status \(statusText)")
        }
        return Login(
            id: try row["id"].decode(String.self), app: try row["app"].decode(String.self),
            scopes: try row["scopes"].decode(String.self).split(separator: " ").map(String.init),
            deviceCodeHash: try row["device_code_hash"].decode(String.self),
            userCodeHash: try row["user_code_hash"].decode(String.self),
            sealingPublicKey: try data("sealing_public_key") ?? Data(),
            stateHash: try row["state_hash"].decode(String?.self), status: status,
            createdAt: Date(timeIntervalSince1970: try row["created_at"].decode(Double.self)),
            expiresAt: Date(timeIntervalSince1970: try row["expires_at"].decode(Double.self)),
            interval: try row["interval"].decode(Int.self),
            updatedAt: Date(timeIntervalSince1970: try row["updated_at"].decode(Double.self)),
            sealedToken: ephemeral.flatMap { ephemeral in box.map { TokenSealer.Sealed(ephemeralPublicKey: ephemeral, box: $0) } },
            battleTag: try row["battletag"].decode(String?.self), accountID: try row["account_id"].decode(Int?.self),
            failure: try row["failure"].decode(String?.self), bindingMAC: try row["binding_mac"].decode(String?.self),
            startNetwork: try row["start_network"].decode(String?.self),
            returnURI: try row["return_uri"].decode(String?.self),
            authorizationRequest: try row["authorization_request"].decode(String?.self).flatMap(AuthorizationRequest.init(stored:)),
            codeIssuedAt: try row["code_issued_at"].decode(Double?.self).map(Date.init(timeIntervalSince1970:)))
    }
}
