import Foundation

/// A port nobody listens on right now, for a server a test starts as a child process.
///
/// Ports come from below the kernel's ephemeral range (32768 and up on Linux), so no outgoing connection and no
/// listener bound to port 0 (the in-process emulators and relays) can take one between this call and the child's
/// bind. They are handed out in turn from a random start, three apart, so two calls in one test process never
/// collide, even for a relay that puts its emulator and operations listener on the next two ports by default.
public func freePort() throws -> Int {
    for _ in 0..<PortSequence.slots {
        let port = PortSequence.next()
        if canBind(port) { return port }
    }
    throw POSIXError(.EADDRINUSE)
}

private enum PortSequence {
    static let range = 20_000..<32_768
    static let step = 3
    static var slots: Int { range.count / step }
    private static let lock = NSLock()
    nonisolated(unsafe) private static var slot = Int.random(in: 0..<slots)

    static func next() -> Int {
        lock.withLock {
            slot = (slot + 1) % slots
            return range.lowerBound + slot * step
        }
    }
}

/// Whether a listener could bind `port` on 127.0.0.1 now.
private func canBind(_ port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
}
