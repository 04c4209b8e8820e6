import Foundation
import GRDB
import RelayCore

/// The upstream budget's ledger (see ``UpstreamLedger``), one write transaction per lease.
extension SQLiteLoginStore: UpstreamLedger {
    public func take(_ count: Int, client: String, second: Int, perSecond: Int, hour: Int, perHour: Int) async throws -> Int {
        try await write { db in
            func spent(_ kind: String, in start: Int) throws -> Int {
                let row = try Row.fetchOne(
                    db, sql: "SELECT start, spent FROM upstream_budget WHERE client_id = ? AND kind = ?",
                    arguments: [client, kind])
                return row.flatMap { ($0["start"] as Int) == start ? $0["spent"] as Int : nil } ?? 0
            }
            let (inSecond, inHour) = (try spent("s", in: second), try spent("h", in: hour))
            let granted = UpstreamSchema.granted(count, inSecond: inSecond, perSecond: perSecond, inHour: inHour, perHour: perHour)
            for (kind, start, total) in [("s", second, inSecond + granted), ("h", hour, inHour + granted)] {
                try db.execute(
                    cached: "INSERT OR REPLACE INTO upstream_budget (client_id, kind, start, spent) VALUES (?, ?, ?, ?)",
                    arguments: [client, kind, start, total])
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
