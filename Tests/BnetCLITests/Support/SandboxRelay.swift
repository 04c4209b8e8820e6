import BattleNet
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// Runs `bnet-relay serve` with no Blizzard credentials, as the README's quick start does, and passes `body` the
/// relay's base URL (`http://127.0.0.1:<port>`, also its public URL) and its emulator's. `arguments` are added to
/// `serve`'s (`--scope ...`); `opsPort` is its operations listener's port (`/metrics`), a free one by default.
func withSandboxRelay(
    _ sandbox: Sandbox, arguments extra: [String] = [], opsPort: Int? = nil, _ body: (URL, URL) async throws -> Void
) async throws {
    let emulatorPort = try freePort()
    let relay = try await RunningRelay(
        binary: BuiltExecutable.url("bnet-relay"), port: freePort(),
        arguments: ["--emulator-port", "\(emulatorPort)", "--ops-port", "\(try opsPort ?? freePort())",
            "--database", sandbox.home.appending(path: "relay.sqlite").path,
            "--seal-key-file", sandbox.home.appending(path: "seal.key").path] + extra,
        environment: sandbox.environment(), directory: sandbox.home, transport: AsyncHTTPClientTransport.testing)
    #expect(relay.log.contains("SANDBOX MODE"))
    do {
        try await body(relay.baseURL, try #require(URL(string: "http://127.0.0.1:\(emulatorPort)")))
        await relay.stop()
    } catch {
        await relay.stop()
        throw error
    }
}
