import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import BnetKit
import Foundation
import TestSupport
import Testing

@Suite("d3 login failures, and using a stored sign-in", .timeLimit(.minutes(2)))
struct LoginCommandTests {
    @Test("Login against an unreachable relay exits 5 promptly with one line")
    func unreachableRelay() async throws {
        try await withSandbox { sandbox in
            let started = ContinuousClock.now
            let result = try await sandbox.d3("login", "--relay", "http://127.0.0.1:1", "--no-browser")
            // A refused connection ends it at once; the bound only catches retries or a wait for the 10 s timeout
            // (2 loaded cores start a process slowly: 11 s was seen under the whole suite).
            #expect(ContinuousClock.now - started < .seconds(30))
            #expect(result.status == 5)
            #expect(result.stderr.hasPrefix("d3: Could not reach the relay at http://127.0.0.1:1"))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            #expect(!FileManager.default.fileExists(atPath: sandbox.store.fileURL(for: .us).path))
        }
    }

    @Test("Login against a server without the device flow exits 1 and says the relay is not usable")
    func serverWithoutDeviceFlow() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await sandbox.d3("login", "--no-browser", environment: [
                    "D3_RELAY_URL": emulator.baseURL.absoluteString,
                ])
                #expect(result.status == 1)
                #expect(result.stderr.contains("is misconfigured or is not a d3 relay"))
                #expect(result.stderr.contains("/oauth/device/code answered HTTP 404"))
            }
        }
    }

    @Test("A relay URL from config.json is used, and a bad one is a usage error")
    func relayFromConfigFile() async throws {
        try await withSandbox { sandbox in
            try FileManager.default.createDirectory(at: sandbox.configDirectory, withIntermediateDirectories: true)
            let config = sandbox.configDirectory.appending(path: "config.json")
            try Data(#"{"relay": "http://127.0.0.1:1"}"#.utf8).write(to: config)
            let unreachable = try await sandbox.d3("login", "--no-browser")
            #expect(unreachable.status == 5)
            try Data(#"{"relay": "not a url"}"#.utf8).write(to: config)
            let invalid = try await sandbox.d3("login", "--no-browser")
            #expect(invalid.status == 2)
            #expect(invalid.stderr.contains("config.json"))
        }
    }

    @Test("profile without a BattleTag uses the stored sign-in's token and BattleTag")
    func profileWithStoredSignIn() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let token = try await userToken(at: emulator.baseURL, battleTag: "FaYe#2543")
                try sandbox.store.save(StoredCredential(region: .eu, relay: "http://relay.test", token: token))
                let result = try await D3Process.run(
                    ["profile", "--region", "eu", "--api-url", emulator.baseURL.absoluteString],
                    environment: sandbox.environment())
                #expect(result.status == 0, "\(result.stderr)")
                try expectGolden(result.stdout, "profile-FaYe-2543.txt")
            }
        }
    }

    @Test("A stored token the API rejects exits 3 with the login hint")
    func rejectedToken() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let token = AccessToken(
                    value: "revoked", expiresAt: Date(timeIntervalSinceNow: 3600),
                    battleTag: try BattleTag(parsing: "FaYe#2543"))
                try sandbox.store.save(StoredCredential(region: .us, relay: "http://relay.test", token: token))
                let result = try await D3Process.run(
                    ["profile", "--api-url", emulator.baseURL.absoluteString], environment: sandbox.environment())
                #expect(result.status == 3)
                #expect(result.stderr.contains("Run `d3 login`"))
            }
        }
    }

    /// A player's token from the emulator's authorization-code flow, with BattleTag and account id filled in.
    private func userToken(at baseURL: URL, battleTag: String) async throws -> AccessToken {
        let transport = AsyncHTTPClientTransport.testing
        let oauth = OAuthClient(
            credentials: cliCredentials, endpoints: BattleNetEndpoints(emulatorBaseURL: baseURL), transport: transport)
        let redirectURI = "http://127.0.0.1/callback"
        let authorize = oauth.authorizeURL(redirectURI: redirectURI, scopes: ["d3.profile"], state: "state")
        let callback = try await PlayerBrowser(transport: transport).decide(authorize, battleTag: battleTag)
        let location = try #require(URLComponents(url: callback, resolvingAgainstBaseURL: false))
        let code = try #require(location.queryItems?.first { $0.name == "code" }?.value)
        var token = try await oauth.exchangeCode(code, redirectURI: redirectURI)
        let info = try await oauth.userInfo(accessToken: token.value)
        token.battleTag = try BattleTag(parsing: info.battletag)
        token.accountID = info.id
        return token
    }
}
