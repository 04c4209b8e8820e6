import Foundation
import PostgresNIO
import RelayCore

/// The tokens the relay handed out, for revocation (see ``LoginStore/claimRevocation(digests:now:)``).
extension PostgresLoginStore {
    public func recordIssued(_ token: IssuedToken) async throws {
        try await execute("""
            INSERT INTO issued_token (digest, expires_at) VALUES (\(token.digest), \(token.expiresAt.timeIntervalSince1970))
            ON CONFLICT (digest) DO NOTHING
            """)
    }

    public func claimRevocation(digests: [String], now: Date) async throws -> Bool {
        guard !digests.isEmpty else { return false }
        let at = now.timeIntervalSince1970
        return try await changed("""
            UPDATE issued_token SET revoked_at = \(at)
            WHERE digest = ANY(\(digests)) AND expires_at > \(at) AND revoked_at IS NULL RETURNING 1
            """)
    }

    public func isIssued(digests: [String], now: Date) async throws -> Bool {
        guard !digests.isEmpty else { return false }
        let at = now.timeIntervalSince1970
        return try await changed("""
            SELECT 1 FROM issued_token WHERE digest = ANY(\(digests)) AND expires_at > \(at) AND revoked_at IS NULL LIMIT 1
            """)
    }

    public func releaseRevocation(digests: [String]) async throws {
        guard !digests.isEmpty else { return }
        try await execute("UPDATE issued_token SET revoked_at = NULL WHERE digest = ANY(\(digests))")
    }

    public func purgeIssued(expiredBefore cutoff: Date, limit: Int) async throws -> Int {
        try await withConnection { connection, logger in
            let counted = try await connection.query("""
                WITH gone AS (
                    DELETE FROM issued_token WHERE digest IN (
                        SELECT digest FROM issued_token WHERE expires_at < \(cutoff.timeIntervalSince1970) LIMIT \(limit))
                    RETURNING 1)
                SELECT count(*)::int FROM gone
                """, logger: logger)
            for try await count in counted.decode(Int.self) { return count }
            return 0
        }
    }
}
