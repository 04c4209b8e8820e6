import BattleNet
import BattleNetEmulator
import Foundation
import Logging
import PostgresNIO
import RelayApp
import RelayCore
import RelayServer
import Testing

/// Two relays sharing one PostgreSQL database, as behind a load balancer.
@Suite("Two relays on PostgreSQL", .enabled(if: PostgresServer.isInstalled, "needs Debian's postgresql package"), .timeLimit(.minutes(2)))
struct MultiInstanceTests {
    @Test("a relay refuses a PostgreSQL database migrated by a newer relay, and changes nothing")
    func schemaTooNew() async throws {
        let database = try await PostgresServer.shared.newDatabase()
        try await DatabaseLocation(parsing: database).withStore(logger: Logger(label: "schema-test")) { _ in }
        let url = try #require(URLComponents(string: database))
        let client = PostgresClient(
            configuration: .init(
                host: "127.0.0.1", port: try #require(url.port), username: "bnet", password: nil,
                database: String(url.path.dropFirst()), tls: .disable),
            backgroundLogger: Logger(label: "schema-test"))
        let runner = Task { await client.run() }
        defer { runner.cancel() }
        try await client.query("INSERT INTO schema_migrations (name, applied_at) VALUES ('v10 from a newer relay', 0)")
        let logins = try await runRelayCommand(["logins", "--database", database])
        #expect(logins.status != 0)
        #expect(logins.output.contains("the database's schema (v10) is newer than this relay knows (v9)"), "\(logins.output)")
        var applied = 0
        for try await count in try await client.query("SELECT count(*)::int FROM schema_migrations").decode(Int.self) {
            applied = count
        }
        #expect(applied == 10)
    }

    @Test("bnet-relay logins lists and revokes logins in PostgreSQL, running the store's pool for the command")
    func loginsCommand() async throws {
        let database = try await PostgresServer.shared.newDatabase()
        try await withRelay({ $0.database = try DatabaseLocation(parsing: database) }) { relay in
            let login = try await relay.startLogin()
            let listed = try await runRelayCommand(["logins", "--database", database])
            #expect(listed.status == 0, "\(listed.output)")
            let row = try #require(listed.output.split(separator: "\n").first { $0.contains("\td3\tpending\t") })
            let id = try #require(row.split(separator: "\t").first)
            let revoked = try await runRelayCommand(["logins", "--database", database, "--revoke=\(id)"])
            #expect(revoked.status == 0, "\(revoked.output)")
            try await relay.service.sweep()
            #expect(try await relay.poll(login).json["error"] as? String == "access_denied")
        }
    }

    @Test("A login started on A, called back on B, reaches A's long-poll promptly and is handed out once")
    func crossInstance() async throws {
        let database = try await PostgresServer.shared.newDatabase()
        let emulator = try await RelayHarness.startEmulator()
        let keyPath = FileManager.default.temporaryDirectory.appending(path: "shared-\(UUID().uuidString).key").path
        try RelayKey.write(to: keyPath)
        let a = try await RelayHarness.start(emulator: emulator, { $0.database = try DatabaseLocation(parsing: database); $0.sealKeyFile = keyPath })
        let b = try await RelayHarness.start(emulator: emulator, { $0.database = try DatabaseLocation(parsing: database); $0.sealKeyFile = keyPath })
        do {
            for _ in 0..<3 {
                let login = try await a.startLogin()
                let clock = ContinuousClock()
                async let held = a.poll(login, wait: 15)
                try await a.held()
                let callback = try await b.decide(try await b.confirm(login))
                let delivered = clock.now
                #expect(try await b.get(callback).text.contains("Signed in as FaYe#2543"))
                let token = try await held
                #expect(token.status == 200, "\(token.text)")
                #expect(clock.now - delivered < .seconds(8), "the held poll was not woken by the other relay's approval (its wait is 15 s)")
                let again = try await b.poll(login, wait: 1)
                #expect(again.json["error"] as? String == "invalid_grant")
            }
            let denied = try await a.startLogin()
            let callback = try await a.decide(try await a.confirm(denied), approve: false)
            _ = try await b.get(callback)
            #expect(try await a.poll(denied).json["error"] as? String == "access_denied")
        } catch {
            await a.stop()
            await b.stop()
            await emulator.stop()
            throw error
        }
        await a.stop()
        await b.stop()
        await emulator.stop()
    }
}
