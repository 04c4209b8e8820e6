import BattleNet
import Foundation
import TestSupport
import Testing

/// The app side of redirect mode without a network: the callback's parsing, the token request it leads to, the
/// https rule and every way a sign-in is cancelled, against ``StubRelay``.
@Suite("RelaySignIn and RelayCallback", .timeLimit(.minutes(1)))
struct RelaySignInTests {
    private func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    @Test("An approval carries exactly one well-formed callback_code; no other outcome may carry one")
    func callbackCode() throws {
        let approved = try #require(RelayCallback(url: StubRelay.approvedCallback(), scheme: "myapp"))
        #expect(approved.outcome == .approved)
        #expect(approved.callbackCode == StubRelay.callbackCode)
        let denied = try #require(RelayCallback(url: url("myapp://bnet-relay/callback?result=denied&error=access_denied"), scheme: "myapp"))
        #expect(denied.outcome == .denied && denied.callbackCode == nil && denied.error == "access_denied")

        let refused = [
            "myapp://bnet-relay/callback?result=approved",
            "myapp://bnet-relay/callback?result=approved&callback_code=",
            "myapp://bnet-relay/callback?result=approved&callback_code=a&callback_code=a",
            "myapp://bnet-relay/callback?result=approved&callback_code=a%20b",
            "myapp://bnet-relay/callback?result=approved&callback_code=a%2Fb",
            "myapp://bnet-relay/callback?result=approved&callback_code=%E2%82%AC",
            "myapp://bnet-relay/callback?result=approved&callback_code=\(String(repeating: "a", count: 257))",
            "myapp://bnet-relay/callback?result=denied&error=access_denied&callback_code=abc",
            "myapp://bnet-relay/callback?result=failed&callback_code=abc",
            "myapp://bnet-relay/callback?result=approved&callback_code=abc#x",
            "otherapp://bnet-relay/callback?result=approved&callback_code=abc",
        ]
        for text in refused {
            #expect(RelayCallback(url: try url(text), scheme: "myapp") == nil, "\(text)")
        }
        let longest = String(repeating: "a", count: 256)
        let accepted = try url("MYAPP://bnet-relay/callback?callback_code=\(longest)&result=approved")
        #expect(RelayCallback(url: accepted, scheme: "myapp")?.callbackCode == longest)
    }

    @Test("The token request sends the callback's callback_code with the device_code")
    func tokenRequestForm() async throws {
        let relay = StubRelay()
        let signIn = RelaySignIn(relayURL: StubRelay.baseURL, app: "MyApp", transport: relay)
        let attempt = try await signIn.start()
        #expect(attempt.callbackScheme == "myapp")
        let player = try await signIn.finish(attempt, callbackURL: StubRelay.approvedCallback()).player()
        #expect(player.battleTag == StubRelay.faye && player.regions == [.us, .eu, .kr, .tw] && player.relay == StubRelay.baseURL)

        let form = try #require(relay.tokenForms.first)
        #expect(form.map(\.0) == ["grant_type", "device_code", "client_id", "callback_code"])
        #expect(form.first { $0.0 == "device_code" }?.1 == "device-1")
        #expect(form.first { $0.0 == "client_id" }?.1 == "MyApp")
        #expect(form.first { $0.0 == "callback_code" }?.1 == StubRelay.callbackCode)
        #expect(relay.requests.last?.url.absoluteString == "https://relay.example.com/oauth/token")
    }

    @Test("A wrong callback_code gets no token and leaves the login collectable; a callback without one sends nothing")
    func wrongOrMissingCode() async throws {
        let relay = StubRelay()
        let signIn = RelaySignIn(relayURL: StubRelay.baseURL, app: "myapp", transport: relay)
        let attempt = try await signIn.start()

        let missing = await signIn.finish(attempt, callbackURL: try url("myapp://bnet-relay/callback?result=approved"))
        guard case .failed(let unrecognised) = missing else { Issue.record("got \(missing)"); return }
        #expect(unrecognised.reason == .unrecognisedCallback)
        #expect(relay.tokenForms.isEmpty, "a callback without its code is refused before anything is sent")

        let wrong = await signIn.finish(attempt, callbackURL: StubRelay.approvedCallback(code: "forged"))
        guard case .failed(let refused) = wrong else { Issue.record("got \(wrong)"); return }
        #expect(refused.reason == .notCollectable)
        #expect(refused.description.contains("does not match"))

        #expect(try await signIn.finish(attempt, callbackURL: StubRelay.approvedCallback()).player().battleTag == StubRelay.faye)
        let again = await signIn.finish(attempt, callbackURL: StubRelay.approvedCallback())
        guard case .failed(let spent) = again else { Issue.record("got \(again)"); return }
        #expect(spent.reason == .notCollectable && spent.description.contains("already collected"))
    }

    @Test("Plain http is refused unless the relay is on this machine, before anything is sent")
    func httpsOutsideLoopback() async throws {
        for text in ["http://relay.example.com", "http://10.0.0.1:8080", "http://127.0.0.1.example.com", "ftp://relay.example.com"] {
            let relay = StubRelay()
            let result = await RelaySignIn(relayURL: try url(text), app: "myapp", transport: relay).run { _ in
                Issue.record("an insecure relay's sign-in was presented")
                return nil
            }
            guard case .failed(let failure) = result else { Issue.record("\(text) gave \(result)"); continue }
            #expect(failure.reason == .insecureRelay, "\(text)")
            #expect(failure.description.contains("https"), "\(text)")
            #expect(relay.requests.isEmpty, "\(text)")
        }
        for text in ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080", "https://relay.example.com"] {
            let relay = StubRelay()
            _ = try await RelaySignIn(relayURL: try url(text), app: "myapp", transport: relay).start()
            #expect(relay.requests.map(\.url.path) == ["/.well-known/oauth-authorization-server", "/oauth/device/code"], "\(text)")
        }
    }

    @Test("A closed sheet, the browser's canceledLogin and a cancelled task all end as cancelled; other errors are browser failures")
    func cancellation() async throws {
        let relay = StubRelay()
        let signIn = RelaySignIn(relayURL: StubRelay.baseURL, app: "myapp", transport: relay)
        #expect(await signIn.run { _ in nil } == .cancelled)
        #expect(await signIn.run { _ in throw CancellationError() } == .cancelled)
        let canceledLogin = NSError(domain: "com.apple.AuthenticationServices.WebAuthenticationSession", code: 1)
        #expect(await signIn.run { _ in throw canceledLogin } == .cancelled)
        let otherCode = NSError(domain: "com.apple.AuthenticationServices.WebAuthenticationSession", code: 2)
        guard case .failed(let failure) = await signIn.run(present: { _ in throw otherCode }) else {
            Issue.record("a browser error was not a failure")
            return
        }
        #expect(failure.reason == .browser)

        // The task is cancelled while the sheet is up: the presenter sees it (and would dismiss its sheet).
        let sheet = SheetUntilCancelled()
        let waiting = Task { await signIn.run(present: sheet.present) }
        try await sheet.shown.wait()
        waiting.cancel()
        #expect(await waiting.value == .cancelled)
        #expect(await sheet.dismissed.value == 1)

        // The task is cancelled while the token is being collected.
        relay.hangsTokenRequests = true
        let collecting = Task { await signIn.run { _ in StubRelay.approvedCallback() } }
        try await waitUntil("a token request at the relay") { !relay.tokenForms.isEmpty }
        collecting.cancel()
        #expect(await collecting.value == .cancelled)

        // The task was cancelled before it started.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await signIn.run { _ in StubRelay.approvedCallback() }
        }
        #expect(await early.value == .cancelled)
    }

    @Test("Declined and expired sign-ins, and the relay's answer over a forged outcome")
    func otherOutcomes() async throws {
        let relay = StubRelay()
        let signIn = RelaySignIn(relayURL: StubRelay.baseURL, app: "myapp", transport: relay)
        relay.decision = .deny
        #expect(await signIn.run { _ in try self.url("myapp://bnet-relay/callback?result=denied&error=access_denied") } == .denied)
        relay.decision = .pending
        let early = await signIn.run { _ in StubRelay.approvedCallback() }
        guard case .failed(let failure) = early else { Issue.record("got \(early)"); return }
        #expect(failure.reason == .unconfirmedCallback)
    }
}
