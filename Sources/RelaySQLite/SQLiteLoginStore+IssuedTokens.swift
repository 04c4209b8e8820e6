import Foundation
import GRDB
import RelayCore

/// The tokens the relay handed out, for revocation (see ``LoginStore/claimRevocation(digests:now:)``).
extension SQLiteLoginStore {
    public func recordIssued(_ token: IssuedToken) async throws {
        try await write { db in
            try db.execute(
                cached: "INSERT OR IGNORE INTO issued_token (digest, expires_at) VALUES (?, ?)",
                arguments: [token.digest, token.expiresAt.timeIntervalSince1970])
        }
    }

    public func isIssued(digests: [String], now: Date) async throws -> Bool {
        guard !digests.isEmpty else { return false }
        return try await read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM issued_token WHERE \(Self.openIssued(digests.count)))",
                arguments: StatementArguments(digests) + StatementArguments([now.timeIntervalSince1970])) ?? false
        }
    }

    public func claimRevocation(digests: [String], now: Date) async throws -> Bool {
        // A token the relay never issued (every one of a flood) is answered by a read beside the writer.
        guard try await isIssued(digests: digests, now: now) else { return false }
        let open = Self.openIssued(digests.count)
        let at = now.timeIntervalSince1970
        return try await write { db in
            try db.execute(
                sql: "UPDATE issued_token SET revoked_at = ? WHERE \(open)",
                arguments: StatementArguments([at]) + StatementArguments(digests) + StatementArguments([at]))
            return db.changesCount == 1
        }
    }

    /// The condition of an issued token that is neither expired nor revoked: `count` digests, then the time.
    private static func openIssued(_ count: Int) -> String {
        "digest IN (\(databaseQuestionMarks(count: count))) AND expires_at > ? AND revoked_at IS NULL"
    }

    public func releaseRevocation(digests: [String]) async throws {
        guard !digests.isEmpty else { return }
        try await write { db in
            try db.execute(
                sql: "UPDATE issued_token SET revoked_at = NULL WHERE digest IN (\(databaseQuestionMarks(count: digests.count)))",
                arguments: StatementArguments(digests))
        }
    }

    public func purgeIssued(expiredBefore cutoff: Date, limit: Int) async throws -> Int {
        try await write { db in
            try db.execute(
                cached: """
                    DELETE FROM issued_token WHERE rowid IN (
                        SELECT rowid FROM issued_token INDEXED BY issued_token_expires WHERE expires_at < ? LIMIT ?)
                    """,
                arguments: [cutoff.timeIntervalSince1970, limit])
            return db.changesCount
        }
    }
}
