import BattleNet
import Foundation
@testable import RelayApp
import RelayCore
import TestSupport
import Testing

@testable import RelayServer

/// What one client network and the whole relay can make the relay hold.
@Suite("Capacity: per-network limits (IPv6 /64) and the global cap on open logins", .timeLimit(.minutes(2)))
struct CapacityTests {
    @Test("Addresses of one IPv6 /64 share one budget of code guesses; another /64 and IPv4 neighbours have their own")
    func ipv6Slash64() async throws {
        // On a clock only the test moves, so that no guess is refilled however slow the run.
        let configure: (inout RelayConfiguration) -> Void = { $0.codeEntriesPerMinute = 5; $0.trustedProxies = ["127.0.0.1"] }
        try await withRelay({ try await RelayHarness.start(clock: ManualClock(Date()).relay, configure) }) { relay in
            for index in 1...5 {
                let guess = try await relay.get(
                    "/device?user_code=BCDF-GHJK", headers: [("X-Forwarded-For", "2001:db8:1:2::\(index)")])
                #expect(guess.status == 404)
            }
            let sameNetwork = try await relay.get(
                "/device?user_code=BCDF-GHJK", headers: [("X-Forwarded-For", "2001:db8:1:2:ffff:ffff:ffff:fffe")])
            #expect(sameNetwork.status == 429)
            #expect(sameNetwork.header("Retry-After") == "60")
            let otherNetwork = try await relay.get(
                "/device?user_code=BCDF-GHJK", headers: [("X-Forwarded-For", "2001:db8:1:3::1")])
            #expect(otherNetwork.status == 404)
            for index in 1...6 {
                let v4 = try await relay.get("/device?user_code=BCDF-GHJK", headers: [("X-Forwarded-For", "192.0.2.\(index)")])
                #expect(v4.status == 404, "IPv4 addresses are limited one by one")
            }
        }
    }

    @Test("Limit keys: IPv4 as itself, IPv6 as its /64, IPv4-mapped IPv6 as IPv4")
    func limitKeys() throws {
        #expect(IPAddress("192.0.2.7")?.limitKey == "192.0.2.7")
        #expect(IPAddress("2001:db8:1:2:3:4:5:6")?.limitKey == "2001:db8:1:2::/64")
        #expect(IPAddress("2001:db8::1")?.limitKey == "2001:db8:0:0::/64")
        #expect(IPAddress("::ffff:198.51.100.4")?.limitKey == "198.51.100.4")
    }

    @Test("Over real IPv6 sockets: a relay on ::1 serves a whole login and limits the peer's /64")
    func ipv6Sockets() async throws {
        let relay = try await RelayHarness.start({ $0.codeEntriesPerMinute = 2; $0.host = "::1" })
        do {
            #expect(relay.baseURL.absoluteString.hasPrefix("http://[::1]:"))
            let (login, callback) = try await relay.loginUntilCallback()
            #expect(try await relay.get(callback).text.contains("Signed in"))
            #expect(try await relay.poll(login, wait: 1).status == 200)
            // Opening the page and clicking Continue used the two code entries of the peer's /64 (::1's).
            #expect(try await relay.get("/device?user_code=BCDF-GHJK").status == 429)
        } catch {
            await relay.stop()
            throw error
        }
        await relay.stop()
    }

    @Test("Past the global cap, new logins get 503 with Retry-After; logins already open carry on")
    func openLoginCap() async throws {
        try await withRelay(via: .router, { $0.settings.maxOpenLogins = 3 }) { relay in
            let first = try await relay.startLogin()
            _ = try await relay.startLogin()
            _ = try await relay.startLogin()
            let refused = try await relay.post("/oauth/device/code", form: [("client_id", "d3")])
            #expect(refused.status == 503)
            #expect(refused.json["error"] as? String == "temporarily_unavailable")
            #expect(refused.header("Retry-After") == "60")
            #expect(relay.service.index.counts.logins == 3)
            let callback = try await relay.decide(try await relay.confirm(first))
            #expect(try await relay.get(callback).text.contains("Signed in"))
            #expect(try await relay.poll(first, wait: 1).status == 200)
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="open_logins"} 1"#))
        }
    }

    @Test("The rate limiter forgets only buckets idle for a generation, and never holds more than maxKeys")
    func limiterGenerations() async {
        let limiter = RateLimiter(name: "test", burst: 1, perMinute: 0.001, maxKeys: 10, clock: ManualClock().relay)
        #expect(await limiter.allow("busy"))
        for index in 0..<1_000 {
            #expect(await limiter.allow("key-\(index)"))
            if index % 3 == 0 { #expect(await limiter.allow("busy") == false, "a bucket in use keeps its state") }
            #expect(await limiter.keys <= 10)
        }
        #expect(await limiter.allow("key-0"), "an idle bucket was forgotten (it would be full again anyway)")
    }
}
