import BattleNet
import BnetKit
import Foundation
import BattleNetHTTPClient
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CLI's loopback listener over a real socket: the point is the socket.
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
        let waiting = Task { try await listener.awaitReturn(timeout: .seconds(20)) { _ in "<p>the terminal has it</p>" } }
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

    @Test("Without a return within the bound it closes and says so with nil; cancelling ends the wait")
    func timeout() async throws {
        let listener = try LoopbackListener(path: "/cb")
        #expect(listener.redirect.path == "/cb")
        #expect(try await listener.awaitReturn(timeout: .milliseconds(300)) { _ in "" } == nil)
        let second = try LoopbackListener()
        let waiting = Task { try await second.awaitReturn(timeout: .seconds(30)) { _ in "" } }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test("A connection that trickles its request line is cut off at its own bound and holds the wait past neither (R5-5)")
    func trickle() async throws {
        let listener = try LoopbackListener()
        let port = listener.redirect.port
        let trickler = Self.onThread { try Self.trickle(port: port, bytes: "GET /x HTTP/1.1", every: .milliseconds(400)) }
        let start = ContinuousClock.now
        #expect(try await listener.awaitReturn(timeout: .seconds(3)) { _ in "" } == nil)
        let waited = ContinuousClock.now - start
        #expect(waited < .milliseconds(3800), "the wait ended after \(waited), not at its 3 s bound")
        let sent = try await trickler.value
        #expect(sent < 15, "the listener read \(sent) trickled bytes, past its 2 s bound for a request line")
    }

    @Test("The browser's request is answered while another connection trickles (R5-5)")
    func servedBesideATrickle() async throws {
        let listener = try LoopbackListener()
        let redirect = listener.redirect
        let trickler = Self.onThread {
            try Self.trickle(port: redirect.port, bytes: "GET /x HTTP/1.1", every: .milliseconds(300))
        }
        try await Task.sleep(for: .milliseconds(200))
        let waiting = Task { try await listener.awaitReturn(timeout: .seconds(20)) { _ in "<p>back</p>" } }
        let start = ContinuousClock.now
        let returned = try await transport.send(TransportRequest(url: URL(string: "\(redirect)?result=approved")!))
        #expect(returned.status == 200)
        #expect(ContinuousClock.now - start < .seconds(1), "the browser waited for the trickling connection")
        #expect(try await waiting.value?.absoluteString == "\(redirect)?result=approved")
        _ = try await trickler.value
    }

    /// `body` on a thread of its own (it sleeps: on the two cooperative threads of a 2-core machine it would starve
    /// the listener under test), as a task that ends with it.
    private static func onThread(_ body: @escaping @Sendable () throws -> Int) -> Task<Int, any Error> {
        Task {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
            }
        }
    }

    /// Connects to `port` and sends `bytes` one at a time, `every` apart, until the listener closes the connection;
    /// returns how many it took.
    private static func trickle(port: Int, bytes: String, every pause: Duration) throws -> Int {
        #if canImport(Glibc)
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        defer { _ = close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        var sent = 0
        for byte in Array(bytes.utf8) + Array(repeating: UInt8(ascii: "x"), count: 40) {
            var one = byte
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            guard send(descriptor, &one, 1, flags) == 1 else { break }
            var peek = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&peek, 1, 0) > 0 { break }  // closed (or answered) by the listener
            sent += 1
            Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18)
        }
        return sent
    }
}
