import Foundation

#if canImport(Glibc)
import Glibc
private let streamType = Int32(SOCK_STREAM.rawValue)
private let noSignal = Int32(MSG_NOSIGNAL)
#else
import Darwin
private let streamType = SOCK_STREAM
private let noSignal: Int32 = 0
#endif

/// A relay of an older release, played in front of a real one on loopback: every connection is forwarded to the
/// relay byte for byte, except a request for its RFC 8414 metadata, which this answers itself with the relay's
/// metadata less `authorization_endpoint` (a relay from before the standard front door). Start the relay with
/// `--public-url` set to ``url`` so that its links name this address.
final class OlderRelayProxy: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let target: Int

    /// Listens on a free loopback port, forwarding to the relay on `target`.
    init(target: Int) throws {
        self.target = target
        let listener = socket(AF_INET, streamType, 0)
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 64) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                Thread.detachNewThread { self.serve(client) }
            }
        }
    }

    /// The address to give as `--relay` and as the relay's `--public-url`.
    var url: String { "http://127.0.0.1:\(port)" }

    /// Stops accepting.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve(_ client: Int32) {
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while head.firstRange(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else {
                close(client)
                return
            }
            head.append(contentsOf: buffer[0..<count])
        }
        guard let upstream = connectToTarget() else {
            close(client)
            return
        }
        if head.starts(with: Data("GET /.well-known/oauth-authorization-server ".utf8)) {
            deliver(Data(("GET /.well-known/oauth-authorization-server HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                + "Accept: application/json\r\nConnection: close\r\n\r\n").utf8), to: upstream)
            var answer = Data()
            while true {
                let count = recv(upstream, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                answer.append(contentsOf: buffer[0..<count])
            }
            close(upstream)
            let body = answer.firstRange(of: Data("\r\n\r\n".utf8)).map { answer[$0.upperBound...] } ?? Data()
            var metadata = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
            metadata["authorization_endpoint"] = nil
            let stripped = (try? JSONSerialization.data(withJSONObject: metadata)) ?? Data()
            deliver(Data(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(stripped.count)\r\n"
                + "Connection: close\r\n\r\n").utf8) + stripped, to: client)
            close(client)
            return
        }
        deliver(head, to: upstream)
        Thread.detachNewThread { Self.pipe(from: upstream, to: client) }
        Self.pipe(from: client, to: upstream)
    }

    /// Copies bytes until `source` ends, then ends both directions.
    private static func pipe(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = recv(source, &buffer, buffer.count, 0)
            guard count > 0, buffer.withUnsafeBytes({ send(destination, $0.baseAddress, count, noSignal) }) == count else { break }
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(destination, Int32(SHUT_RDWR))
    }

    private func deliver(_ data: Data, to descriptor: Int32) {
        _ = data.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, noSignal) }
    }

    private func connectToTarget() -> Int32? {
        let descriptor = socket(AF_INET, streamType, 0)
        var address = Self.loopback(port: target)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
