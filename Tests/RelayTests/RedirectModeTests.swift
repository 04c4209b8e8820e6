import BattleNet
import BattleNetEmulator
import Foundation
import RelayServer
import TestSupport
import Testing

/// Redirect mode: the verification link goes straight to Battle.net, and the token goes only to
/// the app that received the callback code on its scheme.
@Suite("Redirect mode: straight to Battle.net, and a callback code to collect", .timeLimit(.minutes(2)))
struct RedirectModeTests {
    @Test("The verification link of a redirect-mode app answers with Battle.net's authorize URL and sets the binding: no relay page")
    func straightToBattleNet() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin(app: "myapp")
            let link = try await relay.get(login.verificationURIComplete)
            #expect(link.status == 303)
            #expect(link.body.isEmpty)
            let authorize = try #require(link.location)
            #expect(authorize.absoluteString.hasPrefix(relay.emulator.endpoints.authorizeURL.absoluteString))
            #expect(authorize.queryValue("state") != nil)
            #expect(link.headers("Set-Cookie").contains { $0.contains("bnr_login_") })

            let back = try await Self.signIn(relay, login)
            #expect(back.scheme == "myapp")
            #expect(back.queryValue("result") == "approved")
            #expect(try #require(back.queryValue("callback_code")).utf8.count >= 43)
        }
    }

    /// The person's steps in the harness's browser: the link (straight to Battle.net), the decision, the callback;
    /// returns where the relay sends the browser, the app's scheme.
    static func signIn(_ relay: RelayHarness, _ login: StartedLogin, approve: Bool = true) async throws -> URL {
        let callback = try await relay.decide(try await relay.confirm(login), approve: approve)
        let response = try await relay.get(callback)
        #expect(response.status == 302)
        return try #require(response.location)
    }

    @Test("Without the callback code or with a wrong one there is no token and the login stays collectable; with it, the token once")
    func callbackCode() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin(app: "myapp")
            let pending = try await relay.poll(login, callbackCode: "not-yet")
            #expect(pending.json["error"] as? String == "authorization_pending")

            let back = try await Self.signIn(relay, login)
            let code = try #require(back.queryValue("callback_code"))

            let missing = try await relay.poll(login)
            #expect(missing.status == 400)
            #expect(missing.json["error"] as? String == "invalid_request")
            #expect((missing.json["error_description"] as? String)?.hasPrefix("callback_code is missing") == true)
            #expect(missing.json["access_token"] == nil)

            let wrong = try await relay.poll(login, callbackCode: String(code.reversed()))
            #expect(wrong.status == 400)
            #expect(wrong.json["error"] as? String == "invalid_grant")
            #expect(wrong.json["access_token"] == nil)

            let token = try await relay.poll(login, callbackCode: code)
            #expect(token.status == 200)
            #expect(token.json["access_token"] is String)
            let again = try await relay.poll(login, callbackCode: code)
            #expect(again.json["error"] as? String == "invalid_grant")
            #expect(again.json["access_token"] == nil)
        }
    }

    @Test("A declined sign-in carries no callback code, and the poll reports access_denied")
    func declined() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin(app: "myapp")
            let back = try await Self.signIn(relay, login, approve: false)
            #expect(back.queryValue("result") == "denied")
            #expect(back.queryValue("callback_code") == nil)
            #expect(try await relay.poll(login).json["error"] as? String == "access_denied")
        }
    }

    @Test("A device-flow (poll-mode) app keeps its confirm page and collects without a callback code")
    func deviceFlowUnchanged() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin(app: "d3")
            let page = try await relay.get(login.verificationURIComplete)
            #expect(page.status == 200)
            #expect(page.text.contains(#"name="confirm""#))
            let callback = try await relay.decide(try await relay.confirm(login))
            #expect(try await relay.get(callback).status == 200)
            let token = try await relay.poll(login, wait: 1)
            #expect(token.status == 200)
            #expect(token.json["access_token"] is String)
        }
    }
}
