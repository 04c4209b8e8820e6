import Foundation

#if canImport(Glibc)
import Glibc
private let streamType = Int32(SOCK_STREAM.rawValue)
#else
import Darwin
private let streamType = SOCK_STREAM
#endif

/// A hostile "Battle.net API" on loopback: every request is answered 200 with `body` and `contentType`, whatever
/// it asks. For what `d3` prints of bytes a server chose.
final class HostileAPI: @unchecked Sendable {
    let port: Int
    private let listener: Int32

    init(body: Data, contentType: String = "application/json;charset=UTF-8") throws {
        let listener = socket(AF_INET, streamType, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let head = "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let response = Data(head.utf8) + body
        Thread.detachNewThread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 16 << 10)
                var request = Data()
                while request.firstRange(of: Data("\r\n\r\n".utf8)) == nil {
                    let count = recv(client, &buffer, buffer.count, 0)
                    if count <= 0 { break }
                    request.append(contentsOf: buffer[0..<count])
                }
                _ = response.withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
                close(client)
            }
        }
    }

    /// `--api-url` for it.
    var url: String { "http://127.0.0.1:\(port)" }

    /// Stops accepting.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
