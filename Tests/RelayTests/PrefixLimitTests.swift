import BattleNet
import Foundation
@testable import RelayApp
import RelayCore
import TestSupport
import Testing

@testable import RelayServer

/// Login starts limited at an IPv6 /56 and /48 (an IPv4 /24) as well as at a /64, so that one allocation cannot take
/// the open-login cap from everyone; over real sockets, clients named by a trusted proxy's `X-Forwarded-For`.
@Suite("Login-start limits per /64, /56 and /48", .timeLimit(.minutes(2)))
struct PrefixLimitTests {
    /// Starts a login for a client at `address`, as the trusted proxy on loopback names it.
    static func start(_ relay: RelayHarness, from address: String) async throws -> TransportResponse {
        try await relay.post("/oauth/device/code", form: [("client_id", "d3")], headers: [("X-Forwarded-For", address)])
    }

    /// A relay behind a trusted proxy on loopback, with these start limits (10 a minute per /64).
    static func limits(per56: Double, per48: Double, maxOpenLogins: Int = 100_000) -> (inout RelayConfiguration) -> Void {
        {
            $0.trustedProxies = ["127.0.0.1"]
            $0.settings.maxOpenLogins = maxOpenLogins
            $0.startsPerMinute = 10
            $0.startsPerMinutePer56 = per56
            $0.startsPerMinutePer48 = per48
        }
    }

    @Test("A flood from the /64s of one IPv6 /48 is refused with 429 before it fills the cap; other networks still start logins")
    func oneAllocationCannotFillTheCap() async throws {
        // On a clock only the test moves: the /48's burst is all it gets, however slow the run.
        let limits = Self.limits(per56: 1_000, per48: 20, maxOpenLogins: 100)
        try await withRelay({ try await RelayHarness.start(clock: ManualClock(Date()).relay, limits) }) { relay in
            var statuses: [Int: Int] = [:]
            for index in 0..<150 {
                let response = try await Self.start(relay, from: "2001:db8:1:\(String(index, radix: 16))::1")
                statuses[response.status, default: 0] += 1
                if response.status == 429 {
                    #expect(response.header("Retry-After") == "60")
                    #expect(response.json["error"] as? String == "slow_down")
                    #expect((response.json["error_description"] as? String)?.contains("your network") == true)
                }
            }
            #expect(statuses[200, default: 0] == 20, "the /48's burst: \(statuses)")
            #expect(statuses[503, default: 0] == 0, "the cap was never reached: \(statuses)")
            #expect(statuses[200, default: 0] + statuses[429, default: 0] == 150, "\(statuses)")

            #expect(try await Self.start(relay, from: "2001:db8:2::1").status == 200, "another /48 starts logins")
            #expect(try await Self.start(relay, from: "198.51.100.1").status == 200, "IPv4 clients start logins")
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="login_start_48"} "#))
            #expect(!metrics.contains(#"bnet_relay_throttled_total{limit="login_start_48"} 0"#))
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="open_logins"} 0"#))
        }
    }

    @Test("The /64s of one /56 share its budget, its neighbour /56 in the /48 has its own; IPv4 /24s share theirs")
    func siteAndIPv4Widths() async throws {
        try await withRelay(via: .sockets, Self.limits(per56: 3, per48: 5)) { relay in
            for index in 1...3 {
                #expect(try await Self.start(relay, from: "2001:db8:5:10\(index)::1").status == 200)
            }
            let site = try await Self.start(relay, from: "2001:db8:5:1ff::1")
            #expect(site.status == 429, "a fourth /64 of 2001:db8:5:100::/56")
            #expect(try await Self.start(relay, from: "2001:db8:5:200::1").status == 200, "the next /56 of the /48")
            for index in 1...5 {
                #expect(try await Self.start(relay, from: "203.0.113.\(index)").status == 200)
            }
            #expect(try await Self.start(relay, from: "203.0.113.200").status == 429, "a sixth address of 203.0.113.0/24")
            #expect(try await Self.start(relay, from: "203.0.114.1").status == 200, "the next /24")
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="login_start_56"} 1"#))
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="login_start_48"} 1"#))
        }
    }

    @Test("Prefix keys: an IPv6 /48 and /56, an IPv4 /24; IPv4-mapped IPv6 as IPv4")
    func prefixKeys() throws {
        let v6 = try #require(IPAddress("2001:db8:1:2ab:3:4:5:6"))
        #expect(v6.prefixKey(48) == "2001:db8:1:0::/48")
        #expect(v6.prefixKey(56) == "2001:db8:1:200::/56")
        #expect(v6.prefixKey(64) == "2001:db8:1:2ab::/64")
        #expect(IPAddress("192.0.2.77")?.prefixKey(24) == "192.0.2.0/24")
        #expect(IPAddress("::ffff:198.51.100.4")?.prefixKey(24) == "198.51.100.0/24")
    }

    @Test("check-config names the share of the cap one /48 can hold, and refuses a rate below 1")
    func configuration() throws {
        var configuration = RelayConfiguration()
        configuration.settings.maxOpenLogins = 10_000
        #expect(configuration.openLoginsPer48 == 660)
        #expect(configuration.summary.contains { $0.contains("one /48 holds at most 660 open logins (6.6% of the cap)") })
        let parsed = try ConfigurationSetting.configuration(
            arguments: ["--starts-per-minute-per-48", "0"], environment: ["BNET_RELAY_STARTS_PER_MINUTE_PER_56": "7"])
        #expect(parsed.startsPerMinutePer56 == 7)
        #expect(parsed.problems().contains("--starts-per-minute-per-48 must be at least 1"))
    }
}
