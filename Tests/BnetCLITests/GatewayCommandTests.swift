import BattleNet
import BattleNetHTTPClient
import BnetKit
import Foundation
import TestSupport
import Testing

/// `bnet`'s game-data commands and the relay's game-data gateway, against the real sandbox relay: through the gateway
/// when the relay it signed in at offers one (no token needed), straight to the API with the token when it does not.
@Suite("bnet game data through the relay's gateway", .timeLimit(.minutes(3)))
struct GatewayCommandTests {
    /// The gateway requests the relay counted (`bnet_relay_gateway_requests_total`, every result), from its
    /// operations listener on `opsPort`.
    private func gatewayRequests(opsPort: Int) async throws -> Int {
        let metrics = try await AsyncHTTPClientTransport.testing.send(TransportRequest(
            url: try #require(URL(string: "http://127.0.0.1:\(opsPort)/metrics"))))
        return String(decoding: metrics.body, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("bnet_relay_gateway_requests_total{") }
            .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }
            .reduce(0) { $0 + Int($1) }
    }

    /// Makes the stored sign-in worthless: a token no server knows, expired.
    private func spoil(_ sandbox: Sandbox) throws -> StoredCredential {
        var stored = try #require(try sandbox.store(.bnet).load(region: .us))
        stored.token.value = "spoiled-token"
        stored.token.expiresAt = Date(timeIntervalSinceNow: -60)
        try sandbox.store(.bnet).save(stored)
        return stored
    }

    @Test("With the gateway on, game data goes through the relay with no token; player data still needs the token")
    func gatewayOn() async throws {
        try await withSandbox { sandbox in
            let opsPort = try freePort()
            try await withSandboxRelay(sandbox, opsPort: opsPort) { relay, emulator in
                try await bnetLogin(sandbox, ["--relay", relay.absoluteString])
                let stored = try spoil(sandbox)
                #expect(stored.gateway == relay.appending(path: "api").absoluteString)
                let before = try await gatewayRequests(opsPort: opsPort)
                let act = try await sandbox.bnet("d3", "act", "1", "--no-prompt")
                #expect(act.status == 0, "\(act.stderr)")
                #expect(act.stdout.contains("Act I"), "\(act.stdout)")
                #expect(try await gatewayRequests(opsPort: opsPort) == before + 1, "the request went through the gateway")
                let cards = try await sandbox.bnet("hs", "metadata", "--json", "--no-prompt")
                #expect(cards.status == 0, "\(cards.stderr)")
                #expect(try await gatewayRequests(opsPort: opsPort) == before + 2)
                // Player data is not the gateway's: with the spoiled token it is "not signed in" (exit 3).
                let profile = try await sandbox.bnet("d3", "profile", "--no-prompt")
                #expect(profile.status == 3, "\(profile.stdout)\(profile.stderr)")
                // --api-url names an API to call directly, with the token: the gateway is not asked.
                let direct = try await sandbox.bnet("d3", "act", "1", "--no-prompt", "--api-url", emulator.absoluteString)
                #expect(direct.status == 3, "\(direct.stdout)\(direct.stderr)")
                #expect(try await gatewayRequests(opsPort: opsPort) == before + 2)
            }
        }
    }

    @Test("With the gateway off, game data goes to the API with the player's token, as before")
    func gatewayOff() async throws {
        try await withSandbox { sandbox in
            let opsPort = try freePort()
            try await withSandboxRelay(sandbox, arguments: ["--gateway", "off"], opsPort: opsPort) { relay, _ in
                try await bnetLogin(sandbox, ["--relay", relay.absoluteString])
                #expect(try sandbox.store(.bnet).load(region: .us)?.gateway == nil)
                let act = try await sandbox.bnet("d3", "act", "1", "--no-prompt")
                #expect(act.status == 0, "\(act.stderr)")
                #expect(act.stdout.contains("Act I"), "\(act.stdout)")
                _ = try spoil(sandbox)
                let spoiled = try await sandbox.bnet("d3", "act", "1", "--no-prompt")
                #expect(spoiled.status == 3, "the token is what authenticates it: \(spoiled.stdout)\(spoiled.stderr)")
                #expect(try await gatewayRequests(opsPort: opsPort) == 0)
            }
        }
    }
}
