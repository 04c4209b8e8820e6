import Foundation
import GRDB
import RelayCore

/// The upstream budget's ledger (see ``UpstreamLedger``), one write transaction per lease.
extension SQLiteLoginStore: UpstreamLedger {
    public func take(_ count: Int, client: String, windows: BudgetWindows) async throws -> Int {
        try await write { db in
            var spent: [String: Int] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT kind, start, spent FROM upstream_budget WHERE client_id = ?", arguments: [client]) {
                let kind: String = row["kind"]
                if windows.windows.contains(where: { $0.kind == kind && $0.start == row["start"] }) { spent[kind] = row["spent"] }
            }
            let granted = windows.granted(count, spent: spent)
            for window in windows.windows {
                try db.execute(
                    cached: "INSERT OR REPLACE INTO upstream_budget (client_id, kind, start, spent) VALUES (?, ?, ?, ?)",
                    arguments: [client, window.kind, window.start, (spent[window.kind] ?? 0) + granted])
            }
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
