import Foundation

/// The project's built executables (`bnet-relay`, `d3`), found in the build products directory next to the tests.
public enum BuiltExecutable {
    /// The executable `name`, searched from the test bundle's directory upwards.
    public static func url(_ name: String) throws -> URL {
        let starts = [Bundle.main.bundleURL, Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
            .compactMap { $0?.resolvingSymlinksInPath().deletingLastPathComponent() }
        for start in starts {
            var directory = start
            for _ in 0..<4 {
                let candidate = directory.appending(path: name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        throw ExecutableMissing(name: name, searched: starts.map(\.path))
    }
}

/// An executable was not found next to the tests.
public struct ExecutableMissing: Error, CustomStringConvertible {
    public var name: String
    public var searched: [String]
    public var description: String { "the \(name) executable was not found near \(searched); run `swift build` first" }
}

/// What a finished child process printed and how it exited.
public struct ChildResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs executables to completion as child processes.
public enum ChildProcess {
    /// Runs `executable arguments` to completion with exactly `environment`, in `directory` (this process's when
    /// nil), with no standard input. Cancelling the task kills the child, and so does `timeout` (``SpawnTimeout``).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], directory: String? = nil,
        timeout: Duration = .seconds(120)
    ) async throws -> ChildResult {
        let stdout = try OutputFile(executable.lastPathComponent + "-out")
        let stderr = try OutputFile(executable.lastPathComponent + "-err")
        defer {
            stdout.remove()
            stderr.remove()
        }
        let child = try Spawned(
            executable.path, arguments, environment: environment, directory: directory,
            standardOutput: .descriptor(stdout.descriptor), standardError: .descriptor(stderr.descriptor))
        stdout.closeDescriptor()
        stderr.closeDescriptor()
        let status: Int32
        do {
            status = try await child.waitForExit(timeout: timeout)
        } catch {
            child.killAndReap()
            throw error
        }
        return ChildResult(status: status, stdout: stdout.text, stderr: stderr.text)
    }

    /// Runs `executable arguments` as ``run(_:_:environment:directory:)`` does, with this process's environment,
    /// and throws ``ChildFailed`` unless it exits 0.
    @discardableResult
    public static func check(_ executable: String, _ arguments: [String], directory: String? = nil) async throws
        -> ChildResult
    {
        let result = try await run(
            URL(fileURLWithPath: executable), arguments, environment: ProcessInfo.processInfo.environment,
            directory: directory)
        guard result.status == 0 else { throw ChildFailed(command: [executable] + arguments, result: result) }
        return result
    }
}

/// A command exited with a status other than 0.
public struct ChildFailed: Error, CustomStringConvertible {
    public var command: [String]
    public var result: ChildResult
    public var description: String {
        "\(command.joined(separator: " ")) exited \(result.status): \(result.stderr)\(result.stdout)"
    }
}

/// A new file, named `<name>-<uuid>.out`, that a child writes to.
struct OutputFile {
    let path: URL
    let descriptor: Int32

    init(_ name: String, in directory: URL = FileManager.default.temporaryDirectory) throws {
        path = directory.appending(path: "\(name)-\(UUID().uuidString).out")
        descriptor = open(path.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path.path]) }
    }

    /// Closes this process's descriptor (the child holds its own copy).
    func closeDescriptor() { close(descriptor) }

    /// Everything written so far.
    var text: String { (try? String(contentsOf: path, encoding: .utf8)) ?? "" }

    func remove() { try? FileManager.default.removeItem(at: path) }
}

/// An executable running in the background, its output (standard output and error) collected in a file.
public final class BackgroundProcess: Sendable {
    /// The running child.
    public let child: Spawned
    /// The file holding its output.
    public let output: URL

    /// Starts `executable arguments` with exactly `environment`, writing its output into a new file in `directory`.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String], directory: URL) throws {
        let file = try OutputFile(executable.lastPathComponent, in: directory)
        output = file.path
        defer { file.closeDescriptor() }
        child = try Spawned(
            executable.path, arguments, environment: environment,
            standardOutput: .descriptor(file.descriptor), standardError: .descriptor(file.descriptor))
    }

    /// The child ends with its handle: a test that stops early (a failed expectation) leaves no process behind.
    deinit { child.killAndReap() }

    /// Everything printed so far.
    public var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// The exit status once the process has ended, nil while it runs.
    public var exitStatus: Int32? { child.exitStatus }

    /// Waits until the output matches `pattern` and returns the first capture.
    public func await(_ pattern: Regex<(Substring, Substring)>, timeout: Duration = .seconds(20)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let match = text.firstMatch(of: pattern) { return String(match.1) }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw BackgroundTimeout(output: text)
    }

    /// Waits for the process to end and returns its status.
    public func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32 {
        do {
            return try await child.waitForExit(timeout: timeout)
        } catch is SpawnTimeout {
            throw BackgroundTimeout(output: text)
        }
    }

    /// Sends `signal` (default SIGTERM) and waits for the process to end (killing it after 10 s); returns its exit
    /// status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) async -> Int32 {
        await child.stop(signal: signal)
    }
}

/// A background process did not print what was awaited, or did not end, in time.
public struct BackgroundTimeout: Error, CustomStringConvertible {
    public var output: String
    public var description: String { "timed out; output so far:\n\(output)" }
}

extension URL {
    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? {
        URLComponents(url: self, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }
}
