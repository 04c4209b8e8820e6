import BattleNet
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// The built `bnet-relay` binary, run as a child process the way an operator runs it.
final class RelayProcess: @unchecked Sendable {
    let child: BackgroundProcess
    let port: Int
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var process: Process { child.process }

    /// The `bnet-relay` executable next to the test bundle.
    static var binary: URL {
        get throws { try BuiltExecutable.url("bnet-relay") }
    }

    /// A free port for the operations listener, unless `arguments` name one: its default, the relay's port + 2, may
    /// be a port some other test's client connection is using right now.
    static func operationsPort(unless arguments: [String]) -> [String] {
        guard !arguments.contains("--ops-port"), let port = try? freePort() else { return [] }
        return ["--ops-port", "\(port)"]
    }

    /// This process's environment without any BNET_ variable, with `extra` added.
    static func environment(_ extra: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BNET_") }.merging(extra) { $1 }
    }

    /// Starts `bnet-relay` with `arguments` and `environment` (added to a clean copy of this process's, without
    /// any BNET_ variable), and waits until `/healthz` answers.
    init(arguments: [String], environment: [String: String] = [:], port: Int? = nil, directory: URL) async throws {
        self.port = try port ?? freePort()
        child = try BackgroundProcess(
            Self.binary, ["serve", "--port", "\(self.port)"] + Self.operationsPort(unless: arguments) + arguments,
            environment: Self.environment(environment),
            directory: directory)
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if !child.process.isRunning { throw RelayProcessError.exited(log) }
            if let health = try? await transport.send(TransportRequest(url: baseURL.appending(path: "healthz"), timeout: .seconds(1))),
                health.status == 200
            {
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        await child.stop()
        throw RelayProcessError.notReady(log)
    }

    var log: String { child.text }

    /// Sends a signal and waits for the process to end; returns its exit status.
    @discardableResult
    func stop(signal: Int32 = SIGTERM) async -> Int32 {
        await child.stop(signal: signal)
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

/// Runs the binary to completion (for check-config, keygen, --version) and returns its exit code and output
/// (standard output, then standard error).
func runRelayCommand(_ arguments: [String], environment: [String: String] = [:]) async throws
    -> (status: Int32, output: String)
{
    let result = try await ChildProcess.run(
        RelayProcess.binary, arguments, environment: RelayProcess.environment(environment))
    return (result.status, result.stdout + result.stderr)
}
