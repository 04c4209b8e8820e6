import Foundation
import PostgresNIO
import RelayCore

/// The upstream budget's ledger (see ``UpstreamLedger``), shared by every relay on the database: one transaction per
/// lease, its rows locked (`FOR UPDATE`) so that relays leasing at once never grant the same requests twice.
extension PostgresLoginStore: UpstreamLedger {
    public func take(_ count: Int, client: String, second: Int, perSecond: Int, hour: Int, perHour: Int) async throws -> Int {
        try await guarded {
            try await self.client.withTransaction(logger: logger) { connection in
                try await connection.query("""
                    INSERT INTO upstream_budget (client_id, kind, start, spent) VALUES
                    (\(client), 's', \(second), 0), (\(client), 'h', \(hour), 0) ON CONFLICT DO NOTHING
                    """, logger: logger)
                var spent = ["s": 0, "h": 0]
                let rows = try await connection.query(
                    "SELECT kind, start, spent FROM upstream_budget WHERE client_id = \(client) FOR UPDATE", logger: logger)
                for try await (kind, start, used) in rows.decode((String, Int, Int).self) {
                    if start == (kind == "s" ? second : hour) { spent[kind] = used }
                }
                let granted = UpstreamSchema.granted(
                    count, inSecond: spent["s"]!, perSecond: perSecond, inHour: spent["h"]!, perHour: perHour)
                let (inSecond, inHour) = (spent["s"]! + granted, spent["h"]! + granted)
                try await connection.query("""
                    UPDATE upstream_budget SET
                        start = CASE kind WHEN 's' THEN \(second) ELSE \(hour) END,
                        spent = CASE kind WHEN 's' THEN \(inSecond) ELSE \(inHour) END
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
