import BattleNet
import BnetKit
import Foundation
import TestSupport
import Testing

/// `d3 login` with a browser it can open (`$BROWSER`, played by ``ScriptedBrowser``), against the real `bnet-relay`
/// in sandbox mode.
@Suite("d3 login with a browser", .timeLimit(.minutes(2)))
struct BrowserLoginTests {
    @Test("With --qr d3 signs in with the code even where the browser could come back: $BROWSER opens the code's page without the code")
    func codeWithQR() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, _ in
                let browser = try ScriptedBrowser(directory: sandbox.home.appending(path: "browser"))
                let playing = Task { await browser.run() }
                defer { playing.cancel() }
                let login = try Background(
                    "d3", ["login", "--relay", relay.absoluteString, "--qr"],
                    environment: sandbox.environment(["BROWSER": browser.command]), directory: sandbox.home)
                try await actAsPerson(link: try await login.await(/Or open (\S+)/), approve: true)
                #expect(try await login.waitForExit() == 0, "\(login.text)")
                #expect(login.text.contains("enter the code"))
                #expect(login.text.contains("Opening your browser at the sign-in page"))
                #expect(login.text.contains("Signed in as FaYe#2543"))
                // The code is typed there, never passed in argv, which every local user can read (R5-5).
                #expect(browser.opened.map(\.absoluteString) == [relay.absoluteString + "/device"])
                #expect(try sandbox.store.load(region: .us)?.route == .code)
            }
        }
    }

    @Test("--no-browser and a machine without a display (no $BROWSER, no DISPLAY) never start the browser")
    func noBrowser() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, _ in
                let browser = try ScriptedBrowser(directory: sandbox.home.appending(path: "browser"))
                let login = try Background(
                    "d3", ["login", "--relay", relay.absoluteString, "--no-browser"],
                    environment: sandbox.environment(["BROWSER": browser.command]), directory: sandbox.home)
                try await actAsPerson(link: try await login.await(/Or open (\S+)/), approve: true)
                #expect(try await login.waitForExit() == 0, "\(login.text)")
                #expect(browser.opened.isEmpty)
                #expect(!login.text.contains("Opening your browser"))
            }
        }
    }
}
