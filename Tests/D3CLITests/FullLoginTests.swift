import BattleNet
import BattleNetHTTPClient
import D3Kit
import Foundation
import TestSupport
import Testing

/// `d3 login` against the real `bnet-relay` binary in sandbox mode (the README's quick start), with the test
/// playing the person in the browser.
@Suite("d3 login through a sandbox relay", .timeLimit(.minutes(5)))
struct FullLoginTests {
    let transport = AsyncHTTPClientTransport.shared

    @Test("A person approves; d3 prints who signed in, stores the token, and uses it")
    func approve() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                let login = try Background(
                    "d3", ["login", "--relay", relay.absoluteString, "--no-browser"], environment: sandbox.environment(),
                    directory: sandbox.home)
                let link = try await login.await(/Or open (\S+)/)
                let code = try await login.await(/\n\s+([B-Z]{4}-[B-Z]{4})\s*\n/)
                #expect(link.hasSuffix("user_code=\(code)"))
                try await actAsPerson(link: link, approve: true)
                let status = try await login.waitForExit()
                #expect(status == 0, "\(login.text)")
                #expect(login.text.contains("Signed in as FaYe#2543 (us), token valid until"))

                let whoami = try await sandbox.d3("whoami")
                #expect(whoami.status == 0)
                #expect(whoami.stdout.contains("FaYe#2543"))
                let token = try await sandbox.d3("token")
                #expect(token.status == 0)
                #expect(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines).count >= 20)
                #expect(!login.text.contains(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))

                let profile = try await sandbox.d3("profile", "--api-url", emulator.absoluteString)
                #expect(profile.status == 0, "\(profile.stderr)")
                #expect(profile.stdout.contains("FaYe#2543"))
            }
        }
    }

    @Test("d3 login --region eu through a relay of region us signs in for eu, and profile --region eu uses it")
    func otherRegionOfTheSharedHost() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                let login = try Background(
                    "d3", ["login", "--region", "eu", "--relay", relay.absoluteString, "--no-browser"],
                    environment: sandbox.environment(), directory: sandbox.home)
                try await actAsPerson(link: try await login.await(/Or open (\S+)/), approve: true)
                #expect(try await login.waitForExit() == 0, "\(login.text)")
                #expect(login.text.contains("Signed in as FaYe#2543 (eu), token valid until"))
                #expect(login.text.contains("it also works for regions us, kr, tw"))

                let stored = try #require(try sandbox.store.load(region: .eu))
                #expect(stored.region == .eu)
                #expect(stored.regions == [.us, .eu, .kr, .tw])
                #expect(try sandbox.store.load(region: .us) == nil)
                let whoami = try await sandbox.d3("whoami", "--region", "eu")
                #expect(whoami.stdout.contains("Works for  us, eu, kr, tw"))

                let profile = try await sandbox.d3("profile", "--region", "eu", "--api-url", emulator.absoluteString)
                #expect(profile.status == 0, "\(profile.stderr)")
                #expect(profile.stdout.contains("FaYe#2543"))
                #expect(try await sandbox.d3("whoami").status == 3)
            }
        }
    }

    @Test("d3 login --region cn through a relay of region us is refused before any sign-in, saying why")
    func regionTheRelayCannotServe() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, _ in
                let login = try await sandbox.d3("login", "--region", "cn", "--relay", relay.absoluteString, "--no-browser")
                #expect(login.status == 1, "\(login.stderr)")
                #expect(login.stderr.contains("signs in players of regions us, eu, kr, tw"))
                #expect(login.stderr.contains("do not work for region cn"))
                #expect(login.stderr.contains("refuses clients registered on Blizzard's developer portal"))
                #expect(login.stderr.contains("NetEase"))
                #expect(!login.stdout.contains("enter the code"))
                #expect(try sandbox.store.load(region: .cn) == nil)
            }
        }
    }

    @Test("A person declines; d3 says so and exits 6")
    func deny() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, _ in
                let login = try Background(
                    "d3", ["login", "--relay", relay.absoluteString, "--no-browser"], environment: sandbox.environment(),
                    directory: sandbox.home)
                try await actAsPerson(link: try await login.await(/Or open (\S+)/), approve: false)
                #expect(try await login.waitForExit() == 6, "\(login.text)")
                #expect(login.text.lowercased().contains("declined") || login.text.lowercased().contains("denied"))
                #expect(try await sandbox.d3("whoami").status == 3)
            }
        }
    }

    @Test("Ctrl-C while waiting cancels cleanly with exit 130 and one line")
    func interrupt() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, _ in
                let login = try Background(
                    "d3", ["login", "--relay", relay.absoluteString, "--no-browser"], environment: sandbox.environment(),
                    directory: sandbox.home)
                _ = try await login.await(/Or open (\S+)/)
                try await Task.sleep(for: .milliseconds(300))
                let clock = ContinuousClock()
                let interrupted = clock.now
                kill(login.process.processIdentifier, SIGINT)
                #expect(try await login.waitForExit() == 130)
                #expect(clock.now - interrupted < .seconds(2))
                #expect(login.text.contains("Sign-in cancelled."))
                #expect(try await sandbox.d3("whoami").status == 3)
            }
        }
    }

    /// Opens the verification link, clicks Continue, and decides at the emulator, as a browser would.
    private func actAsPerson(link: String, approve: Bool) async throws {
        let browser = CookieJar()
        let page = try await browser.send(TransportRequest(url: try #require(URL(string: link))))
        #expect(page.status == 200)
        let html = String(decoding: page.body, as: UTF8.self)
        let nonce = try #require(html.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1)
        let userCode = try #require(html.firstMatch(of: /name="user_code" value="([^"]+)"/)?.1)
        let device = try #require(URL(string: link)).deletingLastPathComponent().appending(path: "device")
        let confirmed = try await browser.send(TransportRequest(
            method: "POST", url: device, headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(FormEncoding.encode([("user_code", String(userCode)), ("confirm", String(nonce))]).utf8)))
        #expect(confirmed.status == 303)
        let authorize = try #require(confirmed.header("Location").flatMap(URL.init(string:)))
        let decided = try await transport.send(TransportRequest(url: authorize.appendingQuery([
            ("emulator_decision", approve ? "approve" : "deny"), ("emulator_battletag", "FaYe#2543"),
        ])))
        let callback = try #require(decided.header("Location").flatMap(URL.init(string:)))
        let done = try await browser.send(TransportRequest(url: callback))
        #expect(done.status == 200)
    }
}
