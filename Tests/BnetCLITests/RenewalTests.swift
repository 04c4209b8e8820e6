import BattleNet
import BnetKit
import Foundation
import TestSupport
import Testing

/// A command whose sign-in has expired renews it as the renew setting says, on a terminal (``PseudoTerminal``),
/// with `$BROWSER` played by ``ScriptedBrowser``, against the real `bnet-relay` in sandbox mode.
@Suite("Renewing an expired sign-in", .timeLimit(.minutes(2)))
struct RenewalTests {
    /// An expired sign-in at `relay` that came back `route`.
    private func expired(_ sandbox: Sandbox, relay: URL, route: SignInRoute?) throws {
        let token = AccessToken(
            value: "expired-token", expiresAt: Date(timeIntervalSinceNow: -60), scopes: ["openid", "d3.profile"],
            battleTag: try BattleTag(parsing: "FaYe#2543"))
        try sandbox.store.save(StoredCredential(
            region: .us, regions: [.us, .eu, .kr, .tw], relay: relay.absoluteString, token: token, route: route))
    }

    @Test("auto after a browser sign-in: one line, no question, the browser opened; the command then answers")
    func auto() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                try expired(sandbox, relay: relay, route: .browser)
                let browser = try ScriptedBrowser(directory: sandbox.home.appending(path: "browser"))
                let playing = Task { await browser.run() }
                defer { playing.cancel() }
                let terminal = try PseudoTerminal(
                    ["profile", "--api-url", emulator.absoluteString],
                    environment: sandbox.environment(["BROWSER": browser.command]))
                #expect(try await terminal.waitForExit() == 0, "\(terminal.text)")
                #expect(terminal.text.contains("The sign-in for region us has expired; renewing it through the browser..."))
                #expect(!terminal.text.contains("Sign in now"))
                #expect(terminal.text.contains("Heroes ("))
                #expect(browser.opened.count == 1)
                #expect(try sandbox.store.load(region: .us)?.token.value != "expired-token")
            }
        }
    }

    @Test("never, a sign-in that came back with the code, and --no-prompt: asked first, asked first, exit 3", arguments: [
        (["D3_RENEW": "never"], SignInRoute.browser, [String](), true),
        ([:], .code, [], true),
        ([:], .browser, ["--no-prompt"], false),
    ] as [([String: String], SignInRoute, [String], Bool)])
    func asksOrFails(environment: [String: String], route: SignInRoute, flags: [String], asks: Bool) async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                try expired(sandbox, relay: relay, route: route)
                let browser = try ScriptedBrowser(directory: sandbox.home.appending(path: "browser"))
                let terminal = try PseudoTerminal(
                    ["profile", "--api-url", emulator.absoluteString] + flags,
                    environment: sandbox.environment(environment.merging(["BROWSER": browser.command]) { $1 }))
                if asks {
                    _ = try await terminal.await(/(Sign in now and carry on\?) \[Y\/n\]/)
                    terminal.type("n\n")
                }
                #expect(try await terminal.waitForExit() == 3, "\(terminal.text)")
                #expect(!terminal.text.contains("renewing it through the browser"))
                #expect(browser.opened.isEmpty)
            }
        }
    }
}
