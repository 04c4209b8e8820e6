import BattleNet
import BnetKit
import Foundation
import BattleNetHTTPClient
import TestSupport
import Testing

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
}
