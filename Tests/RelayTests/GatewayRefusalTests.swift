import BattleNet
import BattleNetEmulator
import Foundation
import RelayApp
import RelayCore
import RelayServer
import Testing

/// The gateway is never an open proxy: each refusal is a JSON body a person can act on, sent before anything goes
/// upstream, and the caller's `Authorization` and the relay's own token go nowhere they should not.
@Suite(.timeLimit(.minutes(2))) struct GatewayRefusalTests {
    static func refused(_ relay: RelayHarness, _ path: String, method: String = "GET") async throws -> TransportResponse {
        try await relay.send(TransportRequest(method: method, url: URL(string: relay.baseURL.absoluteString + path)!))
    }

    @Test(arguments: [
        ("/api/eu/profile/user/wow", 403, "player_data"),
        ("/api/eu/d3/profile/FaYe-2543", 403, "player_data"),
        ("/api/eu/sc2/profile/2/1/2137104", 403, "player_data"),
        ("/api/eu/data/wow/character/x?namespace=profile-eu", 403, "player_data"),
        ("/api/eu/oauth/token", 403, "player_data"),
        ("/api/evil.example.com/d3/data/act", 400, "foreign_host"),
        ("/api/127.0.0.1:8080/d3/data/act", 400, "foreign_host"),
        ("/api/eu/https:/evil.example.com/d3/data/act", 400, "foreign_host"),
        ("/api/eu/d3/data/../profile/FaYe-2543", 400, "invalid_path"),
        ("/api/eu/d3/data/%2e%2e/%2e%2e/profile/FaYe-2543", 400, "invalid_path"),
        ("/api/eu/d3/data/act%2F..%2Fx", 400, "invalid_path"),
        ("/api/eu/d3/data/%2E%2E/profile/FaYe-2543", 400, "invalid_path"),
        ("/api/eu/d3/data/act%5C..%5Cprofile", 400, "invalid_path"),
        ("/api/eu//evil.example.com/d3/data/act", 400, "invalid_path"),
        ("/api/eu/data/wow/token/index", 400, "not_game_data"),
        ("/api/eu/wow/guild", 404, "not_game_data"),
        ("/api/mars/d3/data/act", 404, "unknown_region"),
        ("/api/eu/d3/data/" + String(repeating: "a", count: 600), 414, "request_too_long"),
        ("/api/eu/d3/data/act?" + String(repeating: "x=1&", count: 300), 414, "request_too_long"),
    ])
    func refusalsAreJSONAPersonCanActOn(path: String, status: Int, reason: String) async throws {
        try await withRelay({ $0.gateway = true }) { relay in
            let response = try await Self.refused(relay, path)
            #expect(response.status == status, "\(path)")
            #expect(response.json["error"] as? String == reason, "\(path)")
            let description = try #require(response.json["error_description"] as? String)
            #expect(description.count > 30)
            #expect(response.header("Cache-Control") == "no-store")
            #expect(await relay.emulator.state.count("api.served") == 0, "nothing went upstream for \(path)")
        }
    }

    @Test func playerDataRefusalSaysWhereThePlayersTokenGoes() async throws {
        try await withRelay({ $0.gateway = true }) { relay in
            let response = try await Self.refused(relay, "/api/eu/profile/user/wow")
            let description = try #require(response.json["error_description"] as? String)
            #expect(description.contains("player's own token"))
            #expect(description.contains("Authorization: Bearer"))
        }
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
    func onlyGetAndHeadAreAnswered(method: String) async throws {
        try await withRelay({ $0.gateway = true }) { relay in
            let response = try await Self.refused(relay, "/api/eu/d3/data/act", method: method)
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
            #expect(response.json["error"] as? String == "method_not_allowed")
            #expect((response.json["error_description"] as? String)?.contains("GET and HEAD") == true)
            #expect(await relay.emulator.state.count("api.served") == 0)
        }
    }

    /// An answer over the bound (8 MiB) is refused whole: a JSON 502, none of Blizzard's bytes, nothing cached.
    @Test func anUpstreamAnswerOverTheBoundIsAClearErrorAndNotCached() async throws {
        try await withRelay({ $0.gateway = true }) { relay in
            let huge = #"{"acts":[""# + String(repeating: "x", count: 9 << 20) + #""]}"#
            await relay.emulator.state.inject(EmulatorFault(pathPrefix: "/d3/data/act", kind: .json(status: 200, body: huge), count: 2))
            for _ in 0..<2 {
                let refused = try await relay.get("/api/eu/d3/data/act")
                #expect(refused.status == 502)
                #expect(refused.json["error"] as? String == "answer_too_large")
                #expect((refused.json["error_description"] as? String)?.contains("smaller page") == true)
                #expect(refused.header("Cache-Control") == "no-store")
                #expect(refused.body.count < 1_000, "no part of Blizzard's answer is passed on")
            }
            // Both asks went upstream (the first answer was not kept), and the next real answer is a miss.
            let next = try await relay.get("/api/eu/d3/data/act")
            #expect(next.status == 200)
            #expect(next.header("Cache-Status") == "bnet-relay; fwd=miss; stored")
            let metrics = String(decoding: try await relay.ops("/metrics").body, as: UTF8.self)
            #expect(metrics.contains(#"bnet_relay_gateway_refused_total{reason="answer_too_large"} 2"#))
        }
    }

    @Test func aGatewayTurnedOffSaysSoAndIsNotAdvertised() async throws {
        try await withRelay({ $0.gateway = false }) { relay in
            let response = try await Self.refused(relay, "/api/eu/d3/data/act")
            #expect(response.status == 404)
            #expect(response.json["error"] as? String == "gateway_off")
            #expect(try await relay.get("/.well-known/oauth-authorization-server").json["api_gateway_endpoint"] == nil)
        }
    }

    @Test func theCallersAuthorizationIsNotForwardedAndTheAppTokenIsShownNowhere() async throws {
        try await withRelay({ $0.gateway = true }) { relay in
            let metadata = try await relay.get("/.well-known/oauth-authorization-server")
            #expect(metadata.json["api_gateway_endpoint"] as? String == "\(publicBase)/api")
            // A caller's token the emulator never issued: forwarded, it would be Blizzard's 401.
            let response = try await relay.get(
                "/api/eu/d3/data/act", headers: [("Authorization", "Bearer not-a-token-of-blizzards")])
            #expect(response.status == 200)
            #expect(try JSONSerialization.jsonObject(with: response.body) as? [String: Any] != nil)
            // A token Blizzard rejects is replaced: both the old and the new one must stay hidden.
            await relay.emulator.state.inject(EmulatorFault(pathPrefix: "/d3/data/hero", kind: .status(401), count: 1))
            let retried = try await relay.get("/api/eu/d3/data/hero/barbarian")
            #expect(retried.status == 200)
            let refused = try await relay.get("/api/eu/profile/user/wow", headers: [("Authorization", "Bearer x")])
            #expect(refused.status == 403)
            let tokens = await relay.emulator.state.tokenValues(ofClient: relayCredentials.id)
            #expect(tokens.count >= 2)
            #expect(!relay.logs.text.isEmpty, "the relay's log (every level, trace included) was captured")
            let metrics = try await relay.ops("/metrics")
            let seen = [response, retried, refused].flatMap { [$0.text] + $0.headers.map(\.value) }
                + [relay.logs.text, String(decoding: metrics.body, as: UTF8.self)]
            for token in tokens {
                #expect(!seen.contains { $0.contains(token) }, "the application token leaked")
            }
        }
    }
}

/// The library's gateway client: game data with no secret and no sign-in.
@Suite(.timeLimit(.minutes(2))) struct GatewayLibraryTests {
    @Test func blizzardAPIFetchesDiabloIIIActsThroughTheGatewayWithNoToken() async throws {
        try await withRelay({ $0.gateway = true }) { relay in
            let api = BlizzardAPI(
                region: .eu, gateway: URL(string: relay.baseURL.absoluteString + "/api")!, transport: relay.transport)
            let acts = try JSONSerialization.jsonObject(with: try await api.data("d3/data/act")) as? [String: Any]
            #expect((acts?["acts"] as? [Any])?.count == 5)
            let refused = await #expect(throws: BattleNetError.self) { try await api.data("d3/profile/FaYe-2543") }
            #expect(refused == .forbidden("the resource /d3/profile/FaYe-2543"))
        }
    }
}
