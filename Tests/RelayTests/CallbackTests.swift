import BattleNet
import BattleNetEmulator
import Foundation
import RelayApp
import TestSupport
import RelayServer
import Testing

@Suite("Callbacks: redirect and forward modes, replays, provider failures", .timeLimit(.minutes(2)))
struct CallbackTests {
    @Test("Redirect mode sends the browser to the app's scheme with the outcome and a callback code; the app then collects")
    func redirectMode() async throws {
        try await withRelay(via: .router) { relay in
            let (login, callback) = try await relay.loginUntilCallback(app: "myapp")
            #expect(callback.absoluteString.hasPrefix("\(publicBase)/redirect/myapp?"))
            let response = try await relay.get(callback)
            #expect(response.status == 302)
            let back = try #require(response.location)
            #expect(back.absoluteString.hasPrefix("myapp://bnet-relay/callback?result=approved&callback_code="))
            let token = try await relay.poll(login, wait: 1, callbackCode: back.queryValue("callback_code"))
            #expect(token.status == 200)
            #expect(token.json["battletag"] as? String == "FaYe#2543")
        }
    }

    @Test("Redirect mode reports a refusal to the app without any secret")
    func redirectModeDenied() async throws {
        try await withRelay(via: .router) { relay in
            let (_, callback) = try await relay.loginUntilCallback(app: "myapp", approve: false)
            let response = try await relay.get(callback)
            #expect(response.header("Location") == "myapp://bnet-relay/callback?result=denied&error=access_denied")
        }
    }

    @Test("Forward mode passes the callback's query unchanged and exchanges nothing")
    func forwardMode() async throws {
        try await withRelay(via: .router) { relay in
            let response = try await relay.get("/redirect/fwdapp?code=abc%2F123&state=xyz")
            #expect(response.status == 302)
            #expect(response.header("Location") == "fwdapp://?code=abc%2F123&state=xyz")
            #expect(await relay.emulator.state.count("token.authorization_code") == 0)
        }
    }

    @Test("A replayed callback is refused without a second exchange")
    func replayedCallback() async throws {
        try await withRelay(via: .router) { relay in
            let (_, callback) = try await relay.loginUntilCallback()
            #expect(try await relay.get(callback).status == 200)
            let replay = try await relay.get(callback)
            #expect(replay.status == 400)
            #expect(replay.text.contains("already used"))
            #expect(await relay.emulator.state.count("token.authorization_code") == 1)
        }
    }

    @Test("An unknown state, a missing state, or another app's path are refused before any exchange")
    func badStates() async throws {
        try await withRelay(via: .router) { relay in
            let unknown = try await relay.get("/redirect/d3?code=abc&state=made-up")
            #expect(unknown.status == 400)
            let missing = try await relay.get("/redirect/d3?code=abc")
            #expect(missing.status == 400)
            let twice = try await relay.get("/redirect/d3?code=abc&state=a&state=b")
            #expect(twice.status == 400)
            let unknownApp = try await relay.get("/redirect/evil?code=abc&state=x")
            #expect(unknownApp.status == 404)

            let (login, callback) = try await relay.loginUntilCallback()
            let elsewhere = URL(string: callback.absoluteString.replacingOccurrences(of: "/redirect/d3?", with: "/redirect/myapp?"))!
            let mismatch = try await relay.get(elsewhere)
            #expect(mismatch.status == 400)
            #expect(try await relay.poll(login).json["error"] as? String == "access_denied")
            #expect(await relay.emulator.state.count("token.authorization_code") == 0)
        }
    }

    @Test("A starting login must be confirmed: the verification page never redirects by itself")
    func noRedirectWithoutClick() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin()
            let page = try await relay.get(login.verificationURIComplete)
            #expect(page.status == 200)
            #expect(page.header("Location") == nil)
            #expect(page.text.contains(login.userCode))
            #expect(page.text.contains("d3"))
            #expect(page.text.contains("d3.profile"))
            #expect(page.text.contains("Continue to Battle.net"))
            #expect(page.header("Content-Security-Policy")?.contains("form-action 'self' \(relay.emulator.baseURL.absoluteString)") == true)

            let noCookie = try await relay.post("/device", form: [("user_code", login.userCode), ("confirm", "forged")])
            #expect(noCookie.status == 400)
            #expect(noCookie.header("Location") == nil)
        }
    }

    @Test("Provider failures end the login clearly for the person and the poller", arguments: [
        EmulatorFault.Kind.status(500), .rateLimited(retryAfterSeconds: 30), .malformedJSON, .dropConnection,
        .latency(milliseconds: 4_500),
    ])
    func providerFailures(kind: EmulatorFault.Kind) async throws {
        try await withRelay(via: .router, { $0.exchangeTimeout = .seconds(2) }) { relay in
            let (login, callback) = try await relay.loginUntilCallback()
            await relay.emulator.state.inject(EmulatorFault(pathPrefix: "/token", kind: kind, count: 1))
            let page = try await relay.get(callback)
            #expect(page.status == 200)
            #expect(page.text.contains("Sign-in failed"))
            let poll = try await relay.poll(login)
            #expect(poll.status == 400)
            #expect(poll.json["error"] as? String == "access_denied")
            #expect((poll.json["error_description"] as? String)?.contains("failed") == true)
        }
    }

    @Test("A code Battle.net refuses (invalid_grant) ends the login as failed")
    func invalidGrant() async throws {
        try await withRelay(via: .router) { relay in
            let (login, callback) = try await relay.loginUntilCallback()
            let forged = URL(string: callback.absoluteString.replacingOccurrences(
                of: "code=\(callback.queryValue("code")!)", with: "code=forged"))!
            #expect(try await relay.get(forged).text.contains("Sign-in failed"))
            #expect(try await relay.poll(login).json["error"] as? String == "access_denied")
        }
    }

    @Test("Provider down: the login fails promptly, no 5xx reaches the poller")
    func providerDown() async throws {
        try await withRelay(via: .router) { relay in
            let (login, callback) = try await relay.loginUntilCallback()
            await relay.emulator.stop()
            let clock = ContinuousClock()
            let start = clock.now
            let page = try await relay.get(callback)
            #expect(page.status == 200)
            #expect(clock.now - start < .seconds(6))
            let poll = try await relay.poll(login)
            #expect(poll.status == 400)
        }
    }
}
