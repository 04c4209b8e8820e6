import BattleNet
import BattleNetEmulator
import Foundation
import RelayCore
import TestSupport
import Testing

/// The relay as an OpenID Connect provider beyond the authorization endpoint: the device grant's `id_token`, and
/// the userinfo endpoint, which asks Battle.net about the relay's own tokens only.
@Suite("OpenID Connect provider: the device grant's id_token and userinfo", .timeLimit(.minutes(2)))
struct OpenIDProviderTests {
    @Test("The device grant's token answer carries the relay's id_token when openid was granted, and none without")
    func deviceGrantIDToken() async throws {
        try await withRelay { relay in
            let (_, poll) = try await ProviderIDTokenTests.signIn(relay, scope: "openid d3.profile")
            let accessToken = try #require(poll.json["access_token"] as? String)
            let claims = try await AuthorizationCodeTests.verifiedClaims(
                try #require(poll.json["id_token"] as? String, "\(poll.text.prefix(300))"), relay)
            #expect(claims["iss"] as? String == publicBase)
            #expect(claims["aud"] as? String == "d3")
            #expect(claims["battle_tag"] as? String == "FaYe#2543")
            #expect(claims["sub"] as? String == (poll.json["account_id"] as? Int).map(String.init))
            #expect(claims["at_hash"] as? String == IDTokenSigner.accessTokenHash(accessToken))
            #expect(claims["nonce"] == nil, "a device request carries no nonce")

            let (_, plain) = try await ProviderIDTokenTests.signIn(relay, scope: "d3.profile")
            #expect(plain.json["access_token"] is String)
            #expect(plain.json["id_token"] == nil)
        }
    }

    /// The relay's userinfo with `authorization` as the header (nil: none).
    static func userinfo(_ relay: RelayHarness, _ authorization: String?, post: Bool = false) async throws -> TransportResponse {
        let headers = authorization.map { [(name: "Authorization", value: $0)] } ?? []
        return post
            ? try await relay.post("/oauth/userinfo", form: [], headers: headers)
            : try await relay.get("/oauth/userinfo", headers: headers)
    }

    @Test("userinfo answers a token the relay handed out with sub and battle_tag, by GET and POST, never cached")
    func answersOwnTokens() async throws {
        try await withRelay { relay in
            let (_, poll) = try await ProviderIDTokenTests.signIn(relay, scope: "openid d3.profile")
            let token = try #require(poll.json["access_token"] as? String)
            let claims = try await AuthorizationCodeTests.verifiedClaims(try #require(poll.json["id_token"] as? String), relay)
            for post in [false, true] {
                let info = try await Self.userinfo(relay, "Bearer \(token)", post: post)
                #expect(info.status == 200, "\(info.text)")
                #expect(info.header("Cache-Control") == "no-store")
                #expect(info.json["sub"] as? String == claims["sub"] as? String, "the id_token's subject")
                #expect(info.json["battle_tag"] as? String == "FaYe#2543")
            }
            let discovery = try await relay.get("/.well-known/openid-configuration")
            #expect(discovery.json["userinfo_endpoint"] as? String == publicBase + "/oauth/userinfo")
        }
    }

    @Test("userinfo refuses a made-up, revoked or missing token with 401 and a Bearer challenge, asking Battle.net nothing")
    func refusesOthers() async throws {
        try await withRelay { relay in
            let (_, poll) = try await ProviderIDTokenTests.signIn(relay, scope: "openid d3.profile")
            let token = try #require(poll.json["access_token"] as? String)
            #expect(try await relay.post("/oauth/revoke", form: [("token", token), ("client_id", "d3")]).status == 200)
            let before = await relay.emulator.state.count("userinfo")
            for header in ["Bearer \(token)", "Bearer made-up-\(Identifiers.state())", "bearer  ", "Basic ZDM6", nil] {
                let refused = try await Self.userinfo(relay, header)
                #expect(refused.status == 401, "\(header ?? "none"): \(refused.text)")
                #expect(refused.header("WWW-Authenticate")?.hasPrefix("Bearer ") == true)
                #expect(refused.header("Cache-Control") == "no-store")
                let error = refused.json["error"] as? String
                #expect(error == (header?.hasPrefix("Bearer m") == true || header == "Bearer \(token)" ? "invalid_token" : "invalid_request"))
                #expect((refused.json["error_description"] as? String)?.isEmpty == false)
            }
            #expect(await relay.emulator.state.count("userinfo") == before, "no call for a token that is not the relay's")
        }
    }
}
