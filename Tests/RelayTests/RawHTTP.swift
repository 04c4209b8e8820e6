import Foundation

#if canImport(Glibc)
    import Glibc
    private let streamType = Int32(SOCK_STREAM.rawValue)
    private let sendFlags = Int32(MSG_NOSIGNAL)
#else
    import Darwin
    private let streamType = SOCK_STREAM
    private let sendFlags: Int32 = 0
#endif

/// A response read byte for byte off a socket: nothing normalised, so injected header lines would show.
struct RawResponse {
    var status: Int
    /// Header lines split only at CRLF, in order.
    var headers: [(name: String, value: String)]
    var body: Data

    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    func headers(_ name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Sends exact bytes to a port on loopback and reads until the server closes: for requests no HTTP client
/// would send (bad percent-encoding in the path, CR/LF, huge headers). Nil when the server closed without
/// answering.
enum RawHTTP {
    static func roundTrip(_ request: Data, port: Int, timeout: Int = 10, from source: String = "127.0.0.1") async -> RawResponse? {
        await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: exchange(request, port: port, timeout: timeout, from: source).flatMap(parse))
            }.start()
        }
    }

    /// `METHOD target HTTP/1.1` with `Host`, `Connection: close`, the headers, and a body with its length.
    static func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: Data? = nil) -> Data {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body, !headers.contains(where: { $0.0.lowercased() == "transfer-encoding" }) {
            head += "Content-Length: \(body.count)\r\n"
        }
        return Data((head + "\r\n").utf8) + (body ?? Data())
    }

    private static func exchange(_ request: Data, port: Int, timeout: Int, from source: String) -> Data? {
        guard let fd = connectSocket(port: port, timeout: timeout, from: source) else { return nil }
        defer { close(fd) }
        sendAll(fd, request)
        return readToEnd(fd)
    }

    /// A socket listening on `127.0.0.1` at a port the kernel picks, and that port: a port another process holds.
    static func listeningSocket() -> (fd: Int32, port: Int)? {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            return nil
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A connected TCP socket from `source` (any address of 127.0.0.0/8, all loopback on Linux) to
    /// `127.0.0.1:port`, whose reads and writes give up after `timeout` seconds.
    static func connectSocket(port: Int, timeout: Int, from source: String = "127.0.0.1") -> Int32? {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { return nil }
        if source != "127.0.0.1" {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                return nil
            }
        }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Sends every byte, or as many as the peer takes before closing; false when it stopped early.
    @discardableResult
    static func sendAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let written = send(fd, bytes.baseAddress! + sent, bytes.count - sent, sendFlags)
                if written <= 0 { return false }
                sent += written
            }
            return true
        }
    }

    /// Reads until the peer closes (or the socket's timeout); nil when nothing came.
    static func readToEnd(_ fd: Int32) -> Data? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return received.isEmpty ? nil : received
    }

    static func parse(_ data: Data) -> RawResponse? {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        let headers = lines.dropFirst().map { line in
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            return (name: String(parts[0]), value: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
        var body = Data(data[end.upperBound...])
        if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased() == "chunked" }) {
            body = dechunk(body)
        }
        return RawResponse(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ data: Data) -> Data {
        var out = Data()
        var rest = data[...]
        while let lineEnd = rest.firstRange(of: Data("\r\n".utf8)),
            let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0
        {
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { break }
            let stop = rest.index(start, offsetBy: size)
            out.append(rest[start..<stop])
            rest = rest[min(rest.index(stop, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex, rest.endIndex)...]
        }
        return out
    }
}
