import Foundation
import Logging
import RelayApp
import RelayCore
import RelayServer
import Testing

/// Every ledger keeps each window's limit when relays lease from it at once: memory, SQLite, and PostgreSQL (whose
/// rows are locked for the lease, so that two relays never grant the same request twice).
@Suite(.timeLimit(.minutes(2))) struct UpstreamLedgerTests {
    static let time = Date(timeIntervalSince1970: 1_800_000_000.05)

    /// 40 leases of 3 at once, then the next second and the hour.
    static func keepsItsLimits(_ ledgers: [any UpstreamLedger]) async throws {
        func take(_ count: Int, at time: Date) async throws -> Int {
            let windows = BudgetWindows(at: time, perSecond: 12, perHour: 20)
            return try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<count { group.addTask { try await ledgers[index % ledgers.count].take(3, client: "c", windows: windows) } }
                return try await group.reduce(0, +)
            }
        }
        #expect(try await take(40, at: time) == 12)
        #expect(try await take(40, at: time.addingTimeInterval(0.5)) == 0, "the same second")
        #expect(try await take(40, at: time.addingTimeInterval(1)) == 8, "a new second, and the hour's 20")
        #expect(try await take(40, at: time.addingTimeInterval(3600)) == 12, "a new hour")
        let other = BudgetWindows(at: time, perSecond: 12, perHour: 20)
        #expect(try await ledgers[0].take(3, client: "another", windows: other) == 3, "clients are counted apart")
    }

    @Test func inMemory() async throws {
        try await Self.keepsItsLimits([MemoryLedger()])
    }

    @Test func onSQLite() async throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "ledger-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await DatabaseLocation.sqlite(path: path).withStore(logger: Logger(label: "ledger-test")) { store in
            try await Self.keepsItsLimits([try #require(store as? any UpstreamLedger)])
        }
    }

    @Test(.enabled(if: PostgresServer.isInstalled, "needs Debian's postgresql package"))
    func twoRelaysOnPostgreSQL() async throws {
        let database = try DatabaseLocation(parsing: try await PostgresServer.shared.newDatabase())
        try await database.withStore(logger: Logger(label: "ledger-test")) { first in
            try await database.withStore(logger: Logger(label: "ledger-test")) { second in
                try await Self.keepsItsLimits([try #require(first as? any UpstreamLedger), try #require(second as? any UpstreamLedger)])
            }
        }
    }
}
