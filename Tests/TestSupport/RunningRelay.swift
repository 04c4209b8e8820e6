import BattleNet
import Foundation

/// A built `bnet-relay serve` running as a child process, the way an operator runs it, started and waited for
/// until it answers `/healthz`: the one way the tests and `relay-load` start a relay process.
public final class RunningRelay: Sendable {
    /// The process and its output (standard output and error), in a file in the directory the relay was given.
    public let child: BackgroundProcess
    /// The relay's public listener port.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// Everything the relay printed so far.
    public var log: String { child.text }
    /// The relay's process id.
    public var pid: pid_t { child.child.pid }

    /// Starts `binary serve --port <port>` with `arguments` and exactly `environment`, writing its output into
    /// `directory`, and waits until `GET /healthz` answers 200 through `transport`. Throws ``RelayStartError`` (with
    /// the relay's output) when it exits first or does not answer within `timeout`; the process is gone then.
    public init(
        binary: URL, port: Int, arguments: [String], environment: [String: String], directory: URL,
        transport: any HTTPTransport, timeout: Duration = .seconds(20)
    ) async throws {
        self.port = port
        child = try BackgroundProcess(
            binary, ["serve", "--port", "\(port)"] + arguments, environment: environment, directory: directory)
        let health = TransportRequest(url: URL(string: "http://127.0.0.1:\(port)/healthz")!, timeout: .seconds(1))
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let status = child.exitStatus { throw RelayStartError.exited(status: status, log: child.text) }
            if let answer = try? await transport.send(health), answer.status == 200 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        await child.stop(signal: SIGKILL)
        throw RelayStartError.notReady(port: port, log: child.text)
    }

    /// Sends `signal` without waiting (see ``stop(signal:)``).
    public func signal(_ signal: Int32) {
        child.child.signal(signal)
    }

    /// Sends `signal` (SIGTERM by default) and waits for the relay to end; returns its exit status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) async -> Int32 {
        await child.stop(signal: signal)
    }

    /// This process's environment without any `BNET_` variable (a developer's shell may set some), with `extra`.
    public static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BNET_") }.merging(extra) { $1 }
    }
}

/// `bnet-relay` did not start.
public enum RelayStartError: Error, CustomStringConvertible {
    case exited(status: Int32, log: String)
    case notReady(port: Int, log: String)

    public var description: String {
        switch self {
        case .exited(let status, let log): "bnet-relay exited at start (status \(status)):\n\(log)"
        case .notReady(let port, let log): "bnet-relay did not answer /healthz on port \(port) in time:\n\(log)"
        }
    }
}
