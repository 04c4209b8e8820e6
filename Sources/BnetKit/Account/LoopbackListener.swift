import BattleNet
import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CLI's end of a loopback sign-in (RFC 8252 section 7.3): listens on `127.0.0.1` at a port the system picks,
/// answers one `GET` on the exact path it chose (a random one, so that no other page can guess it) with a short
/// page, and closes. Requests for any other path get a 404 and are otherwise ignored.
public final class LoopbackListener: Sendable {
    /// The address the browser is to come back to.
    public let redirect: LoopbackRedirect
    private let socket: Int32
    private let closed = NIOLockedValueBox(false)

    /// Listens on `127.0.0.1`, port 0 (any free one), at `path` (a random `/bnet-<hex>` by default).
    public init(path: String? = nil) throws(CLIFailure) {
        let path = path ?? "/bnet-" + (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        #if canImport(Glibc)
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Self.failure("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        guard bound, let redirect = LoopbackRedirect(host: .ipv4, port: port, path: path) else {
            _ = systemClose(descriptor)
            throw Self.failure("bind")
        }
        self.socket = descriptor
        self.redirect = redirect
    }

    deinit { close() }

    /// Stops listening.
    public func close() {
        let wasOpen = closed.withLockedValue { closed in
            defer { closed = true }
            return !closed
        }
        if wasOpen { _ = systemClose(socket) }
    }

    /// Waits up to `timeout` for the browser's `GET` on the exact path, answers it with `page(url)` (an HTML
    /// page), closes and returns the URL the browser asked for; nil when the time ran out. Cancelling the task
    /// ends the wait with `CancellationError`.
    public func awaitReturn(timeout: Duration, page: @escaping @Sendable (URL) -> String) async throws -> URL? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            try Task.checkCancellation()
            guard let connection = try await acceptOne() else { continue }
            defer { _ = systemClose(connection) }
            guard let target = Self.readRequestTarget(connection) else {
                Self.respond(connection, status: "400 Bad Request", html: "Bad request.")
                continue
            }
            let path = String(target.prefix { $0 != "?" })
            guard path == redirect.path, let url = URL(string: "http://127.0.0.1:\(redirect.port)" + target) else {
                Self.respond(connection, status: "404 Not Found", html: "Not found.")
                continue
            }
            Self.respond(connection, status: "200 OK", html: page(url))
            close()
            return url
        }
        close()
        return nil
    }

    /// A connection, or nil after 200 ms without one (to look at the clock and cancellation again).
    private func acceptOne() async throws -> Int32? {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, 200)
        guard ready > 0 else {
            await Task.yield()
            return nil
        }
        let connection = accept(socket, nil, nil)
        guard connection >= 0 else { return nil }
        var wait = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        return connection
    }

    /// The target of a `GET` request line, read within 8 KiB; nil for anything else.
    private static func readRequestTarget(_ connection: Int32) -> String? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 2048)
        while received.count < 8192, !received.containsLineEnd {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        guard let line = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", parts[1].hasPrefix("/"), parts[2].hasPrefix("HTTP/1.") else {
            return nil
        }
        return String(parts[1])
    }

    private static func respond(_ connection: Int32, status: String, html: String) {
        let body = Array(html.utf8)
        let head = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\n"
            + "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            sent += count
        }
    }

    private static func failure(_ call: String) -> CLIFailure {
        CLIFailure(.failure, "Could not listen on 127.0.0.1 for the browser's return (\(call): "
            + "\(String(cString: strerror(errno)))). Sign in with the code instead: add --no-browser.")
    }
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
}

extension [UInt8] {
    fileprivate var containsLineEnd: Bool {
        count >= 2 && indices.dropLast().contains { self[$0] == 13 && self[$0 + 1] == 10 }
    }
}
