import BattleNet
import BattleNetHTTPClient
import BnetKit
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
import Darwin
private let noSignal: Int32 = 0
#endif

/// The CLI's loopback listener over a real socket: the point is the socket. Its bounds are read from the listener's
/// own accounting (its thread's clock), with generous slack: the full suite runs on two loaded cores.
@Suite("The loopback listener", .timeLimit(.minutes(1)))
struct LoopbackListenerTests {
    private let transport = AsyncHTTPClientTransport.testing

    @Test("It answers one GET on its exact path with the page, ignoring other paths, then closes")
    func onePath() async throws {
        let listener = try LoopbackListener()
        let redirect = listener.redirect
        #expect(redirect.host == .ipv4)
        #expect(redirect.path.hasPrefix("/bnet-"))
        #expect(try LoopbackRedirect(validating: redirect.description) == redirect)
        let waiting = Task { try await listener.awaitReturn(timeout: .seconds(20)) { _ in .accept(page: "<p>the terminal has it</p>") } }
        let base = "http://127.0.0.1:\(redirect.port)"
        let other = try await transport.send(TransportRequest(url: URL(string: base + "/favicon.ico")!))
        #expect(other.status == 404)
        let returned = try await transport.send(
            TransportRequest(url: URL(string: "\(redirect)?result=approved&callback_code=abc")!))
        #expect(returned.status == 200)
        #expect(String(decoding: returned.body, as: UTF8.self) == "<p>the terminal has it</p>")
        #expect(returned.header("Cache-Control") == "no-store")
        let url = try #require(try await waiting.value)
        #expect(url.absoluteString == "\(redirect)?result=approved&callback_code=abc")
        await #expect(throws: (any Error).self) {
            try await transport.send(TransportRequest(url: redirect.url, timeout: .seconds(2)))
        }
    }

    @Test("A return the caller refuses gets its page with HTTP 400 and the wait goes on to the one it accepts")
    func refusedReturn() async throws {
        let listener = try LoopbackListener(path: "/callback")
        let waiting = Task {
            try await listener.awaitReturn(timeout: .seconds(30)) { url in
                url.query == "state=right" ? .accept(page: "yes") : .refuse(page: "not this one")
            }
        }
        let refused = try await transport.send(TransportRequest(url: URL(string: "\(listener.redirect)?state=forged")!))
        #expect(refused.status == 400)
        #expect(String(decoding: refused.body, as: UTF8.self) == "not this one")
        let accepted = try await transport.send(TransportRequest(url: URL(string: "\(listener.redirect)?state=right")!))
        #expect(accepted.status == 200)
        #expect(try await waiting.value?.query == "state=right")
        #expect(listener.statistics.refused == 1)
    }

    @Test("Without a return within the bound it closes and says so with nil; cancelling ends the wait")
    func timeout() async throws {
        let listener = try LoopbackListener(path: "/cb")
        #expect(listener.redirect.path == "/cb")
        #expect(try await listener.awaitReturn(timeout: .milliseconds(300)) { _ in .accept(page: "") } == nil)
        let second = try LoopbackListener()
        let waiting = Task { try await second.awaitReturn(timeout: .seconds(30)) { _ in .accept(page: "") } }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test("The browser's request is answered while another connection trickles a byte every 500 ms (R5-5)")
    func servedBesideATrickle() async throws {
        let listener = try LoopbackListener()
        let redirect = listener.redirect
        let waiting = Task { try await listener.awaitReturn(timeout: .seconds(60)) { _ in .accept(page: "<p>back</p>") } }
        let connection = try Self.connect(port: redirect.port)
        let trickler = Self.onThread { Self.trickle(connection, every: .milliseconds(500)) }
        try await waitUntil("the trickler's connection") { listener.statistics.accepted >= 1 }
        let returned = try await transport.send(TransportRequest(url: URL(string: "\(redirect)?result=approved")!))
        #expect(returned.status == 200)
        #expect(String(decoding: returned.body, as: UTF8.self) == "<p>back</p>")
        #expect(try await waiting.value?.absoluteString == "\(redirect)?result=approved")
        #expect(listener.statistics.accepted == 2)
        #expect(listener.statistics.waited < .seconds(30), "the wait took \(listener.statistics.waited)")
        _ = try await trickler.value
    }

    @Test("A trickler alone is cut off at its 2 s bound for the request line, and the wait ends at its own bound (R5-5)")
    func trickleAlone() async throws {
        let listener = try LoopbackListener()
        let port = listener.redirect.port
        let bound = Duration.seconds(5)
        // Connected before the wait starts (the backlog holds it), so that the wait sees it however late the thread runs.
        let connection = try Self.connect(port: port)
        let trickler = Self.onThread { Self.trickle(connection, every: .milliseconds(500)) }
        #expect(try await listener.awaitReturn(timeout: bound) { _ in .accept(page: "") } == nil)
        let statistics = listener.statistics
        #expect(statistics.waited >= bound && statistics.waited < bound + .seconds(5), "the wait took \(statistics.waited)")
        #expect(statistics.timedOut == 1, "\(statistics)")
        let sent = try await trickler.value
        // At a byte each 500 ms, 2 s is 4 or 5 bytes; a listener that read on to the wait's end took 10 or more.
        #expect(sent < 10, "the listener read \(sent) trickled bytes, past its 2 s bound for a request line")
    }

    @Test("A flood of idle connections does not hold off the browser's request: the oldest make room")
    func idleFlood() async throws {
        let listener = try LoopbackListener()
        let redirect = listener.redirect
        let waiting = Task { try await listener.awaitReturn(timeout: .seconds(60)) { _ in .accept(page: "ok") } }
        let flood = LoopbackListener.maxConnections * 3
        let idle = try await Self.onThread { try (0..<flood).map { _ in try Self.connect(port: redirect.port) } }.value
        defer { idle.forEach { _ = close($0) } }
        try await waitUntil("the flood accepted", within: .seconds(40)) { listener.statistics.accepted >= flood }
        let returned = try await transport.send(TransportRequest(url: URL(string: "\(redirect)?result=approved")!))
        #expect(returned.status == 200)
        #expect(try await waiting.value != nil)
        // At most 32 are held: the rest were closed, for newer ones or (on loaded cores, connecting slowly) at their bound.
        let statistics = listener.statistics
        #expect(statistics.evicted + statistics.timedOut >= flood - LoopbackListener.maxConnections, "\(statistics)")
    }

    /// `body` on a thread of its own, started at once (it blocks: on the cooperative threads of a 2-core machine it
    /// would starve the tasks under test, and a task that started it could itself start late), as a task that only
    /// waits for it.
    private static func onThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) -> Task<Value, any Error> {
        let (results, continuation) = AsyncStream<Result<Value, any Error>>.makeStream()
        Thread.detachNewThread {
            continuation.yield(Result { try body() })
            continuation.finish()
        }
        return Task {
            for await result in results { return try result.get() }
            throw CancellationError()
        }
    }

    /// A connection to `port` on 127.0.0.1.
    private static func connect(port: Int) throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            _ = close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        return descriptor
    }

    /// Sends a request line on `descriptor` one byte at a time, `every` apart, until the listener closes the
    /// connection, then closes it; returns how many bytes it sent.
    private static func trickle(_ descriptor: Int32, every pause: Duration) -> Int {
        defer { _ = close(descriptor) }
        var sent = 0
        for byte in Array("GET /x HTTP/1.1".utf8) + Array(repeating: UInt8(ascii: "x"), count: 60) {
            var one = byte
            guard send(descriptor, &one, 1, noSignal) == 1 else { break }
            sent += 1
            var peek = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // Closed (or answered) by the listener: the wait for the next byte sees it.
            if poll(&peek, 1, Int32(pause.components.seconds * 1000 + pause.components.attoseconds / 1_000_000_000_000_000)) > 0 {
                break
            }
        }
        return sent
    }
}

private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
