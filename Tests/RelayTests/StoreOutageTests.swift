import BattleNet
import BattleNetEmulator
import Foundation
import RelayApp
import RelayCore
import RelayServer
import Testing

/// A database outage under running relays: requests that need the database are refused within the store's
/// deadline (3 s) with 503, `Retry-After` and a JSON error, `/readyz` says not ready, what the relays answer from
/// memory keeps answering, and service resumes by itself when the database is back.
@Suite("Database outages", .enabled(if: PostgresServer.isInstalled, "needs Debian's postgresql package"), .timeLimit(.minutes(3)))
struct StoreOutageTests {
    /// The store's deadline and a margin for a loaded machine.
    static let bound = Duration.seconds(3) + .milliseconds(1500)

    @Test("PostgreSQL stopped under two relays: 503 within the deadline, not ready, pending polls answered; both serve again once it is back")
    func postgresStopped() async throws {
        let server = PostgresServer()
        let database = try await server.newDatabase()
        let emulator = try await RelayHarness.startEmulator()
        let keyPath = FileManager.default.temporaryDirectory.appending(path: "outage-\(UUID().uuidString).key").path
        try RelayKey.write(to: keyPath)
        defer { try? FileManager.default.removeItem(atPath: keyPath) }
        let configure = { (configuration: inout RelayConfiguration) in
            configuration.database = try DatabaseLocation(parsing: database)
            configuration.sealKeyFile = keyPath
        }
        let a = try await RelayHarness.start(emulator: emulator, configure)
        let b = try await RelayHarness.start(emulator: emulator, configure)
        do {
            let pendingOnA = try await a.startLogin()
            let pendingOnB = try await b.startLogin()
            let approved = try await a.startLogin()
            #expect(try await a.get(try await a.decide(try await a.confirm(approved))).text.contains("Signed in"))
            try await server.stop()

            // Both relays at once (each refusal takes the store's deadline).
            try await withThrowingTaskGroup(of: Void.self) { group in
                for relay in [a, b] {
                    group.addTask {
                        #expect(try await relay.readiness(becoming: 503).status == 503)
                        #expect(
                            relay.logs.text.contains("readiness check failed error_type=LoginStoreUnavailable reason="),
                            "the operator's log says why the relay is not ready")
                        try await Self.expectRefusedPromptly { try await relay.post("/oauth/device/code", form: [("client_id", "d3")]) }
                    }
                }
                group.addTask { try await Self.expectRefusedPromptly { try await a.poll(approved, wait: 1) } }
                try await group.waitForAll()
            }
            #expect(try await a.poll(pendingOnA, wait: 1).json["error"] as? String == "authorization_pending")
            #expect(try await b.poll(pendingOnB, wait: 1).json["error"] as? String == "authorization_pending")

            try await server.restart()
            async let readyA = Self.ready(a)
            async let readyB = Self.ready(b)
            for (relay, ready) in [(a, try await readyA), (b, try await readyB)] {
                #expect(ready, "not ready again; the relay's last lines:\n\(relay.logs.text.suffix(3000))")
            }
            let token = try await a.poll(approved, wait: 1)
            #expect(token.status == 200, "an approved login was lost in the outage: \(token.text)")
            #expect(token.json["access_token"] is String)
            async let held = a.poll(pendingOnA, wait: 15)
            try await a.held()
            #expect(try await b.get(try await b.decide(try await b.confirm(pendingOnA))).text.contains("Signed in"))
            #expect(try await held.status == 200, "the relay's change feed did not come back")
            let fresh = try await b.startLogin()
            #expect(try await a.get(try await a.decide(try await a.confirm(fresh))).text.contains("Signed in"))
            #expect(try await b.poll(fresh, wait: 5).status == 200)
        } catch {
            await Self.stop(a, b)
            await emulator.stop()
            throw error
        }
        await Self.stop(a, b)
        await emulator.stop()
    }

    /// Sends `request` and expects the refusal a client can act on, within ``bound``.
    static func expectRefusedPromptly(_ request: @Sendable () async throws -> TransportResponse) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await request()
        let took = clock.now - start
        #expect(response.status == 503, "\(response.text)")
        #expect(response.json["error"] as? String == "temporarily_unavailable")
        #expect(response.header("Retry-After") != nil)
        #expect(took < bound, "answered after \(took)")
    }

    /// Whether `/readyz` answers 200 within 65 s: PostgresNIO's pool retries a failed connection with a back-off that
    /// grows by a quarter each attempt up to 60 s, so after a long outage (a loaded machine makes this test's longer)
    /// the next attempt can be up to a minute away.
    static func ready(_ relay: RelayHarness) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(65)
        while ContinuousClock.now < deadline {
            if try await relay.ops("/readyz").status == 200 { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    static func stop(_ relays: RelayHarness...) async {
        for relay in relays { await relay.stop() }
    }
}
