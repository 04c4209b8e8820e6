import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// The built `bnet-relay` binary, run as a child process the way an operator runs it.
typealias RelayProcess = RunningRelay

extension RunningRelay {
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

    /// Starts `bnet-relay serve` on `port` (a free one when nil) with `arguments` and `environment` (added to a clean
    /// copy of this process's, without any BNET_ variable), and waits until `/healthz` answers.
    convenience init(arguments: [String], environment: [String: String] = [:], port: Int? = nil, directory: URL)
        async throws
    {
        try await self.init(
            binary: Self.binary, port: port ?? freePort(), arguments: Self.operationsPort(unless: arguments) + arguments,
            environment: Self.environment(environment), directory: directory, transport: transport)
    }

    func post(_ path: String, form: [(String, String)], timeout: Duration = .seconds(40)) async throws -> TransportResponse {
        try await transport.send(TransportRequest(
            method: "POST", url: baseURL.appending(path: path),
            headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(FormEncoding.encode(form).utf8),
            timeout: timeout))
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

/// A relay a test starts, stops or kills, and starts again as the operator's binary, on one port and one database,
/// signing players in at an emulator of the test's own (the crash and seal-key rotation tests).
struct RelayRig {
    /// The relay's working directory, holding its database; the test's seal keys may go here too.
    let directory: URL
    private let port: Int
    private let arguments: [String]

    /// Starts `bnet-relay` with the rig's port, database and emulator, plus `extra` (such as its seal-key flags).
    func start(_ extra: [String]) async throws -> RelayProcess {
        try await RelayProcess(
            arguments: arguments + extra,
            environment: ["BNET_CLIENT_ID": relayCredentials.id, "BNET_CLIENT_SECRET": relayCredentials.secret],
            port: port, directory: directory)
    }

    fileprivate init(directory: URL, emulator: RunningEmulator, port: Int, publicURL: String) {
        self.directory = directory
        self.port = port
        arguments = [
            "--public-url", publicURL, "--database", directory.appending(path: "relay.sqlite").path,
            "--authorize-url", emulator.endpoints.authorizeURL.absoluteString,
            "--token-url", emulator.endpoints.tokenURL.absoluteString,
            "--userinfo-url", emulator.endpoints.userinfoURL.absoluteString, "--log-level", "warning",
        ]
    }
}

/// Runs `body` with a fresh rig (directory `<name>-<uuid>`), then stops its emulator and removes the directory.
func withRelayRig<T>(_ name: String, _ body: (RelayRig) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appending(path: "\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let port = try freePort()
    let publicURL = "http://127.0.0.1:\(port)"
    let emulator = try await BattleNetEmulator.start(configuration: EmulatorConfiguration(clients: [
        EmulatorClient(credentials: relayCredentials, redirectURIs: ["\(publicURL)/redirect/d3"])
    ]))
    do {
        let result = try await body(RelayRig(directory: directory, emulator: emulator, port: port, publicURL: publicURL))
        await emulator.stop()
        return result
    } catch {
        await emulator.stop()
        throw error
    }
}
