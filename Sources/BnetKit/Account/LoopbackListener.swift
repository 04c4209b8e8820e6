import BattleNet
import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CLI's end of a loopback sign-in (RFC 8252 section 7.3): listens on `127.0.0.1` at a port the system picks,
/// answers one `GET` on the exact path it was given (a random one by default, so that no other page can guess it)
/// with a short page, and closes. Requests for any other path get a 404 and are otherwise ignored.
///
/// The wait runs on a thread of its own, one `poll()` loop over the listening socket and every connection, all
/// non-blocking: connections are read side by side, each has ``requestLineBound`` for its whole request line, and
/// the wait's own deadline is checked in the same loop, so neither a local program trickling bytes nor a busy
/// cooperative thread pool holds it past its bound (R5-5).
public final class LoopbackListener: Sendable {
    /// How long one connection may take to send its request line.
    public static let requestLineBound: Duration = .seconds(2)
    /// The most connections read at once; one more closes the oldest.
    public static let maxConnections = 32

    /// What the listener's own thread counted during its wait.
    public struct Statistics: Sendable, Hashable {
        /// Connections accepted.
        public var accepted = 0
        /// Connections closed because their request line took longer than ``requestLineBound``.
        public var timedOut = 0
        /// Returns on the exact path that the caller refused (not the answer to its sign-in).
        public var refused = 0
        /// Connections closed to make room for a newer one (more than ``maxConnections`` at once).
        public var evicted = 0
        /// From the start of the wait to its end, by the thread's monotonic clock.
        public var waited: Duration = .zero
    }

    /// The address the browser is to come back to.
    public let redirect: LoopbackRedirect
    private let socket: Int32
    /// A pipe whose write end wakes the waiting thread (cancellation, ``close()``).
    private let wake: (read: Int32, write: Int32)
    private let state = NIOLockedValueBox(State())

    private struct State {
        var listening = true
        var waiting = false
        var stopped = false
        var statistics = Statistics()
    }

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
                bind(descriptor, generic, length) == 0 && listen(descriptor, 64) == 0
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        var pipeEnds: [Int32] = [-1, -1]
        guard bound, let redirect = LoopbackRedirect(host: .ipv4, port: port, path: path), pipe(&pipeEnds) == 0,
            Self.makeNonBlocking(descriptor), Self.makeNonBlocking(pipeEnds[0]), Self.makeNonBlocking(pipeEnds[1])
        else {
            _ = systemClose(descriptor)
            pipeEnds.filter { $0 >= 0 }.forEach { _ = systemClose($0) }
            throw Self.failure("bind")
        }
        self.socket = descriptor
        self.wake = (pipeEnds[0], pipeEnds[1])
        self.redirect = redirect
    }

    deinit {
        close()
        _ = systemClose(wake.read)
        _ = systemClose(wake.write)
    }

    /// What the thread counted in the last (or the running) wait.
    public var statistics: Statistics { state.withLockedValue { $0.statistics } }

    /// Stops listening; a running wait ends with nil.
    public func close() {
        let closeNow = state.withLockedValue { state -> Bool in
            state.stopped = true
            guard state.listening, !state.waiting else { return false }
            state.listening = false
            return true
        }
        if closeNow { _ = systemClose(socket) }
        signal()
    }

    /// Waits up to `timeout` for the browser's `GET` on the exact path and answers it as `answer(url)` says: a
    /// return it accepts closes the listener and is returned; one it refuses (not this sign-in's answer) gets its
    /// page with HTTP 400 and the wait goes on. Nil when the time ran out or the listener was closed. Cancelling
    /// the task ends the wait with `CancellationError`.
    public func awaitReturn(timeout: Duration, answer: @escaping @Sendable (URL) -> LoopbackAnswer) async throws -> URL? {
        let started = state.withLockedValue { state -> Bool in
            guard state.listening, !state.waiting else { return false }
            state.waiting = true
            state.statistics = Statistics()
            return true
        }
        guard started else { return nil }
        let cancelled = NIOLockedValueBox(false)
        let outcome: URL? = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    let url = self.serve(for: timeout, answer: answer) { cancelled.withLockedValue { $0 } }
                    let wasCancelled = cancelled.withLockedValue { $0 }
                    continuation.resume(with: wasCancelled ? .failure(CancellationError()) : .success(url))
                }
            }
        } onCancel: {
            cancelled.withLockedValue { $0 = true }
            signal()
        }
        return outcome
    }

    /// The poll loop: runs on its own thread until the return, `timeout`, `isCancelled` or ``close()``; then closes
    /// the listening socket and every connection.
    private func serve(for timeout: Duration, answer: (URL) -> LoopbackAnswer, isCancelled: () -> Bool) -> URL? {
        let start = ContinuousClock.now
        let deadline = start + timeout
        var connections: [Connection] = []
        var result: URL?
        defer {
            connections.forEach { _ = systemClose($0.descriptor) }
            state.withLockedValue { state in
                state.statistics.waited = ContinuousClock.now - start
                state.waiting = false
                state.listening = false
            }
            _ = systemClose(socket)
        }
        func count(_ update: (inout Statistics) -> Void) { state.withLockedValue { update(&$0.statistics) } }
        while result == nil, !isCancelled(), !state.withLockedValue({ $0.stopped }) {
            let now = ContinuousClock.now
            guard now < deadline else { break }
            connections.removeAll { connection in
                guard connection.deadline <= now else { return false }
                _ = systemClose(connection.descriptor)
                count { $0.timedOut += 1 }
                return true
            }
            let next = connections.map(\.deadline).reduce(deadline, min)
            var descriptors = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
                + connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Self.milliseconds(until: next, from: now))
            guard ready > 0 else { continue }
            if descriptors[0].revents != 0 { drainWake() }
            for (index, descriptor) in descriptors.enumerated().dropFirst(2).reversed() where descriptor.revents != 0 {
                let position = index - 2
                guard connections[position].read() else { continue }
                let connection = connections.remove(at: position)
                defer { _ = systemClose(connection.descriptor) }
                result = respond(to: connection, answer: answer)
                if result != nil { break }
            }
            if result == nil, descriptors[1].revents != 0 {
                while let accepted = acceptOne() {
                    count { $0.accepted += 1 }
                    if connections.count >= Self.maxConnections {
                        _ = systemClose(connections.removeFirst().descriptor)
                        count { $0.evicted += 1 }
                    }
                    connections.append(Connection(descriptor: accepted, deadline: ContinuousClock.now + Self.requestLineBound))
                }
            }
        }
        return result
    }

    /// Answers a connection whose request line is in (or that ended): for the exact path as `answer` says (the URL
    /// when accepted), else a 400 or 404 and nil.
    private func respond(to connection: Connection, answer: (URL) -> LoopbackAnswer) -> URL? {
        guard let target = connection.requestTarget else {
            Self.respond(connection.descriptor, status: "400 Bad Request", html: "Bad request.")
            return nil
        }
        let path = String(target.prefix { $0 != "?" })
        guard path == redirect.path, let url = URL(string: "http://127.0.0.1:\(redirect.port)" + target) else {
            Self.respond(connection.descriptor, status: "404 Not Found", html: "Not found.")
            return nil
        }
        switch answer(url) {
        case .accept(let page):
            Self.respond(connection.descriptor, status: "200 OK", html: page)
            return url
        case .refuse(let page):
            state.withLockedValue { $0.statistics.refused += 1 }
            Self.respond(connection.descriptor, status: "400 Bad Request", html: page)
            return nil
        }
    }

    private func acceptOne() -> Int32? {
        let connection = accept(socket, nil, nil)
        guard connection >= 0 else { return nil }
        guard Self.makeNonBlocking(connection) else {
            _ = systemClose(connection)
            return nil
        }
        return connection
    }

    private func signal() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func drainWake() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wake.read, &buffer, buffer.count) > 0 {}
    }

    /// The poll timeout from `now` to `instant`, rounded up to a whole millisecond.
    private static func milliseconds(until instant: ContinuousClock.Instant, from now: ContinuousClock.Instant) -> Int32 {
        let left = (instant - now).components
        let milliseconds = left.seconds * 1000 + (left.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(1, milliseconds))
    }

    private static func makeNonBlocking(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
    }

    private static func respond(_ connection: Int32, status: String, html: String) {
        let body = Array(html.utf8)
        let head = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\n"
            + "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        // A page of a few hundred bytes fits a fresh connection's send buffer; a peer that reads nothing gets
        // what fits (up to a second), never the thread.
        var sent = 0
        let giveUp = ContinuousClock.now + .seconds(1)
        while sent < bytes.count, ContinuousClock.now < giveUp {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                var descriptor = pollfd(fd: connection, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 100)
            } else {
                return
            }
        }
    }

    private static func failure(_ call: String) -> CLIFailure {
        CLIFailure(.failure, "Could not listen on 127.0.0.1 for the browser's return (\(call): "
            + "\(String(cString: strerror(errno)))). Sign in with the code instead: add --no-browser.")
    }
}

/// How the listener answers a return on its path.
public enum LoopbackAnswer: Sendable, Hashable {
    /// The return the wait is for: answered with the page (HTTP 200); the wait ends.
    case accept(page: String)
    /// Not the answer to this sign-in (a wrong state or issuer): answered with the page (HTTP 400); the wait goes on.
    case refuse(page: String)
}

/// One connection being read: its bytes so far, and when its request line must be in.
private struct Connection {
    let descriptor: Int32
    let deadline: ContinuousClock.Instant
    var received: [UInt8] = []

    /// Reads what is there; true once the request line is in, 8 KiB arrived, or the peer ended or failed.
    mutating func read() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 2048)
        while received.count < 8192, !received.containsLineEnd {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                return false
            } else {
                return true
            }
        }
        return true
    }

    /// The target of a `GET` request line; nil for anything else.
    var requestTarget: String? {
        guard received.containsLineEnd,
            let line = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first
        else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", parts[1].hasPrefix("/"), parts[2].hasPrefix("HTTP/1.") else {
            return nil
        }
        return String(parts[1])
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
