import BattleNet
import Foundation
import GRDB
import RelayApp
import RelayCore
import RelaySQLite
import RelayServer
import TestSupport
import Testing

/// Made-up states and device codes cost a budget per client network: past it, that network gets 429 without the
/// relay touching its database, while other networks and logins the relay knows carry on.
@Suite("Unknown states and device codes limited per network", .timeLimit(.minutes(2)))
struct UnknownCodeLimitTests {
    static let flooder = [(name: "X-Forwarded-For", value: "203.0.113.9")]
    static let neighbour = [(name: "X-Forwarded-For", value: "203.0.113.10")]

    static func callback(_ relay: RelayHarness, headers: [(name: String, value: String)]) async throws -> TransportResponse {
        try await relay.get("/redirect/d3?code=made-up&state=\(Identifiers.state())", headers: headers)
    }

    static func poll(_ relay: RelayHarness, _ deviceCode: String, headers: [(name: String, value: String)]) async throws
        -> TransportResponse
    {
        try await relay.post(
            "/oauth/token",
            form: [("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode), ("client_id", "d3")],
            headers: headers)
    }

    @Test("Callbacks with made-up states: the budget, then 429 with Retry-After; a neighbour and a real sign-in go on")
    func callbacks() async throws {
        // On a clock only the test moves, so that no miss is refilled however slow the run.
        let clock = ManualClock(Date())
        let configure: (inout RelayConfiguration) -> Void = { $0.trustedProxies = ["127.0.0.1"]; $0.settings.unknownCodesPerMinute = 5 }
        try await withRelay({ try await RelayHarness.start(clock: clock.relay, configure) }) { relay in
            for _ in 0..<5 {
                let rejected = try await Self.callback(relay, headers: Self.flooder)
                #expect(rejected.status == 400)
                #expect(rejected.text.contains("unknown, expired or was already used"))
            }
            let refused = try await Self.callback(relay, headers: Self.flooder)
            #expect(refused.status == 429)
            #expect(refused.header("Retry-After") == "60")
            #expect(refused.header("Content-Type") == "text/html; charset=utf-8", "a browser's answer is a page")
            #expect(refused.text.contains("Too many"))
            #expect(try await Self.callback(relay, headers: Self.neighbour).status == 400, "another address has its own budget")
            let (login, callback) = try await relay.loginUntilCallback()
            #expect(try await relay.get(callback).text.contains("Signed in"))
            #expect(try await relay.poll(login, wait: 1).status == 200)
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="unknown_state"} 1"#))
            #expect(metrics.contains(#"bnet_relay_callbacks_total{outcome="rejected"} 6"#), "the flooder's five and the neighbour's")
        }
    }

    @Test("Polls with made-up device codes: the budget, then 429 slow_down; the network's own login is still answered")
    func polls() async throws {
        // On a clock only the test moves, as above: a slow run (one miss refills in 12 s) cannot let a sixth through.
        let clock = ManualClock(Date())
        let configure: (inout RelayConfiguration) -> Void = { $0.trustedProxies = ["127.0.0.1"]; $0.settings.unknownCodesPerMinute = 5 }
        try await withRelay({ try await RelayHarness.start(clock: clock.relay, configure) }) { relay in
            let started = try await relay.post("/oauth/device/code", form: [("client_id", "d3")], headers: Self.flooder)
            let deviceCode = try #require(started.json["device_code"] as? String)
            for _ in 0..<5 {
                let unknown = try await Self.poll(relay, Identifiers.deviceCode(), headers: Self.flooder)
                #expect(unknown.status == 400)
                #expect(unknown.json["error"] as? String == "invalid_grant")
            }
            let refused = try await Self.poll(relay, Identifiers.deviceCode(), headers: Self.flooder)
            #expect(refused.status == 429)
            #expect(refused.header("Retry-After") == "60")
            #expect(refused.json["error"] as? String == "slow_down")
            #expect(refused.json["interval"] as? Int == 5)
            let known = try await Self.poll(relay, deviceCode, headers: Self.flooder)
            #expect(known.json["error"] as? String == "authorization_pending", "a login the relay holds is answered from memory")
            #expect(try await Self.poll(relay, Identifiers.deviceCode(), headers: Self.neighbour).status == 400)
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="unknown_device_code"} 1"#))
        }
    }

    @Test("An unknown state is answered by a read: it does not wait for a write transaction another caller holds")
    func unknownStateTakesNoWriteLock() async throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "state-\(UUID().uuidString).sqlite").path
        let pool = try DatabasePool(path: path)
        let store = try SQLiteLoginStore(writer: pool)
        try await store.migrate()
        // The writer holds its transaction until released, or for 10 s: it times out only if the read waited for it.
        let writerHeld = AsyncStream.makeStream(of: Void.self)
        let release = DispatchSemaphore(value: 0)
        let holder = Task {
            try await pool.write { _ in
                writerHeld.continuation.yield()
                return release.wait(timeout: .now() + 10)
            }
        }
        var iterator = writerHeld.stream.makeAsyncIterator()
        await iterator.next()
        #expect(try await store.consumeState(stateHash: Identifiers.hash(Identifiers.state()), now: Date()) == nil)
        release.signal()
        #expect(try await holder.value == .success, "the unknown state waited for the writer's transaction to end")
    }
}
