import BattleNet
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server that answers one request with `answer` (by default its head and a part of its body), then sends nothing
/// more while the connection stays open: what a peer that stops mid-answer (killed, overloaded, a broken proxy) looks
/// like.
private final class StallingServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var accepted: [Int32] = []

    static let partial = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"partial\":".utf8)

    init(answer: [UInt8] = StallingServer.partial) throws {
        port = try freePort()
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard listener >= 0, bound == 0, listen(listener, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
        Thread.detachNewThread { [self] in
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            lock.withLock { accepted.append(connection) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = read(connection, &buffer, buffer.count)
            _ = answer.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
        }
    }

    /// Closes the listener and the connection.
    func stop() {
        lock.withLock { accepted.forEach { close($0) } }
        close(listener)
    }
}

@Suite("AsyncHTTPClientTransport time limits", .timeLimit(.minutes(1)))
struct StalledBodyTests {
    @Test("A body that stops arriving after the head fails as timeout once the request's time is up")
    func stalledBody() async throws {
        let server = try StallingServer()
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: BattleNetError.timeout) {
            try await AsyncHTTPClientTransport.shared.send(TransportRequest(
                url: URL(string: "http://127.0.0.1:\(server.port)/stalls")!, timeout: .seconds(1)))
        }
        // Without the body deadline the request waits for the stalled body without end (this suite's time limit);
        // 30 s tells that from a loaded machine, where the 1 s deadline was seen answering after 5.9 s.
        #expect(clock.now - start < .seconds(30), "the stalled body was not given up at the request's deadline")
    }

    @Test("A gzip bomb (64 KiB of zeros in 97 bytes) fails as too large, not as an unreachable server (R4-8)")
    func gzipBomb() async throws {
        let bomb = Data(base64Encoded: "H4sIAAAAAAACA+3BgQAAAACAIKX96RapCgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAGoLUUloAAABAA==")!
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: \(bomb.count)\r\n\r\n"
        let server = try StallingServer(answer: Array(head.utf8) + Array(bomb))
        defer { server.stop() }
        await #expect(throws: BattleNetError.responseTooLarge(limit: 64 << 10)) {
            try await AsyncHTTPClientTransport.shared.send(TransportRequest(
                url: URL(string: "http://127.0.0.1:\(server.port)/bomb")!, timeout: .seconds(5), maxResponseBytes: 64 << 10))
        }
    }
}
