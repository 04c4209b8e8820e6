import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import RelayCore
import RelayServer
import TestSupport
import Testing

/// The attack of issue 35: revocations from the /64s of one IPv6 /48, sent through the trusted proxy, while
/// Battle.net takes 300 ms to answer each revocation. Over real sockets, because the point is the relay's outbound
/// connections to Battle.net.
@Suite("Revocation floods", .timeLimit(.minutes(2)))
struct RevocationFloodTests {
    @Test("A flood from one /48 causes no more calls to Battle.net than the relay issued tokens, and a sign-in meanwhile completes")
    func floodFromOneAllocation() async throws {
        try await withRelay(via: .sockets, {
            $0.trustedProxies = ["127.0.0.1"]
            $0.startsPerMinute = 10
        }) { relay in
            var issued: [String] = []
            for _ in 0..<2 { issued.append(try await Self.signIn(relay)) }
            let tokens = issued
            await relay.emulator.state.inject(EmulatorFault(pathPrefix: "/revoke", kind: .latency(milliseconds: 300)))

            // The flood has an HTTP client of its own: its queue is not the player's.
            let (statuses, player) = try await AsyncHTTPClientTransport.withOwnPool { attacker in
                async let flood = AbuseTests.concurrently(600) { index in
                    // 150 /64s of 2001:db8:35::/48, each in a /56 of its own, four requests each; every tenth names a
                    // token the relay issued.
                    let token = index % 10 == 0 ? tokens[index / 10 % tokens.count] : "made-up-\(index)-\(UUID().uuidString)"
                    return try await attacker.send(TransportRequest(
                        method: "POST", url: relay.baseURL.appending(path: "oauth/revoke"),
                        headers: [
                            ("Content-Type", "application/x-www-form-urlencoded"),
                            ("X-Forwarded-For", "2001:db8:35:\(String((index % 150) << 8, radix: 16))::1"),
                        ],
                        body: Data(FormEncoding.encode([("token", token), ("client_id", "d3")]).utf8), timeout: .seconds(40)))
                }
                let player = try await Self.signIn(relay)
                return (try await flood.statuses, player)
            }

            #expect(!player.isEmpty, "a real sign-in completed during the flood")
            let upstream = await relay.emulator.state.count("revoke")
            #expect(upstream <= issued.count, "\(upstream) calls to Battle.net for \(issued.count) issued tokens")
            #expect(statuses[200, default: 0] + statuses[429, default: 0] == 600, "\(statuses)")
            #expect(statuses[429, default: 0] > 0, "the /48 was held to its budget: \(statuses)")
            let metrics = try await relay.ops("/metrics").text
            #expect(!metrics.contains(#"bnet_relay_throttled_total{limit="revocation_48"} 0"#), "\(metrics)")
            #expect(metrics.contains(#"bnet_relay_revocations_total{outcome="forwarded"} \#(upstream)"#), "\(metrics)")
            #expect(!metrics.contains(#"bnet_relay_revocations_total{outcome="not_issued"} 0"#), "\(metrics)")
        }
    }

    @Test("Forwarded revocations wait on connections of their own: 12 held 3.5 s each at Battle.net do not stop a sign-in's code exchange")
    func ownConnections() async throws {
        try await withRelay({
            $0.revocationsPerMinute = 1_000
            $0.codeEntriesPerMinute = 100
            $0.startsPerMinute = 100
        }) { relay in
            let issued = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<12 { group.addTask { try await Self.signIn(relay) } }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            // More revocations than the shared client has connections per host (8), each held longer than a request
            // waits for a connection (3 s): on a shared pool, the sign-in's exchange would find none.
            await relay.emulator.state.inject(EmulatorFault(pathPrefix: "/revoke", kind: .latency(milliseconds: 3_500)))
            async let revocations = AbuseTests.concurrently(issued.count) { index in
                try await relay.post("/oauth/revoke", form: [("token", issued[index]), ("client_id", "d3")])
            }
            try await Task.sleep(for: .milliseconds(300))
            let exchanges = await relay.emulator.state.count("token.authorization_code")
            let player = try await Self.signIn(relay)
            #expect(!player.isEmpty)
            #expect(await relay.emulator.state.count("token.authorization_code") == exchanges + 1)
            let (statuses, _, _) = try await revocations
            #expect(statuses[200, default: 0] == issued.count, "every revocation was forwarded in turn: \(statuses)")
            #expect(await relay.emulator.state.count("revoke") == issued.count)
        }
    }

    /// One whole sign-in through the relay; the token.
    static func signIn(_ relay: RelayHarness) async throws -> String {
        let (login, callback) = try await relay.loginUntilCallback()
        let landed = try await relay.get(callback)
        #expect(landed.status == 200, "\(landed.text)")
        let granted = try await relay.poll(login, wait: 5)
        return try #require(
            granted.json["access_token"] as? String,
            "\(granted.text); the relay's warnings: \(relay.logs.text.split(separator: "\n").filter { $0.hasPrefix("warning") || $0.hasPrefix("error") }.suffix(5))")
    }
}
