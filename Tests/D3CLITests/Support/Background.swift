import BattleNet
import BattleNetHTTPClient
import Foundation

/// A built executable (`d3` or `bnet-relay`) running in the background, its output collected in a file.
final class Background: @unchecked Sendable {
    let process = Process()
    let output: URL

    /// Starts `name` (found next to `d3`) with `arguments` and exactly `environment`.
    init(_ name: String, _ arguments: [String], environment: [String: String], directory: URL) throws {
        output = directory.appending(path: "\(name)-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = try D3Process.binary().deletingLastPathComponent().appending(path: name)
        process.arguments = arguments
        process.environment = environment
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Everything printed so far.
    var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// Waits until the output matches `pattern` and returns the first capture.
    func await(_ pattern: Regex<(Substring, Substring)>, timeout: Duration = .seconds(20)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let match = text.firstMatch(of: pattern) { return String(match.1) }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw BackgroundTimeout(output: text)
    }

    /// Waits for the process to end and returns its status.
    func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else { throw BackgroundTimeout(output: text) }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }

    /// Ends the process.
    func stop() async {
        if process.isRunning { process.terminate() }
        while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
    }
}

struct BackgroundTimeout: Error, CustomStringConvertible {
    var output: String
    var description: String { "timed out; output so far:\n\(output)" }
}
