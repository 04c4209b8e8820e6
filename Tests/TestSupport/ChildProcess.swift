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

/// Runs executables as child processes, on threads of their own, so that servers in the test process keep answering
/// while a test waits.
public enum ChildProcess {
    /// Runs `executable arguments` to completion with exactly `environment` and no standard input.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]) async throws
        -> ChildResult
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let process = Process()
                process.executableURL = executable
                process.arguments = arguments
                process.environment = environment
                let output = Pipe()
                let errors = Pipe()
                process.standardOutput = output
                process.standardError = errors
                process.standardInput = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let errorData = Collected()
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    errorData.data = errors.fileHandleForReading.readDataToEndOfFile()
                    done.signal()
                }
                let outputData = output.fileHandleForReading.readDataToEndOfFile()
                done.wait()
                process.waitUntilExit()
                continuation.resume(returning: ChildResult(
                    status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
                    stderr: String(decoding: errorData.data, as: UTF8.self)))
            }
        }
    }

    private final class Collected: @unchecked Sendable {
        var data = Data()
    }
}

/// An executable running in the background, its output (standard output and error) collected in a file.
public final class BackgroundProcess: @unchecked Sendable {
    public let process = Process()
    public let output: URL

    /// Starts `executable arguments` with exactly `environment`, writing its output into `directory`.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String], directory: URL) throws {
        output = directory.appending(path: "\(executable.lastPathComponent)-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Everything printed so far.
    public var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

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
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else { throw BackgroundTimeout(output: text) }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }

    /// Sends `signal` (default SIGTERM) and waits for the process to end; returns its exit status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) async -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
        return process.terminationStatus
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
