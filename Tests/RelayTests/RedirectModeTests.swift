import BattleNet
import BattleNetEmulator
import Foundation
import RelayCore
@testable import RelayServer
import TestSupport
import Testing

/// Redirect mode: the verification link goes straight to Battle.net, and the token goes only to
/// the app that received the callback code on its scheme.
@Suite("Redirect mode: straight to Battle.net, and a callback code to collect", .timeLimit(.minutes(2)))
struct RedirectModeTests {
    @Test("The verification link of a redirect-mode app is a page that posts itself on to Battle.net: no click, and its GET changes nothing")
    func straightToBattleNet() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin(app: "myapp")
            let link = try await relay.get(login.verificationURIComplete)
            #expect(link.status == 200)
            #expect(link.text.contains("<script>document.forms[0].submit()</script>"))
            #expect(link.text.contains(#"<form method="post" action="device">"#))
            let policy = try #require(link.header("Content-Security-Policy"))
            #expect(policy.contains("script-src '\(Page.autoSubmitHash)'"), "\(policy)")
            #expect(link.headers("Set-Cookie").contains { $0.contains("SameSite=Strict") })
            let row = try await relay.service.store.login(deviceCodeHash: Identifiers.hash(login.deviceCode))
            #expect(row?.status == .pending && row?.stateHash == nil, "the GET changed nothing")

            let back = try await Self.signIn(relay, login)
            #expect(back.scheme == "myapp")
            #expect(back.queryValue("result") == "approved")
            #expect(try #require(back.queryValue("callback_code")).utf8.count >= 43)
        }
    }

    @Test("A link previewer that fetches the link first (twice, without cookies) consumes nothing: the app's own browser then signs in")
    func linkPrefetch() async throws {
        try await withRelay { relay in
            let login = try await relay.startLogin(app: "myapp")
            for _ in 0..<2 {
                let preview = try await relay.get(login.verificationURIComplete, browser: CookieJar())
                #expect(preview.status == 200)
                #expect(preview.location == nil)
            }
            let back = try await Self.signIn(relay, login)
            #expect(back.queryValue("result") == "approved", "\(back)")
            let code = try #require(back.queryValue("callback_code"))
            #expect(try await relay.poll(login, callbackCode: code).json["access_token"] is String)
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
