import BattleNet
import Foundation
import RelayApp
import RelayCore
import TestSupport
import Testing

@testable import RelayServer

/// `X-Forwarded-For` as proxies really write it (issue 35): a port, brackets, a zone; and values that name no
/// client, which must not land in the proxy's own buckets.
@Suite("Forwarded client addresses", .timeLimit(.minutes(2)))
struct ForwardedForTests {
    @Test("Hops with a port, brackets or a zone name their address; 'unknown', names and garbage name none")
    func hops() {
        let cases: [(String, String?)] = [
            ("203.0.113.7", "203.0.113.7"), ("203.0.113.7:51234", "203.0.113.7"), (" 203.0.113.7:1 ", "203.0.113.7"),
            ("[2001:db8::7]:443", "2001:db8::7"), ("[2001:db8::7]", "2001:db8::7"), ("2001:db8::7", "2001:db8::7"),
            ("fe80::7%eth0", "fe80::7"), ("[fe80::7%25eth0]:80", "fe80::7"), ("::ffff:192.0.2.1", "::ffff:192.0.2.1"),
            ("unknown", nil), ("_hidden", nil), ("203.0.113.7:", nil), ("203.0.113.7:99999", nil), ("203.0.113.7:80x", nil),
            ("203.0.113.7 garbage", nil), ("[2001:db8::7]:", nil), ("[203.0.113.7]:80", nil), ("[2001:db8::7", nil),
            ("203.0.113.7%eth0", nil), ("fe80::7%", nil), ("fe80::7%eth 0", nil), ("", nil),
            // Found by the fuzzer: a NUL ended inet_pton's input; a space inside brackets or before a port.
            ("fe80::\0\u{9A} ", nil), ("203.0.113.7\0garbage", nil), ("[ 2b::7]", nil), ("203.0.113.7 :80", nil),
            // Found by the fuzzer's oracle: a port with a sign, which `UInt16("+5")` reads as 5.
            ("3.0.1.7:+5", nil), ("[2001:db8::7]:+443", nil),
        ]
        for (hop, expected) in cases {
            #expect(ForwardedHop(Substring(hop))?.text == expected, "\(hop.debugDescription)")
        }
    }

    @Test("From a trusted proxy, an empty header or an empty hop names no client: the unusable bucket, never the proxy's (R4-7)")
    func emptyHops() throws {
        let middleware = ClientAddressMiddleware(trusted: [try #require(IPRange("10.0.0.0/8"))])
        for forwarded in [[""], [" "], ["203.0.113.7,,10.0.0.2"], [",10.0.0.2"], ["203.0.113.7", ""]] {
            let client = middleware.resolve(peer: "10.0.0.1", forwarded: forwarded)
            #expect(client == .init(address: ClientAddressMiddleware.unusableBucket, unusable: true), "\(forwarded)")
        }
        #expect(middleware.resolve(peer: "10.0.0.1", forwarded: []).address == "10.0.0.1", "no header: the proxy itself")
        #expect(middleware.resolve(peer: "10.0.0.1", forwarded: ["203.0.113.7, 10.0.0.2"]).address == "203.0.113.7")
        #expect(middleware.resolve(peer: "192.0.2.9", forwarded: [""]).address == "192.0.2.9", "an untrusted peer's header is ignored")
    }

    /// A login start for the client a trusted proxy on loopback names (no header: the proxy's own request).
    static func start(_ relay: RelayHarness, forwardedFor: String?) async throws -> Int {
        try await relay.post(
            "/oauth/device/code", form: [("client_id", "d3")],
            headers: forwardedFor.map { [("X-Forwarded-For", $0)] } ?? []
        ).status
    }

    @Test("A client's address with and without port, brackets or zone is one client for the limits")
    func portsAndZones() async throws {
        try await withRelay(via: .sockets, {
            $0.trustedProxies = ["127.0.0.1"]
            $0.startsPerMinute = 2
        }) { relay in
            var statuses: [Int] = []
            for forwarded in [
                "203.0.113.9:4711", "198.51.100.1, 203.0.113.9:4712", "203.0.113.9",
                "[2001:db8:77::1]:443", "2001:db8:77::2", "[2001:db8:77::3]",
            ] {
                statuses.append(try await Self.start(relay, forwardedFor: forwarded))
            }
            statuses.append(try await Self.start(relay, forwardedFor: nil))
            statuses.append(try await Self.start(relay, forwardedFor: nil))
            // The third of each client is over its 2 a minute; the proxy's own budget is untouched.
            #expect(statuses == [200, 200, 429, 200, 200, 429, 200, 200])
        }
    }

    @Test("Values naming no client share one bucket of their own, never the proxy's; the first is logged, each counted")
    func unusableValues() async throws {
        try await withRelay(via: .sockets, {
            $0.trustedProxies = ["127.0.0.1"]
            $0.startsPerMinute = 2
        }) { relay in
            #expect(try await Self.start(relay, forwardedFor: "unknown") == 200)
            #expect(try await Self.start(relay, forwardedFor: "203.0.113.9, garbage") == 200)
            #expect(try await Self.start(relay, forwardedFor: "_obfuscated") == 429, "one bucket for every unusable value")
            #expect(try await Self.start(relay, forwardedFor: nil) == 200, "not the proxy's bucket")
            #expect(try await Self.start(relay, forwardedFor: "203.0.113.10") == 200, "nor a real client's")
            let warnings = relay.logs.text.split(separator: "\n").filter { $0.contains("names no client address") }
            #expect(warnings.count == 1, "\(warnings)")
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains("bnet_relay_unusable_forwarded_for_total 3"), "\(metrics)")
        }
    }
}
