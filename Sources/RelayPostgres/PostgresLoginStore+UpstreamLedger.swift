import Foundation
import PostgresNIO
import RelayCore

/// The upstream budget's ledger (see ``UpstreamLedger``), shared by every relay on the database: a lease is one
/// statement, an upsert of the client's row (which PostgreSQL locks and reads as last committed) that writes what it
/// grants, so that relays leasing at once never grant the same requests twice, in one round trip and without a
/// transaction whose row locks could deadlock (the earlier lease, a transaction over a row per window, did: 40P01).
extension PostgresLoginStore: UpstreamLedger {
    public func take(_ count: Int, client: String, windows: BudgetWindows) async throws -> Int {
        // $1 the client, $2 the count, $3 what a new row is granted, $4/$5 the second and its limit, $6/$7 the hour's.
        var binds = PostgresBindings()
        binds.append(client)
        for value in [
            count, windows.granted(count, inSecond: 0, inHour: 0), windows.second.start, windows.second.limit,
            windows.hour.start, windows.hour.limit,
        ] { binds.append(value) }
        // What a window holds: its count while it is still the same window, else nothing.
        let (second, hour) = (
            "(CASE WHEN b.second_start = $4 THEN b.in_second ELSE 0 END)",
            "(CASE WHEN b.hour_start = $6 THEN b.in_hour ELSE 0 END)")
        let grant = "GREATEST(0, LEAST($2, $5 - \(second), $7 - \(hour)))"
        let query = PostgresQuery(unsafeSQL: """
            INSERT INTO upstream_budget AS b (client_id, second_start, in_second, hour_start, in_hour, granted)
            VALUES ($1, $4, $3, $6, $3, $3)
            ON CONFLICT (client_id) DO UPDATE SET
                second_start = $4, in_second = \(second) + \(grant), hour_start = $6, in_hour = \(hour) + \(grant),
                granted = \(grant)
            RETURNING granted
            """, binds: binds)
        return try await withConnection { connection, logger in
            for try await granted in try await connection.query(query, logger: logger).decode(Int.self) { return granted }
            return 0
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
