import Foundation
import PostgresNIO
import RelayCore

/// The upstream budget's ledger (see ``UpstreamLedger``), shared by every relay on the database: one transaction per
/// lease, under an advisory lock of the client's (not row locks, which the rows' insertion and selection took in
/// orders that deadlocked), so that relays leasing at once never grant the same requests twice.
extension PostgresLoginStore: UpstreamLedger {
    public func take(_ count: Int, client: String, windows: BudgetWindows) async throws -> Int {
        let (tenth, second, hour) = (windows.windows[0], windows.windows[1], windows.windows[2])
        return try await guarded {
            try await self.client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(9, hashtext(\(client)))", logger: logger)
                try await connection.query("""
                    INSERT INTO upstream_budget (client_id, kind, start, spent) VALUES
                    (\(client), \(tenth.kind), \(tenth.start), 0), (\(client), \(second.kind), \(second.start), 0),
                    (\(client), \(hour.kind), \(hour.start), 0) ON CONFLICT DO NOTHING
                    """, logger: logger)
                var spent: [String: Int] = [:]
                let rows = try await connection.query(
                    "SELECT kind, start, spent FROM upstream_budget WHERE client_id = \(client)", logger: logger)
                for try await (kind, start, used) in rows.decode((String, Int, Int).self)
                where windows.windows.contains(where: { $0.kind == kind && $0.start == start }) {
                    spent[kind] = used
                }
                let granted = windows.granted(count, spent: spent)
                try await connection.query("""
                    UPDATE upstream_budget SET
                        start = CASE kind WHEN \(tenth.kind) THEN \(tenth.start) WHEN \(second.kind) THEN \(second.start)
                            ELSE \(hour.start) END,
                        spent = CASE kind WHEN \(tenth.kind) THEN \((spent[tenth.kind] ?? 0) + granted)
                            WHEN \(second.kind) THEN \((spent[second.kind] ?? 0) + granted) ELSE \((spent[hour.kind] ?? 0) + granted) END
                    WHERE client_id = \(client)
                    """, logger: logger)
                return granted
            }
        }
    }

    public func pause(client: String, until: Date) async throws {
        try await execute("""
            INSERT INTO upstream_pause (client_id, until) VALUES (\(client), \(until.timeIntervalSince1970))
            ON CONFLICT (client_id) DO UPDATE SET until = GREATEST(upstream_pause.until, excluded.until)
            """)
    }

    public func pausedUntil(client: String) async throws -> Date? {
        try await withConnection { connection, logger in
            let rows = try await connection.query(
                "SELECT until FROM upstream_pause WHERE client_id = \(client)", logger: logger)
            for try await until in rows.decode(Double.self) { return Date(timeIntervalSince1970: until) }
            return nil
        }
    }
}
