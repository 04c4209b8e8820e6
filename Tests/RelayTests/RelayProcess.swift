import BattleNet
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// The built `bnet-relay` binary, run as a child process the way an operator runs it.
final class RelayProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    let output: URL
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The `bnet-relay` executable next to the test bundle.
    static var binary: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appending(path: "bnet-relay")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return bundle.deletingLastPathComponent().appending(path: "bnet-relay")
    }

    /// Starts `bnet-relay` with `arguments` and `environment` (added to a clean copy of this process's, without
    /// any BNET_ variable), and waits until `/healthz` answers.
    init(arguments: [String], environment: [String: String] = [:], port: Int? = nil, directory: URL) async throws {
        self.port = try port ?? freePort()
        output = directory.appending(path: "relay-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = Self.binary
        process.arguments = ["serve", "--port", "\(self.port)"] + arguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BNET_") }
        env.merge(environment) { $1 }
        process.environment = env
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if !process.isRunning { throw RelayProcessError.exited(log) }
            if let health = try? await transport.send(TransportRequest(url: baseURL.appending(path: "healthz"), timeout: .seconds(1))),
                health.status == 200
            {
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw RelayProcessError.notReady(log)
    }

    var log: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// Sends a signal and waits for the process to end; returns its exit status.
    @discardableResult
    func stop(signal: Int32 = SIGTERM) async -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
        return process.terminationStatus
    }

    func post(_ path: String, form: [(String, String)], timeout: Duration = .seconds(40)) async throws -> TransportResponse {
        try await transport.send(TransportRequest(
            method: "POST", url: baseURL.appending(path: path),
            headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(FormEncoding.encode(form).utf8),
            timeout: timeout))
    }
}

enum RelayProcessError: Error, CustomStringConvertible {
    case exited(String)
    case notReady(String)

    var description: String {
        switch self {
        case .exited(let log): "bnet-relay exited at start:\n\(log)"
        case .notReady(let log): "bnet-relay did not become healthy:\n\(log)"
        }
    }
}

/// Runs the binary to completion (for check-config, keygen, --version) and returns its exit code and output.
func runRelayCommand(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = RelayProcess.binary
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BNET_") }
    env.merge(environment) { $1 }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
