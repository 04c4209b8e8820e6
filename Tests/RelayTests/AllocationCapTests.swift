import BattleNet
import Foundation
import NIOCore
import NIOEmbedded
@testable import RelayApp
import RelayCore
import TestSupport
import Testing

@testable import RelayServer

/// The connection and proxied-request caps at the width of an allocation (an IPv6 /48 or IPv4 /24), over real
/// sockets: many networks of one allocation cannot take every connection (issue 35, "one /48 fills every
/// connection"). Loopback's 127.0.0.0/8 gives the test many IPv4 addresses of one /24.
@Suite("Connection caps per /48 and /24", .timeLimit(.minutes(2)))
struct AllocationCapTests {
    @Test("Addresses of one IPv4 /24 share its connection cap: the fourth gets 503, another /24 is admitted")
    func connectionsPer24() async throws {
        try await withRelay(via: .sockets, { $0.connections = ConnectionCaps(perNetwork: 100, perAllocation: 3) }) { relay in
            let port = relay.baseURL.port!
            let held = try (2...4).map { try #require(RawHTTP.connectSocket(port: port, timeout: 5, from: "127.0.0.\($0)")) }
            try await waitUntil("three open connections") { relay.relay.connections.open >= 3 }
            let refused = await RawHTTP.roundTrip(RawHTTP.request("GET", "/healthz"), port: port, from: "127.0.0.5")
            #expect(refused?.status == 503, "a fourth address of 127.0.0.0/24")
            #expect(refused?.text.contains("Too many connections") == true)
            let other = await RawHTTP.roundTrip(RawHTTP.request("GET", "/healthz"), port: port, from: "127.0.1.1")
            #expect(other?.status == 200, "another /24")
            close(held[0])
            try await waitUntil("a connection to close") { relay.relay.connections.open <= 2 }
            let admitted = await RawHTTP.roundTrip(RawHTTP.request("GET", "/healthz"), port: port, from: "127.0.0.6")
            #expect(admitted?.status == 200)
            held.dropFirst().forEach { close($0) }
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="connections_48"} 1"#), "\(metrics)")
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="connections"} 0"#))
        }
    }

    @Test("In memory: the /64s of one IPv6 /48 share its connection cap; a refused one spends nothing of its /64's")
    func connectionsPer48() throws {
        let listener = ConnectionGateTests.Listener(ConnectionCaps(total: 10, perNetwork: 5, perAllocation: 2))
        let first = try listener.connect(from: "2001:db8:1:1::1")
        let second = try listener.connect(from: "2001:db8:1:2::1")
        let refused = try listener.connect(from: "2001:db8:1:3::1")
        #expect(try refused.written().hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(!refused.isActive)
        #expect(try listener.connect(from: "2001:db8:2::1").isActive, "another /48")
        try first.close().wait()
        #expect(try listener.connect(from: "2001:db8:1:3::1").isActive, "a place of the /48 was freed")
        #expect(second.isActive)
        #expect(listener.metrics.render().contains(#"bnet_relay_throttled_total{limit="connections_48"} 1"#))
    }

    @Test("Behind a trusted proxy, the /64s of one /48 share its cap of requests in flight; another /48 is served")
    func proxiedPer48() async throws {
        try await withRelay(via: .sockets, {
            $0.trustedProxies = ["127.0.0.1"]
            $0.connections = ConnectionCaps(proxiedRequestsPerNetwork: 100, proxiedRequestsPerAllocation: 3)
        }) { relay in
            let port = relay.baseURL.port!
            let limits = relay.relay.connections
            let held = try (1...3).map { index in
                let fd = try #require(RawHTTP.connectSocket(port: port, timeout: 5))
                RawHTTP.sendAll(fd, Data((
                    "POST /oauth/token HTTP/1.1\r\nHost: relay\r\nX-Forwarded-For: 2001:db8:48:\(index)::1\r\n"
                        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 60\r\n\r\n").utf8))
                return fd
            }
            defer { held.forEach { close($0) } }
            try await waitUntil("three proxied requests of the /48 in flight") {
                limits.proxiedInFlight(allocation: "2001:db8:48:0::/48") >= 3
            }
            let refused = await RawHTTP.roundTrip(
                RawHTTP.request("GET", "/device", headers: [("X-Forwarded-For", "2001:db8:48:ffff::1")]), port: port)
            #expect(refused?.status == 429, "a fourth /64 of the /48")
            let other = await RawHTTP.roundTrip(
                RawHTTP.request("GET", "/device", headers: [("X-Forwarded-For", "2001:db8:49::1")]), port: port)
            #expect(other?.status == 200, "another /48")
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="proxied_requests_48"} 1"#), "\(metrics)")
        }
    }
}
