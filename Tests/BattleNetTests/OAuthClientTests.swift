import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

@Suite("OAuth client against the emulator", .timeLimit(.minutes(2)))
struct OAuthClientTests {
    @Test("The authorize URL carries response_type, client, redirect URI, scopes, state and the PKCE challenge")
    func authorizeURL() throws {
        let client = OAuthClient(
            credentials: testCredentials, endpoints: BattleNetEndpoints(region: .eu), transport: httpTransport)
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        let url = client.authorizeURL(
            redirectURI: testRedirectURI, scopes: ["openid", "d3.profile"], state: "st&te", pkce: pkce)
        #expect(url.absoluteString.hasPrefix("https://oauth.battle.net/authorize?response_type=code&"))
        #expect(url.queryValue("client_id") == testCredentials.id)
        #expect(url.queryValue("redirect_uri") == testRedirectURI)
        #expect(url.queryValue("scope") == "openid d3.profile")
        #expect(url.queryValue("state") == "st&te")
        #expect(url.queryValue("code_challenge") == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(url.queryValue("code_challenge_method") == "S256")
    }

    @Test("A person approves, the code is exchanged, and userinfo names the player")
    func authorizationCodeFlow() async throws {
        try await withEmulator { emulator in
            let client = emulator.oauthClient()
            let pkce = PKCE.generate()
            let authorize = client.authorizeURL(
                redirectURI: testRedirectURI, scopes: ["openid", "d3.profile"], state: "state-1", pkce: pkce)
            let callback = try await PlayerBrowser(transport: emulator.transport).decide(authorize, battleTag: "FaYe#2543")
            #expect(callback.absoluteString.hasPrefix(testRedirectURI + "?"))
            #expect(callback.queryValue("state") == "state-1")
            let code = try #require(callback.queryValue("code"))

            let before = Date()
            let token = try await client.exchangeCode(code, redirectURI: testRedirectURI, pkce: pkce)
            #expect(token.tokenType == "bearer")
            #expect(token.scopes == ["openid", "d3.profile"])
            #expect(token.expiresAt > before.addingTimeInterval(86_000))
            #expect(!token.isExpired())
            #expect(token.isExpired(leeway: .seconds(90_000)))

            let user = try await client.userInfo(accessToken: token.value)
            #expect(user.battletag == "FaYe#2543")
            #expect(user.id == 100_000_001)
            #expect(user.sub == "100000001")

            let info = try await client.checkToken(token.value)
            #expect(info.clientID == testCredentials.id)
            #expect(info.userName == "FaYe#2543")
            #expect(info.scopes == ["openid", "d3.profile"])
        }
    }

    @Test("The consent page names the client and scopes, says it is not Blizzard, and can be clicked through")
    func consentPage() async throws {
        try await withEmulator { emulator in
            let client = emulator.oauthClient()
            let authorize = client.authorizeURL(redirectURI: testRedirectURI, scopes: ["d3.profile"], state: "s")
            let page = try await emulator.transport.send(TransportRequest(url: authorize))
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(page.status == 200)
            #expect(html.contains("Relay Test"))
            #expect(html.contains("d3.profile"))
            #expect(html.contains("not Blizzard"))
            let consent = try #require(html.firstMatch(of: /name="consent" value="([^"]+)"/)?.1)

            let decision = try await emulator.transport.send(TransportRequest(
                method: "POST", url: emulator.baseURL.appending(path: "authorize/decision"),
                headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: Data("consent=\(consent)&decision=deny&account=100000001".utf8)))
            let location = try #require(decision.header("Location").flatMap(URL.init(string:)))
            #expect(location.queryValue("error") == "access_denied")
            #expect(location.queryValue("state") == "s")

            let replay = try await emulator.transport.send(TransportRequest(
                method: "POST", url: emulator.baseURL.appending(path: "authorize/decision"),
                headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: Data("consent=\(consent)&decision=approve".utf8)))
            #expect(replay.status == 400)
        }
    }

    @Test("A code works once; a replay, another redirect URI or a wrong secret are refused")
    func codeRules() async throws {
        try await withEmulator { emulator in
            let client = emulator.oauthClient()
            let authorize = client.authorizeURL(redirectURI: testRedirectURI, scopes: [], state: "x")
            let code = try #require(try await PlayerBrowser(transport: emulator.transport).decide(authorize).queryValue("code"))

            let wrongSecret = emulator.oauthClient(credentials: ClientCredentials(id: testCredentials.id, secret: "nope"))
            await #expect(throws: BattleNetError.oauth(OAuthError(
                error: "invalid_client", errorDescription: "Bad client credentials", status: 401))) {
                try await wrongSecret.exchangeCode(code, redirectURI: testRedirectURI)
            }
            await #expect(throws: BattleNetError.oauth(OAuthError(
                error: "invalid_grant", errorDescription: "Redirect URI mismatch.", status: 400))) {
                try await client.exchangeCode(code, redirectURI: testRedirectURI + "/other")
            }
            _ = try await client.exchangeCode(code, redirectURI: testRedirectURI)
            do {
                _ = try await client.exchangeCode(code, redirectURI: testRedirectURI)
                Issue.record("a replayed code was accepted")
            } catch BattleNetError.oauth(let error) {
                #expect(error.error == "invalid_grant")
                #expect(error.status == 400)
                #expect(error.description.contains("already used"))
            }
        }
    }

    @Test("An expired code is refused with invalid_grant")
    func expiredCode() async throws {
        try await withEmulator(codeLifetime: .milliseconds(50)) { emulator in
            let client = emulator.oauthClient()
            let code = try #require(
                try await PlayerBrowser(transport: emulator.transport).decide(client.authorizeURL(redirectURI: testRedirectURI, scopes: [], state: "x"))
                    .queryValue("code"))
            try await Task.sleep(for: .milliseconds(120))
            await #expect(throws: BattleNetError.oauth(OAuthError(
                error: "invalid_grant", errorDescription: "Authorization code expired", status: 400))) {
                try await client.exchangeCode(code, redirectURI: testRedirectURI)
            }
        }
    }

    @Test("Client credentials give an application token that userinfo refuses and check_token describes")
    func clientCredentials() async throws {
        try await withEmulator { emulator in
            let client = emulator.oauthClient()
            let token = try await client.clientCredentialsToken()
            #expect(token.battleTag == nil)
            let info = try await client.checkToken(token.value)
            #expect(info.userName == nil)
            await #expect(throws: BattleNetError.forbidden("the userinfo endpoint")) {
                try await client.userInfo(accessToken: token.value)
            }
            await #expect(throws: BattleNetError.invalidToken) {
                try await client.userInfo(accessToken: "not-a-token")
            }
            do {
                _ = try await client.checkToken("not-a-token")
                Issue.record("an unknown token was accepted")
            } catch BattleNetError.oauth(let error) {
                #expect(error.error == "invalid_token")
            }
        }
    }

    @Test("A token endpoint fault becomes a distinct error")
    func tokenFaults() async throws {
        try await withEmulator { emulator in
            // An ordinary timeout for the answered faults: on a loaded machine a prompt answer can take over a second.
            let client = emulator.oauthClient()
            await emulator.state.inject(EmulatorFault(pathPrefix: "/token", kind: .status(500), count: 1))
            await #expect(throws: BattleNetError.serverError(status: 500)) { try await client.clientCredentialsToken() }
            await emulator.state.inject(EmulatorFault(pathPrefix: "/token", kind: .malformedJSON, count: 1))
            await #expect(throws: BattleNetError.malformedResponse("TokenResponse could not be decoded (HTTP 200)")) {
                try await client.clientCredentialsToken()
            }
            await emulator.state.inject(EmulatorFault(pathPrefix: "/token", kind: .latency(milliseconds: 6_000), count: 1))
            await #expect(throws: BattleNetError.timeout) {
                try await emulator.oauthClient(timeout: .seconds(2)).clientCredentialsToken()
            }
            // The faults are used up: a client with an ordinary timeout is served again.
            _ = try await emulator.oauthClient().clientCredentialsToken()
        }
    }
}
