import Foundation
import GRDB
import RelayCore

/// The upstream budget's ledger (see ``UpstreamLedger``), one write transaction per lease.
extension SQLiteLoginStore: UpstreamLedger {
    public func take(_ count: Int, client: String, windows: BudgetWindows) async throws -> Int {
        try await write { db in
            let row = try Row.fetchOne(db, sql: "SELECT * FROM upstream_budget WHERE client_id = ?", arguments: [client])
            let inSecond = row.map { windows.second.held($0["in_second"], since: $0["second_start"]) } ?? 0
            let inHour = row.map { windows.hour.held($0["in_hour"], since: $0["hour_start"]) } ?? 0
            let granted = windows.granted(count, inSecond: inSecond, inHour: inHour)
            try db.execute(
                cached: """
                    INSERT OR REPLACE INTO upstream_budget
                    (client_id, second_start, in_second, hour_start, in_hour, granted) VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [client, windows.second.start, inSecond + granted, windows.hour.start, inHour + granted, granted])
            return granted
        }
    }

    public func pause(client: String, until: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO upstream_pause (client_id, until) VALUES (?, ?)
                    ON CONFLICT (client_id) DO UPDATE SET until = MAX(until, excluded.until)
                    """,
                arguments: [client, until.timeIntervalSince1970])
        }
    }

    public func pausedUntil(client: String) async throws -> Date? {
        try await read { db in
            try Double.fetchOne(db, sql: "SELECT until FROM upstream_pause WHERE client_id = ?", arguments: [client])
                .map(Date.init(timeIntervalSince1970:))
        }
    }
}
