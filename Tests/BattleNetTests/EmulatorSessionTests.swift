import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// Battle.net remembers a browser that signed in and approved a client's scopes; so does the emulator.
@Suite("Emulator: remembered sign-in and consent", .timeLimit(.minutes(1)))
struct EmulatorSessionTests {
    /// Opens `authorize` in the browser holding `cookies`; approves on the consent page when one is shown.
    /// Returns the redirect back to the client and whether the page was shown.
    private func signIn(
        _ emulator: RunningEmulator, _ cookies: CookieJar, scopes: [String], approve: Bool = true
    ) async throws -> (callback: URL, pageShown: Bool) {
        let authorize = emulator.oauthClient().authorizeURL(redirectURI: testRedirectURI, scopes: scopes, state: "s")
        let first = try await cookies.send(TransportRequest(url: authorize), using: emulator.transport)
        if first.status == 302 {
            return (try #require(first.header("Location").flatMap(URL.init(string:))), false)
        }
        let html = String(decoding: first.body, as: UTF8.self)
        let consent = try #require(html.firstMatch(of: /name="consent" value="([^"]+)"/)?.1)
        let decided = try await cookies.send(
            TransportRequest(
                method: "POST", url: emulator.baseURL.appending(path: "authorize/decision"),
                headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: Data(FormEncoding.encode([("consent", String(consent)), ("decision", approve ? "approve" : "deny")]).utf8)),
            using: emulator.transport)
        #expect(decided.status == 302)
        return (try #require(decided.header("Location").flatMap(URL.init(string:))), true)
    }

    @Test("After approving once, the same browser's next authorize for the client and scopes redirects at once with a code")
    func remembered() async throws {
        try await withEmulator { emulator in
            let cookies = CookieJar()
            let first = try await signIn(emulator, cookies, scopes: ["openid", "d3.profile"])
            #expect(first.pageShown)
            #expect(cookies.names == ["bnet_emulator_session"])
            let again = try await signIn(emulator, cookies, scopes: ["openid", "d3.profile"])
            #expect(!again.pageShown)
            #expect(again.callback.queryValue("state") == "s")
            let code = try #require(again.callback.queryValue("code"))
            let token = try await emulator.oauthClient().exchangeCode(code, redirectURI: testRedirectURI)
            #expect(token.scopes == ["openid", "d3.profile"])
            // Fewer scopes than approved are covered too.
            #expect(try await !signIn(emulator, cookies, scopes: ["openid"]).pageShown)
            #expect(await emulator.state.count("authorize.remembered") == 2)
        }
    }

    @Test("A new scope, another browser, a denial or a scope the player unticked still shows the consent page")
    func notRemembered() async throws {
        try await withEmulator { emulator in
            let cookies = CookieJar()
            _ = try await signIn(emulator, cookies, scopes: ["openid"])
            #expect(try await signIn(emulator, cookies, scopes: ["openid", "wow.profile"], approve: false).pageShown)
            #expect(try await signIn(emulator, cookies, scopes: ["openid", "wow.profile"]).pageShown)
            #expect(try await signIn(emulator, CookieJar(), scopes: ["openid"]).pageShown)
            #expect(try await !signIn(emulator, cookies, scopes: ["openid", "wow.profile"]).pageShown)
        }
    }

    @Test("The consent page says who is signed in and links to /logout, which forgets this browser only")
    func logout() async throws {
        try await withEmulator { emulator in
            let (one, two) = (CookieJar(), CookieJar())
            _ = try await signIn(emulator, one, scopes: ["openid"])
            _ = try await signIn(emulator, two, scopes: ["openid"])
            let page = try await one.send(
                TransportRequest(url: emulator.oauthClient().authorizeURL(
                    redirectURI: testRedirectURI, scopes: ["sc2.profile"], state: "s")),
                using: emulator.transport)
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains("Signed in as <strong>FaYe#2543</strong>"))
            #expect(html.contains(#"href="/logout""#))
            let out = try await one.send(TransportRequest(url: emulator.baseURL.appending(path: "logout")), using: emulator.transport)
            #expect(out.status == 200)
            #expect(one.names.isEmpty)
            #expect(try await signIn(emulator, one, scopes: ["openid"]).pageShown)
            #expect(try await !signIn(emulator, two, scopes: ["openid"]).pageShown)
        }
    }

    @Test("A test makes the emulator forget every browser: in process, and over HTTP when control endpoints are on")
    func forget() async throws {
        try await withEmulator { emulator in
            let cookies = CookieJar()
            _ = try await signIn(emulator, cookies, scopes: ["openid"])
            #expect(await emulator.state.rememberedSessionCount == 1)
            await emulator.state.forgetSessions()
            #expect(try await signIn(emulator, cookies, scopes: ["openid"]).pageShown)
        }
        let configuration = EmulatorConfiguration(
            clients: [EmulatorClient(credentials: testCredentials, name: "Relay Test", redirectURIs: [testRedirectURI])],
            controlEndpoints: true)
        do {
            let emulator = RunningEmulator.inProcess(configuration: configuration)
            let cookies = CookieJar()
            _ = try await signIn(emulator, cookies, scopes: ["openid"])
            let forgotten = try await emulator.transport.send(
                TransportRequest(method: "DELETE", url: emulator.baseURL.appending(path: "emulator/sessions")))
            #expect(forgotten.status == 204)
            #expect(await emulator.state.rememberedSessionCount == 0)
            #expect(try await signIn(emulator, cookies, scopes: ["openid"]).pageShown)
        }
    }
}
