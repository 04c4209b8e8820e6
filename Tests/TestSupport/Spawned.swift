import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a child's standard input, output or error is connected.
public enum ChildStream: Sendable {
    /// `/dev/null`.
    case null
    /// A descriptor of this process (a file, a pseudo-terminal end), duplicated into the child.
    case descriptor(Int32)
}

/// A child process started with `posix_spawn` and reaped with `waitpid(WNOHANG)` polls.
///
/// Nothing waits for a signal or holds a thread while the child runs, and the child gets no descriptor of this
/// process but its three standard streams (unlike Foundation's `Process`, which on Linux scans `/proc/self/fd` to
/// close them, and crashes in 6.3.1 when there are many).
public final class Spawned: @unchecked Sendable {
    /// The child's process id.
    public let pid: pid_t
    private let lock = NSLock()
    private var status: Int32?

    /// Starts `executable` (a path) with `arguments` (without the program name) and exactly `environment`, in
    /// `directory` (this process's own when nil). With `newProcessGroup`, the child leads a process group of its
    /// own, which ``signalGroup(_:)`` reaches.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: String? = nil,
        standardInput: ChildStream = .null, standardOutput: ChildStream = .null, standardError: ChildStream = .null,
        newProcessGroup: Bool = false
    ) throws {
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for (stream, target) in [(standardInput, Int32(0)), (standardOutput, 1), (standardError, 2)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | (newProcessGroup ? Int32(POSIX_SPAWN_SETPGROUP) : 0)
        #if os(Linux)
        try SpawnExtensions.closeFrom(&actions, 3)
        if let directory { try SpawnExtensions.changeDirectory(&actions, directory) }
        #else
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        if let directory { posix_spawn_file_actions_addchdir_np(&actions, directory) }
        #endif
        // The child starts with every signal at its default action and none blocked, whatever this process set.
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnError(executable: executable, code: result) }
        self.pid = pid
    }

    /// The exit status once the child has ended (128 + the signal number when a signal ended it), nil while it runs.
    public var exitStatus: Int32? {
        lock.withLock {
            if status == nil { status = Self.reap(pid, options: WNOHANG) }
            return status
        }
    }

    /// Whether the child is still running.
    public var isRunning: Bool { exitStatus == nil }

    /// Waits until the child has ended, blocking the calling thread, and returns its exit status: for short commands
    /// in synchronous code only (an `async` caller uses ``waitForExit(timeout:)``).
    public func waitUntilExit() -> Int32 {
        lock.withLock {
            if status == nil { status = Self.reap(pid, options: 0) }
            return status ?? -1
        }
    }

    /// Waits until the child has ended and returns ``exitStatus``; throws `CancellationError` when the task is
    /// cancelled and ``SpawnTimeout`` after `timeout`, leaving the child running in both cases.
    public func waitForExit(timeout: Duration? = nil) async throws -> Int32 {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        var pause = Duration.milliseconds(1)
        while true {
            if let exitStatus { return exitStatus }
            if let deadline, ContinuousClock.now >= deadline { throw SpawnTimeout(pid: pid) }
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(25))
        }
    }

    /// Sends `signal` to the child, unless it has been reaped already (its pid may belong to another process then).
    public func signal(_ signal: Int32) {
        lock.withLock {
            if status == nil { _ = kill(pid, signal) }
        }
    }

    /// Sends `signal` to the child's process group (started with `newProcessGroup`), unless the child has been reaped.
    public func signalGroup(_ signal: Int32) {
        lock.withLock {
            if status == nil { _ = kill(-pid, signal) }
        }
    }

    /// Sends `signal` (SIGTERM by default), waits up to `grace` for the child to end, then kills it; returns its
    /// exit status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, grace: Duration = .seconds(10)) async -> Int32 {
        self.signal(signal)
        if let status = try? await waitForExit(timeout: grace) { return status }
        return killAndReap()
    }

    /// Kills the child (SIGKILL) and reaps it at once; returns its exit status.
    @discardableResult
    public func killAndReap() -> Int32 {
        lock.withLock {
            if let status { return status }
            _ = kill(pid, SIGKILL)
            let reaped = Self.reap(pid, options: 0) ?? 128 + SIGKILL
            status = reaped
            return reaped
        }
    }

    /// `waitpid` once: the decoded status, or nil while the child runs. A child this process can no longer wait for
    /// (ECHILD) counts as ended with -1.
    private static func reap(_ pid: pid_t, options: Int32) -> Int32? {
        var raw: Int32 = 0
        while true {
            let result = waitpid(pid, &raw, options)
            if result == pid { break }
            if result == 0 { return nil }
            if errno == EINTR { continue }
            return -1
        }
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }
}

/// `posix_spawn` failed (the executable is missing or not executable, or the system refused).
public struct SpawnError: Error, CustomStringConvertible {
    public var executable: String
    public var code: Int32
    public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
}

/// A child did not end in time.
public struct SpawnTimeout: Error, CustomStringConvertible {
    public var pid: pid_t
    public var description: String { "process \(pid) did not end in time" }
}

#if os(Linux)
/// glibc's `posix_spawn_file_actions_addclosefrom_np` and `_addchdir_np` (2.34, 2.29), which Swift's Glibc module
/// does not show (they are declared under `_GNU_SOURCE`), looked up once by name.
private enum SpawnExtensions {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    nonisolated(unsafe) static let library = dlopen(nil, RTLD_NOW)
    static let closeFromFunction = dlsym(library, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }
    static let changeDirectoryFunction = dlsym(library, "posix_spawn_file_actions_addchdir_np")
        .map { unsafeBitCast($0, to: ChangeDirectory.self) }

    static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) throws {
        guard let function = closeFromFunction, function(&actions, lowest) == 0 else {
            throw SpawnError(executable: "posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later)", code: ENOSYS)
        }
    }

    static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, _ path: String) throws {
        guard let function = changeDirectoryFunction, function(&actions, path) == 0 else {
            throw SpawnError(executable: "posix_spawn_file_actions_addchdir_np (glibc 2.29 or later)", code: ENOSYS)
        }
    }
}
#endif
