import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import RelayCore
import Testing

@testable import RelayServer

/// The connection gate in the relay's own HTTP/1.1 pipeline, on NIO's embedded channel: no sockets, and a virtual
/// clock moved by hand, so a 10 s limit is tested in no time and to the tick.
@Suite("Connection gate, in memory with a virtual clock", .timeLimit(.minutes(1)))
struct ConnectionGateTests {
    /// A listener's limits and metrics.
    struct Listener {
        let limits: ConnectionLimits
        let metrics = RelayMetrics()

        init(_ caps: ConnectionCaps = ConnectionCaps(total: 10, perNetwork: 2), trusted: [String] = []) {
            limits = ConnectionLimits(caps: caps, trusted: trusted.compactMap(IPRange.init), metrics: metrics)
        }

        /// A connection from `address` through the gate and HTTP/1.1 decoding, as Hummingbird's `HTTP1Channel`
        /// builds it under ``GatedHTTP1Channel`` (without the async channel at its end, which needs a running task),
        /// opened.
        func connect(from address: String = "192.0.2.1") throws -> EmbeddedChannel {
            let channel = EmbeddedChannel()
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(ConnectionGate(limits: limits))
            try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandlers(GatedHTTP1Channel.requestHandlers(limits: limits))
            try channel.connect(to: SocketAddress(ipAddress: address, port: 50_000)).wait()
            return channel
        }
    }

    @Test("One network may hold only so many connections: over the cap, 503 with a JSON body, then close")
    func perNetworkCap() throws {
        let listener = Listener()
        let first = try listener.connect(), second = try listener.connect()
        #expect(first.isActive && second.isActive)
        let refused = try listener.connect()
        let answer = try refused.written()
        #expect(answer.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(answer.contains("Retry-After: 60\r\n"))
        #expect(answer.contains("Connection: close\r\n"))
        #expect(answer.hasSuffix(#"{"error":"temporarily_unavailable","error_description":"Too many connections; try again in a minute."}"#))
        #expect(!refused.isActive)
        // Another network is admitted; a closed connection frees its place.
        let otherNetwork = try listener.connect(from: "192.0.2.2")
        #expect(otherNetwork.isActive)
        try first.close().wait()
        let again = try listener.connect()
        #expect(again.isActive)
        #expect(listener.limits.open == 3)
        #expect(listener.metrics.render().contains(#"bnet_relay_throttled_total{limit="connections"} 1"#))
    }

    @Test("Addresses of one IPv6 /64 share a network's cap; another /64 has its own")
    func ipv6Network() throws {
        let listener = Listener()
        _ = try listener.connect(from: "2001:db8:0:1::1")
        _ = try listener.connect(from: "2001:db8:0:1::2")
        let sameNetwork = try listener.connect(from: "2001:db8:0:1:ffff::3")
        #expect(!sameNetwork.isActive)
        let otherNetwork = try listener.connect(from: "2001:db8:0:2::1")
        #expect(otherNetwork.isActive)
    }

    @Test("The total cap counts every connection, a trusted proxy's too, which the per-network cap exempts")
    func totalCap() throws {
        let listener = Listener(ConnectionCaps(total: 3, perNetwork: 1), trusted: ["127.0.0.1"])
        let proxied = try (0..<3).map { _ in try listener.connect(from: "127.0.0.1") }
        #expect(proxied.filter(\.isActive).count == 3)
        let refused = try listener.connect(from: "192.0.2.9")
        let answer = try refused.written()
        #expect(answer.hasPrefix("HTTP/1.1 503"))
        #expect(listener.limits.open == 3)
    }

    @Test("Headers sent one byte a second are cut off with 408 at the request timeout of their first byte")
    func slowHeaders() throws {
        let listener = Listener(ConnectionCaps(requestTimeout: .seconds(10)))
        let channel = try listener.connect()
        try channel.send("GET /healthz HTTP/1.1\r\n")
        for byte in "X-Slow: " {
            channel.embeddedEventLoop.advanceTime(by: .seconds(1))
            try channel.send(String(byte))
        }
        channel.embeddedEventLoop.advanceTime(by: .seconds(2) - .nanoseconds(1))
        #expect(channel.isActive)
        let nothing = try channel.written()
        #expect(nothing.isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .nanoseconds(1))
        #expect(!channel.isActive)
        let answer = try channel.written()
        #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(answer.hasSuffix(#"{"error":"invalid_request","error_description":"The request took too long to arrive."}"#))
    }

    @Test("A connection that sends nothing is closed at the request timeout, without an answer")
    func silentConnection() throws {
        let listener = Listener(ConnectionCaps(requestTimeout: .seconds(10)))
        let channel = try listener.connect()
        channel.embeddedEventLoop.advanceTime(by: .seconds(10) - .nanoseconds(1))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .nanoseconds(1))
        #expect(!channel.isActive)
        let nothing = try channel.written()
        #expect(nothing.isEmpty)
        #expect(listener.limits.open == 0)
    }

    @Test("The first request's time runs from the connection's opening, a later one's from its own first byte")
    func firstAndLaterRequests() throws {
        let listener = Listener(ConnectionCaps(requestTimeout: .seconds(10)))
        let late = try listener.connect()
        late.embeddedEventLoop.advanceTime(by: .seconds(6))
        try late.send("GET /hea")
        late.embeddedEventLoop.advanceTime(by: .seconds(4))
        #expect(!late.isActive)
        let cut = try late.written()
        #expect(cut.hasPrefix("HTTP/1.1 408"))

        let kept = try listener.connect()
        try kept.send("GET /healthz HTTP/1.1\r\nHost: relay\r\n\r\n")
        kept.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(kept.isActive)
        try kept.send("GET /hea")
        kept.embeddedEventLoop.advanceTime(by: .seconds(10) - .nanoseconds(1))
        #expect(kept.isActive)
        kept.embeddedEventLoop.advanceTime(by: .nanoseconds(1))
        #expect(!kept.isActive)
    }

    @Test("Behind a trusted proxy, requests in flight are capped per forwarded client network: over it, 429 and close")
    func proxiedRequests() throws {
        let listener = Listener(ConnectionCaps(perNetwork: 1, proxiedRequestsPerNetwork: 2), trusted: ["127.0.0.1"])
        func request(from peer: String = "127.0.0.1", forwardedFor client: String) throws -> EmbeddedChannel {
            let channel = try listener.connect(from: peer)
            try channel.send("POST /oauth/token HTTP/1.1\r\nHost: relay\r\nX-Forwarded-For: \(client)\r\nContent-Length: 3\r\n\r\nabc")
            return channel
        }
        let first = try request(forwardedFor: "2001:db8:1:2::5")
        let second = try request(forwardedFor: "2001:db8:1:2::6")
        let third = try request(forwardedFor: "2001:db8:1:2:ffff::7")
        let answer = try third.written()
        #expect(answer.hasPrefix("HTTP/1.1 429 Too Many Requests\r\n"))
        #expect(answer.contains("Retry-After: 10\r\n"))
        #expect(answer.hasSuffix(#"{"error":"slow_down","error_description":"Too many requests in flight from this client; try again in a few seconds."}"#))
        #expect(!third.isActive)
        #expect(listener.metrics.render().contains(#"bnet_relay_throttled_total{limit="proxied_requests"} 1"#))
        // Another client behind the same proxy is served; a direct peer's X-Forwarded-For is not counted at all.
        let other = try request(forwardedFor: "2001:db8:1:3::1")
        let direct = try request(from: "192.0.2.1", forwardedFor: "2001:db8:1:2::9")
        #expect(other.isActive && direct.isActive)
        #expect(listener.limits.proxiedInFlight("2001:db8:1:2::/64") == 2)
        // An answered request, or a closed connection, frees its client's place.
        try first.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try first.writeOutbound(HTTPResponsePart.end(nil))
        #expect(listener.limits.proxiedInFlight("2001:db8:1:2::/64") == 1)
        try second.close().wait()
        #expect(listener.limits.proxiedInFlight("2001:db8:1:2::/64") == 0)
        let again = try request(forwardedFor: "2001:db8:1:2::5")
        let nothing = try again.written()
        #expect(again.isActive && nothing.isEmpty)
    }

    @Test("A request that has fully arrived is not cut off, however long the relay takes to answer it")
    func arrivedRequest() throws {
        let listener = Listener(ConnectionCaps(requestTimeout: .seconds(10)))
        let channel = try listener.connect()
        try channel.send("POST /oauth/token HTTP/1.1\r\nHost: relay\r\nContent-Length: 3\r\n\r\nabc")
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(channel.isActive)
        let nothing = try channel.written()
        #expect(nothing.isEmpty)
    }
}

extension EmbeddedChannel {
    /// Delivers `text` as bytes from the client.
    func send(_ text: String) throws {
        try writeInbound(ByteBuffer(string: text))
    }

    /// Everything the relay has written so far, as text.
    func written() throws -> String {
        var text = ""
        while let buffer = try readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
        return text
    }
}
