import BattleNet
import BattleNetDiablo3
import BattleNetURLSession
import Foundation
import RelayApp
import RelayCore
import TestSupport
import RelayServer
import Testing

/// An app's sign-in, as `RelaySignIn`, `PlayerSession` and `FileTokenStore` do it, against the real `bnet-relay` in
/// sandbox mode over the URLSession transport: the standard route (authorization code with PKCE to the app's scheme);
/// the player is a browser following the relay's pages, its consent page included.
@Suite("App sign-in through a relay in redirect mode", .serialized, .timeLimit(.minutes(2)))
struct AppSignInTests {
    static let faye = try! BattleTag(parsing: "FaYe#2543")

    @Test("Approved: the player and a working token, collected once; a second collection is refused")
    func approved() async throws {
        try await withSandboxRelay { relay, emulator in
            let signIn = relay.signIn()
            let attempt = try await signIn.start()
            #expect(attempt.callbackScheme == "myapp")
            #expect(attempt.url.path == "/oauth/authorize", "the standard route: authorization code with PKCE")
            #expect(attempt.userCode == nil)
            let callback = try await PlayerBrowser().signIn(at: attempt.url)
            #expect(callback.absoluteString.hasPrefix("myapp://bnet-relay/callback?code="))
            #expect(callback.queryValue("code")?.utf8.count == 64)
            #expect(callback.queryValue("state") == attempt.url.queryValue("state"))
            #expect(callback.queryValue("code_verifier") == nil && !attempt.description.contains("verifier"))

            let player = try await signIn.finish(attempt, callbackURL: callback).player()
            #expect(player.battleTag == Self.faye)
            #expect(player.regions == [.us, .eu, .kr, .tw])
            #expect(player.relay == relay.baseURL)
            #expect(!player.token.isExpired())
            #expect(!player.description.contains(player.token.value))
            let d3 = Diablo3Client(
                region: .us, apiBaseURL: emulator, tokens: StaticTokenSource(player.token), transport: URLSessionTransport.shared)
            #expect(try await d3.profile(Self.faye).heroes.isEmpty == false)

            let again = await signIn.finish(attempt, callbackURL: callback)
            #expect(again == .failed(SignInFailure(.notCollectable, failureText(again))))
            #expect(failureText(again).contains("already used"), "a replay, which also revokes the token")
        }
    }

    @Test("Declined at Battle.net: denied, and nothing to collect")
    func denied() async throws {
        try await withSandboxRelay { relay, _ in
            let signIn = relay.signIn()
            let result = await signIn.run { attempt in try await PlayerBrowser().signIn(at: attempt.url, approve: false) }
            #expect(result == .denied)
        }
    }

    @Test("A forged callback never yields a player, and the real sign-in still completes afterwards")
    func forgedCallbacks() async throws {
        try await withSandboxRelay { relay, _ in
            let signIn = relay.signIn()
            let attempt = try await signIn.start()
            let unrecognised = [
                "otherapp://bnet-relay/callback?result=approved", "myapp://evil.example/callback?result=approved",
                "myapp://bnet-relay/other?result=approved", "myapp://bnet-relay/callback?result=approved&result=denied",
                "myapp://bnet-relay/callback?result=maybe", "myapp://bnet-relay/callback", "myapp://bnet-relay/callback?result=approved#x",
                "myapp://user@bnet-relay/callback?result=approved", "myapp://bnet-relay:1/callback?result=approved",
                "myapp://bnet-relay/callback?result=failed&error=%3Cscript%3E", "https://relay.example.com/callback?result=approved",
                "myapp://bnet-relay/callback?result=approved", "myapp://bnet-relay/callback?result=denied&callback_code=x",
            ]
            for text in unrecognised {
                let result = await signIn.finish(attempt, callbackURL: try #require(URL(string: text)))
                guard case .failed(let failure) = result else {
                    Issue.record("\(text) gave \(result)")
                    continue
                }
                #expect(failure.reason == .unrecognisedCallback, "\(text)")
            }
            let state = try #require(attempt.url.queryValue("state"))
            let issuer = relay.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let query = FormEncoding.encode([("state", state), ("iss", issuer)])
            for text in [
                "myapp://bnet-relay/callback?code=forged", "myapp://bnet-relay/callback?code=forged&state=other&iss=\(issuer)",
                "myapp://bnet-relay/callback?code=forged&state=\(state)&iss=https://evil.example",
                "myapp://bnet-relay/callback?code=forged&\(query)&state=\(state)", "myapp://bnet-relay/callback?\(query)",
            ] {
                let result = await signIn.finish(attempt, callbackURL: try #require(URL(string: text)))
                #expect(result == .failed(SignInFailure(.unrecognisedCallback, failureText(result))), "\(text)")
            }
            // With the right state and issuer, a made-up code is the relay's to refuse: the URL never decides.
            let forged = await signIn.finish(attempt, callbackURL: try #require(URL(string: "MYAPP://bnet-relay/callback?code=forged&\(query)")))
            #expect(forged == .failed(SignInFailure(.notCollectable, failureText(forged))))
            let callback = try await PlayerBrowser().signIn(at: attempt.url)
            #expect(try await signIn.finish(attempt, callbackURL: callback).player().battleTag == Self.faye)
        }
    }

    @Test("A closed sheet is cancelled, a sheet that fails is a browser failure, unknown apps and dead relays are failures")
    func otherEndings() async throws {
        try await withSandboxRelay { relay, _ in
            #expect(await relay.signIn().run { _ in nil } == .cancelled)
            #expect(await relay.signIn().run { _ in throw CancellationError() } == .cancelled)
            let broken = await relay.signIn().run { _ in throw BrowserError("no window") }
            #expect(broken == .failed(SignInFailure(.browser, failureText(broken))))
            let unknown = await RelaySignIn(relayURL: relay.baseURL, app: "nosuchapp", transport: URLSessionTransport.shared)
                .run { _ in Issue.record("an unknown app's sign-in was presented"); return nil }
            #expect(unknown == .failed(SignInFailure(.unknownApp, failureText(unknown))))
            #expect(failureText(unknown).contains("--app nosuchapp=redirect"))
        }
        let dead = await RelaySignIn(relayURL: try #require(URL(string: "http://127.0.0.1:1")), app: "myapp", transport: URLSessionTransport.shared)
            .run { _ in nil }
        #expect(dead == .failed(SignInFailure(.unreachable, failureText(dead))))
    }

    @Test("One long-lived session: stored privately, reused across launches, one sheet for concurrent sign-ins, no sheet from API calls, sign-out forgets")
    func playerSession() async throws {
        try await withSandboxRelay { relay, emulator in
            let directory = FileManager.default.temporaryDirectory.appending(path: "app-tokens-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = FileTokenStore(directory: directory)
            let sheets = Counter()
            let present: @Sendable (SignInAttempt) async throws -> URL? = { attempt in
                await sheets.increment()
                return try await PlayerBrowser().signIn(at: attempt.url)
            }
            func profile(_ session: PlayerSession) async throws -> D3Profile {
                try await Diablo3Client(region: .us, apiBaseURL: emulator, tokens: session, transport: URLSessionTransport.shared)
                    .profile(Self.faye)
            }

            let session = PlayerSession(relay: relay.signIn(), store: store)
            await #expect(throws: SignInRequired(.signedOut)) { try await profile(session) }
            #expect(try await session.signIn(present: present).player().battleTag == Self.faye)
            _ = try await profile(session)
            _ = try await profile(session)
            #expect(await sheets.value == 1)
            let file = directory.appending(path: "default.json").path
            #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)

            _ = try await profile(PlayerSession(relay: relay.signIn(), store: store))
            #expect(await sheets.value == 1, "a relaunched app reuses the stored token")

            var revoked = try #require(try store.load("default"))
            revoked.token.value = "revoked-token"
            try store.save(revoked, as: "default")
            let relaunched = PlayerSession(relay: relay.signIn(), store: store)
            await #expect(throws: SignInRequired(.expired), "a 401 never opens a sheet") { try await profile(relaunched) }
            #expect(await relaunched.state == .expired(revoked))
            #expect(try store.load("default") == nil)

            async let one = relaunched.signIn(present: present)
            async let two = relaunched.signIn(present: present)
            let results = await [one, two]
            #expect(await sheets.value == 2, "concurrent sign-ins share one sheet")
            #expect(results[0] == results[1])
            _ = try await profile(relaunched)

            try await relaunched.signOut()
            #expect(try store.load("default") == nil)
            #expect(await relaunched.state == .signedOut)
            await #expect(throws: SignInRequired(.signedOut)) { try await profile(relaunched) }
        }
    }

    @Test("A sign-in not finished in time ends at the relay's page: the browser never returns to the app")
    func expired() async throws {
        let clock = ManualClock(Date())
        try await withRelay(clock: clock.relay, { $0.settings.loginLifetime = .seconds(1) }) { relay in
            let signIn = RelaySignIn(relayURL: relay.baseURL, app: "myapp", transport: relay.transport)
            let attempt = try await signIn.start()
            let browser = PlayerBrowser(transport: relay.transport)
            let callback = try await browser.decide(try await browser.confirm(at: attempt.url))
            clock.advance(.milliseconds(1_500))
            let late = try await browser.follow(callback)
            #expect(late.status == 400, "the relay's page, not a redirect to the app")
            #expect(late.header("Location") == nil)
        }
    }

    @Test("File token stores refuse unusable keys and files others can read")
    func fileStore() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "app-tokens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(directory: directory)
        let player = SignedInPlayer(
            token: AccessToken(value: "v", expiresAt: Date(timeIntervalSince1970: 2_000_000_000), battleTag: Self.faye),
            regions: [.eu], relay: try #require(URL(string: "https://relay.example.com")))
        for key in ["", "../escape", ".hidden", "a/b", String(repeating: "k", count: 65)] {
            #expect(throws: PrivateFiles.Failure.self, "\(key)") { try store.save(player, as: key) }
        }
        try store.save(player, as: "eu")
        #expect(try store.load("eu") == player)
        #expect(chmod(directory.appending(path: "eu.json").path, 0o644) == 0)
        let error = #expect(throws: PrivateFiles.Failure.self) { try store.load("eu") }
        #expect(error?.description.contains("chmod 600") == true)
        try store.delete("eu")
        #expect(try store.load("eu") == nil)
    }
}

/// The description of a failed result, for comparing whole results.
private func failureText(_ result: SignInResult) -> String {
    if case .failed(let failure) = result { return failure.description }
    return "not a failure: \(result)"
}

private actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}

extension RelayProcess {
    /// A sign-in client of this relay for the app `myapp` (registered in redirect mode), over URLSession.
    func signIn() -> RelaySignIn {
        RelaySignIn(relayURL: baseURL, app: "myapp", transport: URLSessionTransport.shared)
    }
}

/// Runs `bnet-relay serve` in sandbox mode with `myapp` registered in redirect mode; passes `body` the relay and its
/// emulator's base URL.
func withSandboxRelay(_ body: (RelayProcess, URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "app-relay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let emulatorPort = try freePort()
    let relay = try await RelayProcess(
        arguments: [
            "--app", "d3=poll", "--app", "myapp=redirect", "--emulator-port", "\(emulatorPort)",
            "--database", directory.appending(path: "relay.sqlite").path,
            "--seal-key-file", directory.appending(path: "relay.key").path,
        ],
        directory: directory)
    do {
        try await body(relay, try #require(URL(string: "http://127.0.0.1:\(emulatorPort)")))
        await relay.stop()
    } catch {
        await relay.stop()
        throw error
    }
}
