import BattleNet
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// Runs `bnet-relay serve` with no Blizzard credentials, as the README's quick start does, and passes `body` the
/// relay's base URL (`http://127.0.0.1:<port>`, also its public URL) and its emulator's.
func withSandboxRelay(_ sandbox: Sandbox, _ body: (URL, URL) async throws -> Void) async throws {
    let transport = AsyncHTTPClientTransport.shared
    let port = try freePort()
    let emulatorPort = try freePort()
    let relay = try Background(
        "bnet-relay",
        ["serve", "--port", "\(port)", "--emulator-port", "\(emulatorPort)", "--ops-port", "\(try freePort())",
         "--database", sandbox.home.appending(path: "relay.sqlite").path,
         "--seal-key-file", sandbox.home.appending(path: "seal.key").path],
        environment: sandbox.environment(), directory: sandbox.home)
    let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let deadline = ContinuousClock.now + .seconds(20)
    while ContinuousClock.now < deadline {
        if let health = try? await transport.send(TransportRequest(url: base.appending(path: "healthz"), timeout: .seconds(1))),
            health.status == 200 { break }
        try await Task.sleep(for: .milliseconds(50))
    }
    #expect(relay.text.contains("SANDBOX MODE"))
    do {
        try await body(base, try #require(URL(string: "http://127.0.0.1:\(emulatorPort)")))
        await relay.stop()
    } catch {
        await relay.stop()
        throw error
    }
}
