import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `d3` run on a pseudo-terminal, as a person at a keyboard runs it: standard input, output and error
/// are the terminal, whose output is collected and to which the test can type.
final class PseudoTerminal: @unchecked Sendable {
    let child: Spawned
    private let master: Int32
    private let lock = NSLock()
    private var output = Data()

    init(_ arguments: [String], environment: [String: String]) throws {
        let ends = try Self.open()
        master = ends.master
        defer { close(ends.slave) }
        child = try Spawned(
            BuiltExecutable.url("d3").path, arguments, environment: environment, standardInput: .descriptor(ends.slave),
            standardOutput: .descriptor(ends.slave), standardError: .descriptor(ends.slave))
        let master = master
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else { break }
                lock.withLock { output.append(contentsOf: buffer[0..<count]) }
            }
        }
    }

    /// A new pseudo-terminal's two ends.
    private static func open() throws -> (master: Int32, slave: Int32) {
        #if os(Linux)
        // posix_openpt and friends are not visible to Swift on Glibc; they are these ioctls on /dev/ptmx.
        let master = Glibc.open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0
        else { throw CocoaError(.fileReadUnknown) }
        let slave = Glibc.open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        #else
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw CocoaError(.fileReadUnknown)
        }
        let slave = Darwin.open(String(cString: name), O_RDWR | O_NOCTTY | O_CLOEXEC)
        #endif
        guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
        return (master, slave)
    }

    deinit {
        child.killAndReap()
        close(master)
    }

    /// Everything the terminal showed so far.
    var text: String { lock.withLock { String(decoding: output, as: UTF8.self) } }

    /// Types `text` at the keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until the screen matches `pattern` and returns the first capture.
    func await(_ pattern: Regex<(Substring, Substring)>, timeout: Duration = .seconds(20)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let match = text.firstMatch(of: pattern) { return String(match.1) }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TerminalTimeout(screen: text)
    }

    /// Waits for `d3` to end and returns its status.
    func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32 {
        do {
            return try await child.waitForExit(timeout: timeout)
        } catch is SpawnTimeout {
            throw TerminalTimeout(screen: text)
        }
    }
}

/// The terminal did not show what was awaited, or `d3` did not end, in time.
struct TerminalTimeout: Error, CustomStringConvertible {
    var screen: String
    var description: String { "timed out; the terminal so far:\n\(screen)" }
}
