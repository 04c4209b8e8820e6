import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import RelayApp
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

    @Test("Forwarded revocations wait on connections of their own: with the production wiring over sockets, 4 held at Battle.net and 6 code exchanges held beside them all get a connection")
    func ownConnections() async throws {
        let (revoked, signedIn) = try await Self.revocationsBesideExchanges(.live)
        #expect(revoked == 4, "every revocation was forwarded")
        #expect(signedIn == 6, "every sign-in's code exchange found a connection")
    }

    @Test("The check above can fail: with revocations on the shared pool (a broken wiring), the same load leaves at least two requests without a connection")
    func sharedPoolFails() async throws {
        let broken = RelayCollaborators(battleNet: RelayCollaborators.live.battleNet, clock: .live)
        let (revoked, signedIn) = try await Self.revocationsBesideExchanges(broken)
        #expect(revoked + signedIn <= Self.sharedConnections, "\(revoked) revocations and \(signedIn) sign-ins got through")
    }

    /// Connections per host the library's shared client opens at most (AsyncHTTPClient's default).
    static let sharedConnections = 8

    /// A relay wired with `collaborators`, reaching a listening emulator over loopback: 4 tokens are issued, then 4
    /// revocations (as many as the relay forwards at once) and 6 sign-ins' code exchanges are held 6 s each at
    /// Battle.net, all sent within moments. A request that waits more than 3 s for a connection (the client's
    /// connect timeout) fails, long before any held one lets its connection go: with revocations on a pool of their
    /// own, the shared pool's 8 connections carry the 6 exchanges; on one shared pool, the 10 requests need 10 of 8.
    /// Returns how many revocations were forwarded and how many sign-ins got their token.
    static func revocationsBesideExchanges(_ collaborators: RelayCollaborators) async throws -> (revoked: Int, signedIn: Int) {
        let emulator = try await RelayHarness.startListeningEmulator()
        do {
            let counts = try await revocationsBesideExchanges(collaborators, emulator: emulator)
            await emulator.stop()
            return counts
        } catch {
            await emulator.stop()
            throw error
        }
    }

    private static func revocationsBesideExchanges(_ collaborators: RelayCollaborators, emulator: RunningEmulator) async throws
        -> (revoked: Int, signedIn: Int)
    {
        try await withRelay({
            try await RelayHarness.start(emulator: emulator, collaborators: collaborators) {
                $0.revocationsPerMinute = 1_000
                $0.codeEntriesPerMinute = 100
                $0.startsPerMinute = 100
                $0.exchangeTimeout = .seconds(20)
            }
        }) { relay in
            var issued: [String] = []
            for _ in 0..<4 { issued.append(try await signIn(relay)) }
            let tokens = issued
            // Each sign-in in a browser of its own, as far as Battle.net's redirect back.
            let pending = try await withThrowingTaskGroup(of: (StartedLogin, URL, CookieJar).self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        let browser = CookieJar()
                        let login = try await relay.startLogin()
                        let callback = try await relay.person(browser).decide(try await relay.confirm(login, browser: browser))
                        return (login, callback, browser)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            await relay.emulator.state.inject(EmulatorFault(pathPrefix: "/revoke", kind: .latency(milliseconds: 6_000), count: 4))
            await relay.emulator.state.inject(EmulatorFault(pathPrefix: "/token", kind: .latency(milliseconds: 6_000), count: 6))
            async let revocations = AbuseTests.concurrently(tokens.count) { index in
                try await relay.post("/oauth/revoke", form: [("token", tokens[index]), ("client_id", "d3")])
            }
            let signedIn = try await withThrowingTaskGroup(of: Bool.self) { group in
                for (login, callback, browser) in pending {
                    group.addTask {
                        let landed = try await relay.send(TransportRequest(url: callback, timeout: .seconds(30)), browser: browser)
                        guard landed.status == 200 else { return false }
                        return try await relay.poll(login, wait: 5).json["access_token"] is String
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            return (try await revocations.statuses[200, default: 0], signedIn)
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
