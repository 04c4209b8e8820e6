import BattleNet
import Foundation
@testable import RelayApp
import RelayCore
import TestSupport
import Testing

@testable import RelayServer

/// Connections, slow requests and held long-polls over real sockets: what a stranger can make the relay hold is
/// capped. The gate's rules to the tick are in `ConnectionGateTests`, in memory.
@Suite("Connection and long-poll caps, request timeout", .timeLimit(.minutes(2)))
struct ConnectionCapTests {
    /// Sends `head` and then `dribble` one byte at a time, 200 ms apart, as long as the relay takes them; returns
    /// what the relay answered.
    static func slowRequest(port: Int, head: String, dribble: String) async -> RawResponse? {
        await withCheckedContinuation { continuation in
            Thread {
                guard let fd = RawHTTP.connectSocket(port: port, timeout: 5) else { return continuation.resume(returning: nil) }
                defer { close(fd) }
                RawHTTP.sendAll(fd, Data(head.utf8))
                for byte in dribble.utf8 {
                    guard RawHTTP.sendAll(fd, Data([byte])) else { break }
                    Thread.sleep(forTimeInterval: 0.2)
                }
                continuation.resume(returning: RawHTTP.readToEnd(fd).flatMap(RawHTTP.parse))
            }.start()
        }
    }

    /// What the peer sent on `fd` before closing it, or nil when the socket's own timeout came first.
    static func readUntilClosed(_ fd: Int32) -> Data? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return received }
            if count < 0 { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
    }

    @Test("A body sent one byte at a time is cut off at the request timeout with 408, however steady its pace")
    func slowBody() async throws {
        try await withRelay(via: .sockets, { $0.connections = ConnectionCaps(requestTimeout: .seconds(1)) }) { relay in
            let body = String(repeating: "a", count: 60)
            let response = await Self.slowRequest(
                port: relay.baseURL.port!,
                head: "POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.count)\r\n\r\n",
                dribble: body)
            let answered = try #require(response)
            #expect(answered.status == 408)
            #expect(answered.text.contains("took too long"))
            // A normal request on a new connection is served as ever.
            #expect(try await relay.get("/healthz").status == 200)
        }
    }

    @Test("One network may hold only so many connections; a connection over the cap gets 503 and is closed")
    func perNetworkConnections() async throws {
        try await withRelay(via: .sockets, { $0.connections = ConnectionCaps(perNetwork: 3) }) { relay in
            let port = relay.baseURL.port!
            let held = try (0..<3).map { _ in try #require(RawHTTP.connectSocket(port: port, timeout: 5)) }
            try await waitUntil("three open connections") { relay.relay.connections.open >= 3 }
            let refused = await RawHTTP.roundTrip(RawHTTP.request("GET", "/healthz"), port: port)
            #expect(refused?.status == 503)
            #expect(refused?.header("Retry-After") == "60")
            #expect(refused?.text.contains("Too many connections") == true)
            close(held[0])
            try await waitUntil("a connection to close") { relay.relay.connections.open <= 2 }
            let admitted = await RawHTTP.roundTrip(RawHTTP.request("GET", "/healthz"), port: port)
            #expect(admitted?.status == 200)
            held.dropFirst().forEach { close($0) }
            try await Task.sleep(for: .milliseconds(200))
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="connections"} 1"#))
        }
    }

    @Test("Behind a trusted proxy, one client's slow requests are capped (429, JSON) while another client is served")
    func proxiedClients() async throws {
        try await withRelay(via: .sockets, {
            $0.trustedProxies = ["127.0.0.1"]
            $0.connections = ConnectionCaps(proxiedRequestsPerNetwork: 3)
        }) { relay in
            let port = relay.baseURL.port!
            let limits = relay.relay.connections
            // Slow POSTs forwarded for one client: the head, and a body that does not come.
            let slowHead = "POST /oauth/token HTTP/1.1\r\nHost: relay\r\nX-Forwarded-For: 198.51.100.7\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 60\r\n\r\n"
            let held = try (0..<3).map { _ in
                let fd = try #require(RawHTTP.connectSocket(port: port, timeout: 5))
                RawHTTP.sendAll(fd, Data(slowHead.utf8))
                return fd
            }
            defer { held.dropFirst().forEach { close($0) } }
            try await waitUntil("three proxied requests in flight") { limits.proxiedInFlight("198.51.100.7") >= 3 }
            let refused = await RawHTTP.roundTrip(RawHTTP.request("GET", "/device", headers: [("X-Forwarded-For", "198.51.100.7")]), port: port)
            #expect(refused?.status == 429)
            #expect(refused?.header("Retry-After") == "10")
            #expect(refused?.header("Content-Type") == "application/json")
            #expect(refused?.text.contains(#""error":"slow_down""#) == true)
            let other = await RawHTTP.roundTrip(RawHTTP.request("GET", "/device", headers: [("X-Forwarded-For", "198.51.100.8")]), port: port)
            #expect(other?.status == 200)
            close(held[0])
            try await waitUntil("a proxied request to end") { limits.proxiedInFlight("198.51.100.7") <= 2 }
            let admitted = await RawHTTP.roundTrip(RawHTTP.request("GET", "/device", headers: [("X-Forwarded-For", "198.51.100.7")]), port: port)
            #expect(admitted?.status == 200)
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="proxied_requests"} 1"#))
        }
    }

    @Test("The operations listener has a gate of its own: a cap of 100 connections, and silent ones are closed")
    func operationsListener() async throws {
        try await withRelay(via: .sockets, { $0.connections = ConnectionCaps(requestTimeout: .seconds(2)) }) { relay in
            let port = relay.opsURL.port!
            // 101 connections that send nothing: the relay answers one 503 at once (which one depends on the order
            // its event loops admit them in) and closes the others at the request timeout, before the sockets' own
            // timeout of 5 s.
            let sockets = try (0..<101).map { _ in try #require(RawHTTP.connectSocket(port: port, timeout: 5)) }
            defer { sockets.forEach { close($0) } }
            let answers = sockets.map(Self.readUntilClosed)
            #expect(answers.allSatisfy { $0 != nil })
            let refused = answers.compactMap { $0.flatMap(RawHTTP.parse) }
            #expect(refused.map(\.status) == [503])
            #expect(refused.first?.text.contains("Too many connections") == true)
            #expect(answers.filter { $0?.isEmpty == true }.count == 100)
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="ops_connections"} 1"#))
        }
    }

    @Test("A trusted proxy range that covers every address is refused at start-up, with what to list instead")
    func trustedEverything() {
        for range in ["0.0.0.0/0", "::/0"] {
            var configuration = RelayConfiguration()
            configuration.trustedProxies = ["127.0.0.1", range]
            let problems = configuration.problems()
            #expect(problems.count == 1)
            #expect(problems.first?.hasPrefix("--trusted-proxy \(range) covers every address") == true)
        }
        var configuration = RelayConfiguration()
        configuration.trustedProxies = ["127.0.0.1", "::1", "10.0.0.0/8", "fd00::/8"]
        #expect(configuration.problems().isEmpty)
    }

    @Test("The public /healthz says nothing of the version; the operations listener's does")
    func healthVersion() async throws {
        try await withRelay { relay in
            let health = try await relay.get("/healthz")
            #expect(health.json["status"] as? String == "ok")
            #expect(health.json["version"] == nil)
            let operations = try await relay.ops("/healthz")
            #expect(operations.json["version"] as? String == RelayVersion.current)
        }
    }

    @Test("Long-polls over the global or per-network cap are answered at once as plain polls, never held")
    func heldPollCaps() async throws {
        try await withRelay({
            try await RelayHarness.start({ $0.trustedProxies = ["127.0.0.1"]; $0.settings.maxHeldPolls = 2; $0.settings.maxHeldPollsPerNetwork = 1 })
        }) { relay in
            let logins = [
                try await relay.startLogin(), try await relay.startLogin(), try await relay.startLogin(),
                try await relay.startLogin(),
            ]
            func longPoll(_ login: StartedLogin, from address: String) async throws -> TransportResponse {
                try await relay.post(
                    "/oauth/token",
                    form: [
                        ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", login.deviceCode),
                        ("wait", "3"),
                    ],
                    headers: [("X-Forwarded-For", address)])
            }
            let (zero, one, two, three) = (logins[0], logins[1], logins[2], logins[3])
            async let first = longPoll(zero, from: "192.0.2.1")
            async let second = longPoll(one, from: "192.0.2.2")
            try await waitUntil("two held polls") { relay.service.index.counts.held >= 2 }
            // The relay is full: a third network's long-poll is answered now.
            let third = try await longPoll(two, from: "192.0.2.3")
            #expect(third.json["error"] as? String == "authorization_pending")
            #expect(relay.service.index.counts.held == 2)
            _ = try await (first, second)
            // One network may hold one: its second long-poll is answered now, while another network's is held.
            async let holding = longPoll(zero, from: "192.0.2.1")
            try await waitUntil("a held poll") { relay.service.index.counts.held >= 1 }
            let sameNetwork = try await longPoll(three, from: "192.0.2.1")
            #expect(sameNetwork.json["error"] as? String == "authorization_pending")
            #expect(relay.service.index.counts.held == 1)
            _ = try await holding
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_throttled_total{limit="held_polls"} 2"#))
        }
    }
}
