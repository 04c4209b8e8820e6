import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import BnetKit
import Foundation
import TestSupport
import Testing

/// `d3 login` and renewal through the browser on this machine, end to end: the real `bnet-relay` signing players in
/// at an emulator of the test's own (whose counters the test reads), `$BROWSER` played by ``ScriptedBrowser`` with
/// its cookies kept, and `d3` on a terminal for the renewal.
@Suite("Same-device sign-in and renewal, end to end", .timeLimit(.minutes(2)))
struct LoopbackLoginTests {
    /// Runs `bnet-relay serve` against an emulator started here, and passes `body` the relay's URL and the emulator;
    /// with `older`, the URL of an ``OlderRelayProxy`` in front of it (a relay without an authorization endpoint).
    private func withRelay(
        _ sandbox: Sandbox, older: Bool = false, _ body: (URL, RunningEmulator) async throws -> Void
    ) async throws {
        let port = try freePort()
        let proxy = older ? try OlderRelayProxy(target: port) : nil
        defer { proxy?.stop() }
        let relayURL = proxy?.url ?? "http://127.0.0.1:\(port)"
        let credentials = ClientCredentials(id: "loopback-relay", secret: "loopback-s3cr3t-0123456789")
        // Outside sandbox mode the relay needs a seal key of its own: made as an operator makes it.
        let key = sandbox.home.appending(path: "relay.key").path
        let keygen = try await ChildProcess.run(
            BuiltExecutable.url("bnet-relay"), ["keygen", "--output", key], environment: sandbox.environment())
        #expect(keygen.status == 0, "\(keygen.stderr)")
        let emulator = try await BattleNetEmulator.start(configuration: EmulatorConfiguration(clients: [
            EmulatorClient(credentials: credentials, name: "d3", redirectURIs: ["\(relayURL)/redirect/d3"])
        ]))
        do {
            let relay = try await RunningRelay(
                binary: BuiltExecutable.url("bnet-relay"), port: port,
                arguments: [
                    "--ops-port", "\(try freePort())", "--database", sandbox.home.appending(path: "relay.sqlite").path,
                    "--log-level", "warning", "--seal-key-file", key,
                    "--authorize-url", emulator.endpoints.authorizeURL.absoluteString,
                    "--token-url", emulator.endpoints.tokenURL.absoluteString,
                    "--userinfo-url", emulator.endpoints.userinfoURL.absoluteString,
                ] + (older ? ["--public-url", relayURL] : []),
                environment: sandbox.environment(["BNET_CLIENT_ID": credentials.id, "BNET_CLIENT_SECRET": credentials.secret]),
                directory: sandbox.home, transport: AsyncHTTPClientTransport.testing)
            do {
                try await body(try #require(URL(string: relayURL)), emulator)
                await relay.stop()
            } catch {
                await relay.stop()
                throw error
            }
            await emulator.stop()
        } catch {
            await emulator.stop()
            throw error
        }
    }

    /// Makes the stored sign-in expired, keeping everything else.
    private func expire(_ sandbox: Sandbox) throws {
        var stored = try #require(try sandbox.store.load(region: .us))
        stored.token.expiresAt = Date(timeIntervalSinceNow: -60)
        try sandbox.store.save(stored)
    }

    private func login(_ sandbox: Sandbox, relay: URL, browser: ScriptedBrowser) async throws -> Background {
        let login = try Background(
            "d3", ["login", "--relay", relay.absoluteString],
            environment: sandbox.environment(["BROWSER": browser.command]), directory: sandbox.home)
        _ = try await login.waitForExit()
        return login
    }

    /// The query items of `url`, by name.
    private func query(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test("login completes through the relay's authorization endpoint with no code and one relay page, its consent; an expired profile then renews with one click, one authorize and one token call")
    func loginAndRenewal() async throws {
        try await withSandbox { sandbox in
            try await withRelay(sandbox) { relay, emulator in
                let browser = try ScriptedBrowser(directory: sandbox.home.appending(path: "browser"))
                let playing = Task { await browser.run() }
                defer { playing.cancel() }
                let login = try await self.login(sandbox, relay: relay, browser: browser)
                #expect(login.exitStatus == 0, "\(login.text)")
                // The standard request (RFC 6749 4.1, PKCE S256, a loopback return at /callback); no user code in argv.
                let opened = try #require(browser.opened.first)
                #expect(opened.absoluteString.hasPrefix("\(relay.absoluteString)/oauth/authorize?"), "\(opened)")
                let asked = query(opened)
                #expect(asked["response_type"] == "code" && asked["client_id"] == "d3")
                #expect(asked["code_challenge_method"] == "S256" && asked["code_challenge"]?.count == 43)
                #expect(asked["redirect_uri"]?.firstMatch(of: /^http:\/\/127\.0\.0\.1:[0-9]+\/callback$/) != nil, "\(asked)")
                #expect((asked["state"]?.count ?? 0) >= 32)
                #expect(!opened.absoluteString.contains("user_code"))
                #expect(login.text.contains("Opening your browser to sign in at Battle.net"))
                #expect(!login.text.contains("enter the code"))
                #expect(login.text.contains("Signed in as FaYe#2543"))
                #expect(try sandbox.store.load(region: .us)?.route == .browser)
                // No confirm page before Battle.net; after it, the relay's consent page (R5-1), which the person passes
                // with one click.
                #expect(browser.visits.filter { $0.html?.contains(#"value="not_me""#) == true }.count == 1, "one consent page")
                // d3 may end before the browser has noted the listener's page.
                try await waitUntil("the browser's return to d3") { browser.visits.last?.url.port != relay.port }
                let back = try #require(browser.visits.last)
                #expect(back.url.host == "127.0.0.1" && back.url.port != relay.port && back.status == 200)
                #expect(back.html?.contains("The terminal has it") == true)

                try expire(sandbox)
                let authorize = await emulator.state.count("authorize")
                let token = await emulator.state.count("token.authorization_code")
                let terminal = try PseudoTerminal(
                    ["profile", "--api-url", emulator.baseURL.absoluteString],
                    environment: sandbox.environment(["BROWSER": browser.command]))
                #expect(try await terminal.waitForExit() == 0, "\(terminal.text)")
                #expect(terminal.text.contains("renewing it through the browser..."))
                #expect(!terminal.text.contains("Sign in now") && !terminal.text.contains("enter the code"))
                #expect(terminal.text.contains("Heroes ("))
                #expect(await emulator.state.count("authorize") == authorize + 1)
                #expect(await emulator.state.count("token.authorization_code") == token + 1)
                #expect(await emulator.state.count("authorize.remembered") == 1)
            }
        }
    }

    @Test("Without the remembered session the browser stops at Battle.net's page; after the bound shown, d3 falls back to the code")
    func fallbackWithoutRememberedSession() async throws {
        try await withSandbox { sandbox in
            try await withRelay(sandbox) { relay, emulator in
                let browser = try ScriptedBrowser(directory: sandbox.home.appending(path: "browser"))
                let playing = Task { await browser.run() }
                defer { playing.cancel() }
                #expect(try await login(sandbox, relay: relay, browser: browser).exitStatus == 0)
                try expire(sandbox)
                await emulator.state.forgetSessions()
                browser.clicks = .nothing
                let terminal = try PseudoTerminal(
                    ["profile", "--api-url", emulator.baseURL.absoluteString],
                    environment: sandbox.environment(["BROWSER": browser.command, "D3_BROWSER_WAIT": "10"]))
                _ = try await terminal.await(/(did not come back within 10 s); sign in with the code instead/, timeout: .seconds(30))
                try await actAsPerson(link: try await terminal.await(/Or open (\S+)/), approve: true)
                #expect(try await terminal.waitForExit() == 0, "\(terminal.text)")
                #expect(terminal.text.contains("Heroes ("))
                #expect(try sandbox.store.load(region: .us)?.route == .code)
                // The code's page was opened without the code: argv is readable by every local user (R5-5).
                #expect(browser.opened.last?.absoluteString == "\(relay.absoluteString)/device")
                #expect(!browser.opened.contains { $0.absoluteString.contains("user_code") })
            }
        }
    }

    @Test("“This wasn't me” on the relay's consent page ends the login at once with exit 6 and saves nothing")
    func notMe() async throws {
        try await withSandbox { sandbox in
            try await withRelay(sandbox) { relay, emulator in
                let browser = try ScriptedBrowser(directory: sandbox.home.appending(path: "browser"), clicks: .notMe)
                let playing = Task { await browser.run() }
                defer { playing.cancel() }
                let login = try await self.login(sandbox, relay: relay, browser: browser)
                #expect(login.exitStatus == 6, "\(login.text)")
                #expect(login.text.contains("The sign-in was declined in the browser"), "\(login.text)")
                #expect(!login.text.contains("enter the code"), "no fallback to the code")
                #expect(try sandbox.store.load(region: .us) == nil)
                try await waitUntil("the browser's return to d3") { browser.visits.last?.url.path == "/callback" }
                #expect(browser.visits.last?.html?.contains("Sign-in not completed") == true)
                #expect(await emulator.state.count("revoke") == 1, "the relay revoked the token it held")
            }
        }
    }

    @Test("Returns with another state or another issuer are refused (HTTP 400) and never redeemed; the real one then signs in")
    func forgedReturns() async throws {
        try await withSandbox { sandbox in
            try await withRelay(sandbox) { relay, _ in
                let browser = try ScriptedBrowser(directory: sandbox.home.appending(path: "browser"))
                let login = try Background(
                    "d3", ["login", "--relay", relay.absoluteString],
                    environment: sandbox.environment(["BROWSER": browser.command]), directory: sandbox.home)
                try await waitUntil("d3 opens the browser") { !browser.opened.isEmpty }
                let asked = query(try #require(browser.opened.first))
                let redirect = try #require(asked["redirect_uri"]), state = try #require(asked["state"])
                let transport = AsyncHTTPClientTransport.testing
                let metadata = try await transport.send(TransportRequest(
                    url: relay.appending(path: ".well-known/oauth-authorization-server")))
                let issuer = try #require(
                    (try JSONSerialization.jsonObject(with: metadata.body) as? [String: Any])?["issuer"] as? String)
                for (forgedState, forgedIssuer) in [("x" + state.dropFirst(), issuer), (state, "http://127.0.0.1:9")] {
                    let forged = try await transport.send(TransportRequest(url: try #require(URL(string: redirect + "?"
                        + FormEncoding.encode([("code", "forged"), ("state", forgedState), ("iss", forgedIssuer)])))))
                    #expect(forged.status == 400)
                    #expect(String(decoding: forged.body, as: UTF8.self).contains("Not this sign-in"))
                }
                let playing = Task { await browser.run() }
                defer { playing.cancel() }
                _ = try await login.waitForExit()
                #expect(login.exitStatus == 0, "\(login.text)")
                #expect(login.text.contains("refused 2 returns"), "\(login.text)")
                #expect(try sandbox.store.load(region: .us)?.route == .browser)
            }
        }
    }

    @Test("At a relay without an authorization endpoint (an older release) login falls back to the code")
    func olderRelay() async throws {
        try await withSandbox { sandbox in
            try await withRelay(sandbox, older: true) { relay, _ in
                let browser = try ScriptedBrowser(directory: sandbox.home.appending(path: "browser"), clicks: .nothing)
                let playing = Task { await browser.run() }
                defer { playing.cancel() }
                let login = try Background(
                    "d3", ["login", "--relay", relay.absoluteString],
                    environment: sandbox.environment(["BROWSER": browser.command]), directory: sandbox.home)
                try await actAsPerson(link: try await login.await(/Or open (\S+)/), approve: true)
                _ = try await login.waitForExit()
                #expect(login.exitStatus == 0, "\(login.text)")
                #expect(login.text.contains("enter the code") && !login.text.contains("to sign in at Battle.net"))
                #expect(browser.opened.map(\.absoluteString) == ["\(relay.absoluteString)/device"])
                #expect(try sandbox.store.load(region: .us)?.route == .code)
            }
        }
    }
}
