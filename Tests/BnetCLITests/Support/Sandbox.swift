import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import BnetKit
import Foundation
import TestSupport
import Testing

/// A private home and config directory for one test's runs of `bnet` and `d3`, removed afterwards.
struct Sandbox: Sendable {
    /// The temporary home.
    let home: URL
    /// `XDG_CONFIG_HOME`.
    let configHome: URL

    /// The directory `d3` keeps its files in.
    var configDirectory: URL { directory(.d3) }

    /// The store `d3` reads, for writing credentials through the CLI's own code path.
    var store: CredentialStore { store(.d3) }

    /// `program`'s own directory (`bnet` or `d3` under `XDG_CONFIG_HOME`).
    func directory(_ program: Program) -> URL { configHome.appending(path: program.name) }

    /// The store in `program`'s own directory.
    func store(_ program: Program) -> CredentialStore {
        CredentialStore(directory: directory(program), program: program)
    }

    /// The environment of a run: nothing inherited but `PATH`.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home.path, "XDG_CONFIG_HOME": configHome.path,
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    /// Runs `d3` in this sandbox.
    func d3(_ arguments: String..., environment extra: [String: String] = [:]) async throws -> D3Result {
        try await D3Process.run(arguments, environment: environment(extra))
    }

    /// Runs `d3 arguments` in this sandbox.
    func d3(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> D3Result {
        try await D3Process.run(arguments, environment: environment(extra))
    }

    /// Runs `bnet` in this sandbox.
    func bnet(_ arguments: String..., environment extra: [String: String] = [:]) async throws -> D3Result {
        try await bnet(arguments, environment: extra)
    }

    /// Runs `bnet arguments` in this sandbox.
    func bnet(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> D3Result {
        try await ChildProcess.run(try BuiltExecutable.url("bnet"), arguments, environment: environment(extra))
    }
}

/// Runs `body` with a fresh sandbox.
func withSandbox<T>(_ body: (Sandbox) async throws -> T) async throws -> T {
    let root = FileManager.default.temporaryDirectory.appending(path: "d3-tests-\(UUID().uuidString)")
    let sandbox = Sandbox(home: root.appending(path: "home"), configHome: root.appending(path: "config"))
    try FileManager.default.createDirectory(at: sandbox.home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    return try await body(sandbox)
}

/// The client the tests register at their emulator, passed to `d3` as BNET_CLIENT_ID / BNET_CLIENT_SECRET.
let cliCredentials = ClientCredentials(id: "d3-cli-test", secret: "cli-s3cr3t-0123456789")

/// Starts an emulator with the default players for the duration of `body`.
func withEmulator<T>(_ body: (RunningEmulator) async throws -> T) async throws -> T {
    let configuration = EmulatorConfiguration(
        clients: [EmulatorClient(credentials: cliCredentials, name: "d3 CLI tests")])
    return try await BattleNetEmulator.withRunning(configuration: configuration, body)
}

extension RunningEmulator {
    /// The emulator's own answer to `path` (with its query) for an application token of the test client: what
    /// `--json` and `d3 api` must print unchanged.
    func answer(_ path: String) async throws -> Data {
        let oauth = OAuthClient(
            credentials: cliCredentials, endpoints: endpoints, transport: AsyncHTTPClientTransport.testing)
        let token = try await oauth.clientCredentialsToken()
        let response = try await AsyncHTTPClientTransport.testing.send(TransportRequest(
            url: try #require(URL(string: baseURL.absoluteString + path)),
            headers: [("Authorization", "Bearer \(token.value)")]))
        #expect(response.status == 200, "\(path)")
        return response.body
    }

    /// `--api-url` and `--oauth-url` pointing at this emulator.
    var hostArguments: [String] { ["--api-url", baseURL.absoluteString, "--oauth-url", baseURL.absoluteString] }

    /// Client credentials for `d3`.
    var clientEnvironment: [String: String] {
        ["BNET_CLIENT_ID": cliCredentials.id, "BNET_CLIENT_SECRET": cliCredentials.secret]
    }
}

/// A sandbox relay's emulator, asked directly with the player's token: what `--json` must print unchanged.
struct EmulatorAnswers {
    let baseURL: URL
    let token: String

    /// The emulator's answer to `path` (with its query).
    func answer(_ path: String) async throws -> Data {
        let response = try await AsyncHTTPClientTransport.testing.send(TransportRequest(
            url: try #require(URL(string: baseURL.absoluteString + path)), headers: [("Authorization", "Bearer \(token)")]))
        #expect(response.status == 200, "\(path)")
        return response.body
    }
}
