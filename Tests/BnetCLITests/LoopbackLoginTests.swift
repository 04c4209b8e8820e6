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
    /// Runs `bnet-relay serve` against an emulator started here, and passes `body` the relay's URL and the emulator.
    private func withRelay(_ sandbox: Sandbox, _ body: (URL, RunningEmulator) async throws -> Void) async throws {
        let port = try freePort()
        let relayURL = "http://127.0.0.1:\(port)"
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
                ],
                environment: sandbox.environment(["BNET_CLIENT_ID": credentials.id, "BNET_CLIENT_SECRET": credentials.secret]),
                directory: sandbox.home, transport: AsyncHTTPClientTransport.testing)
            do {
                try await body(relay.baseURL, emulator)
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

    @Test("login completes through the browser with no code and one relay page, its consent; an expired profile then renews with one click, one authorize and one token call")
    func loginAndRenewal() async throws {
        try await withSandbox { sandbox in
            try await withRelay(sandbox) { relay, emulator in
                let browser = try ScriptedBrowser(directory: sandbox.home.appending(path: "browser"))
                let playing = Task { await browser.run() }
                defer { playing.cancel() }
                let login = try await self.login(sandbox, relay: relay, browser: browser)
                #expect(login.exitStatus == 0, "\(login.text)")
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
            }
        }
    }
}
