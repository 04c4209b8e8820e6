import BattleNet
import BattleNetEmulator
import Foundation
import RelayApp
import TestSupport
import RelayServer
import Testing

@Suite("Token revocation (RFC 7009) through the relay", .timeLimit(.minutes(2)))
struct RevocationTests {
    /// A player's token from a whole login through the relay.
    private func signIn(_ relay: RelayHarness) async throws -> String {
        let (login, callback) = try await relay.loginUntilCallback()
        #expect(try await relay.get(callback).status == 200)
        let granted = try await relay.poll(login, wait: 5)
        return try #require(granted.json["access_token"] as? String, "\(granted.text)")
    }

    @Test("The metadata names the endpoint and its client authentication; a revoked token is refused at userinfo, check_token and the game API")
    func revokes() async throws {
        try await withRelay(via: .router) { relay in
            let token = try await signIn(relay)
            let discovered = try await DeviceFlowClient.discover(relayURL: relay.baseURL, transport: relay.transport)
            #expect(discovered.endpoints.revocationURL == URL(string: "\(publicBase)/oauth/revoke"))
            let metadata = try await relay.get("/.well-known/oauth-authorization-server")
            #expect(metadata.json["revocation_endpoint_auth_methods_supported"] as? [String] == ["none"])
            let client = DeviceFlowClient(endpoints: .init(conventionalAt: relay.baseURL), transport: relay.transport)
            let emulator = relay.emulator.baseURL
            let bearer = [(name: "Authorization", value: "Bearer \(token)")]
            let profile = emulator.appending(path: "d3/profile/FaYe-2543/")
            #expect(try await relay.get(emulator.appending(path: "oauth/userinfo"), headers: bearer).status == 200)
            #expect(try await relay.get(profile, headers: bearer).status == 200)

            try await client.revoke(token: token, clientID: "d3")

            let userinfo = try await relay.get(emulator.appending(path: "oauth/userinfo"), headers: bearer)
            #expect(userinfo.status == 401)
            #expect(userinfo.json["error"] as? String == "invalid_token")
            let check = try await relay.send(TransportRequest(
                method: "POST", url: emulator.appending(path: "check_token"),
                headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: Data(FormEncoding.encode([("token", token)]).utf8)))
            #expect(check.status == 400)
            #expect(check.json["error"] as? String == "invalid_token")
            let game = try await relay.get(profile, headers: bearer)
            #expect(game.status == 401)
            #expect(game.json["type"] as? String == "BLZWEBAPI00000401")
            #expect(await relay.emulator.state.count("revoke") == 1)
            #expect(!relay.logs.text.contains(token), "a token was logged")
        }
    }

    @Test("Unknown tokens get 200; an unknown client is the client library's invalidClient")
    func refusals() async throws {
        try await withRelay(via: .router) { relay in
            let unknown = try await relay.post("/oauth/revoke", form: [("token", "no-such-token"), ("client_id", "d3")])
            #expect(unknown.status == 200, "\(unknown.text)")
            #expect(unknown.body.isEmpty)
            let client = DeviceFlowClient(endpoints: .init(conventionalAt: relay.baseURL), transport: relay.transport)
            do {
                try await client.revoke(token: "x", clientID: "nobody")
                Issue.record("an unknown client was accepted")
            } catch DeviceFlowError.invalidClient(let error) {
                #expect(error.status == 401)
            }
        }
    }

    @Test("Battle.net out of reach for a token the relay issued: 503 with Retry-After, which the client reports as a server error")
    func unreachable() async throws {
        try await withRelay(via: .router) { relay in
            let token = try await signIn(relay)
            await relay.emulator.stop()
            let response = try await relay.post("/oauth/revoke", form: [("token", token), ("client_id", "d3")])
            #expect(response.status == 503)
            #expect(response.json["error"] as? String == "temporarily_unavailable")
            #expect(response.header("Retry-After") == "60")
            let client = DeviceFlowClient(endpoints: .init(conventionalAt: relay.baseURL), transport: relay.transport)
            await #expect(throws: BattleNetError.serverError(status: 503)) {
                try await client.revoke(token: token, clientID: "d3")
            }
            #expect(relay.logs.text.contains("token revocation at Battle.net failed"))
            #expect(!relay.logs.text.contains(token))
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_revocations_total{outcome="failed"} 2"#), "\(metrics)")
        }
    }

    @Test("Only tokens the relay handed out reach Battle.net, once each: made-up, foreign and already revoked tokens get 200 without a call; a failed call can be retried")
    func forwardsOnlyIssuedTokens() async throws {
        try await withRelay(via: .router) { relay in
            let token = try await signIn(relay)
            // A token Battle.net issued to the relay's client, but not through the relay: a stranger's guess, say.
            let foreign = try await OAuthClient(
                credentials: relayCredentials, endpoints: relay.emulator.endpoints, transport: relay.transport
            ).clientCredentialsToken().value
            for made in ["no-such-token", foreign, String(repeating: "A", count: 4096)] {
                let response = try await relay.post("/oauth/revoke", form: [("token", made), ("client_id", "d3")])
                #expect(response.status == 200, "\(response.text)")
            }
            #expect(await relay.emulator.state.count("revoke") == 0, "no made-up token was forwarded")

            await relay.emulator.state.inject(EmulatorFault(pathPrefix: "/revoke", kind: .status(500), count: 1))
            let failed = try await relay.post("/oauth/revoke", form: [("token", token), ("client_id", "d3")])
            #expect(failed.status == 503, "\(failed.text)")
            for _ in 0..<3 {
                #expect(try await relay.post("/oauth/revoke", form: [("token", token), ("client_id", "d3")]).status == 200)
            }
            #expect(await relay.emulator.state.count("revoke") == 1, "the retry was forwarded, the repeats were not")
            let userinfo = try await relay.get(
                relay.emulator.baseURL.appending(path: "oauth/userinfo"), headers: [("Authorization", "Bearer \(token)")])
            #expect(userinfo.status == 401, "the token is revoked at Battle.net")
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_revocations_total{outcome="forwarded"} 1"#), "\(metrics)")
            #expect(metrics.contains(#"bnet_relay_revocations_total{outcome="not_issued"} 5"#), "\(metrics)")
            #expect(!relay.logs.text.contains(token) && !relay.logs.text.contains(foreign), "a token was logged")
        }
    }

    @Test("One client network gets a quarter of the forwarded revocations; the rest of the budget serves others (R5-10)")
    func networkShare() async throws {
        try await withRelay(via: .sockets, {
            $0.revocationsPerMinute = 8
            $0.startsPerMinute = 100
            $0.codeEntriesPerMinute = 100
            $0.trustedProxies = ["127.0.0.1", "::1"]
        }) { relay in
            var tokens: [String] = []
            for _ in 0..<4 { tokens.append(try await RevocationFloodTests.signIn(relay)) }
            func revoke(_ token: String, from client: String) async throws -> TransportResponse {
                try await relay.post(
                    "/oauth/revoke", form: [("token", token), ("client_id", "d3")], headers: [("X-Forwarded-For", client)])
            }
            #expect(try await revoke(tokens[0], from: "203.0.113.7").status == 200)
            #expect(try await revoke(tokens[1], from: "203.0.113.7").status == 200)
            let past = try await revoke(tokens[2], from: "203.0.113.7")
            #expect(past.status == 429, "a third from the same network is past its share of 2: \(past.text)")
            #expect(past.header("Retry-After") == "60")
            #expect(try await revoke(tokens[3], from: "198.51.100.9").status == 200, "another network's share is its own")
            #expect(await relay.emulator.state.count("revoke") == 3)
            #expect(try await relay.ops("/metrics").text.contains(#"bnet_relay_throttled_total{limit="revocation_share"} 1"#))
        }
    }
}
