import BattleNet
import Foundation
import TestSupport
import Testing

/// A login that names a loopback `redirect_uri` (same-device sign-in, RFC 8252 section 7.3), over the relay's real
/// sockets: straight to Battle.net, the consent page, back to the loopback address with the one-time value, collected
/// only with it.
@Suite("Loopback return: same-device sign-in", .timeLimit(.minutes(2)))
struct LoopbackReturnTests {
    private let loopback = LoopbackRedirect(host: .ipv4, port: 49_152, path: "/bnet-4f2a")!

    /// The person's steps in the harness's browser; returns the relay's answer to Battle.net's redirect.
    private func signIn(_ relay: RelayHarness, _ login: StartedLogin, approve: Bool = true) async throws -> TransportResponse {
        try await relay.get(try await relay.decide(try await relay.confirm(login), approve: approve))
    }

    @Test("Offered in the metadata; the login reaches Battle.net without a confirm page, shows the consent page after it, comes back with the value on Continue, and is collected once with it")
    func approved() async throws {
        try await withRelay(via: .sockets) { relay in
            let metadata = try await relay.get("/.well-known/oauth-authorization-server")
            #expect(metadata.json["loopback_redirect_supported"] as? Bool == true)
            let started = try await relay.post(
                "/oauth/device/code", form: [("client_id", "d3"), ("redirect_uri", loopback.description)])
            #expect(started.json["redirect_uri"] as? String == loopback.description)
            let login = try await relay.startLogin(redirectURI: loopback.description)
            let link = try await relay.get(login.verificationURIComplete)
            #expect(link.text.contains("document.forms[0].submit()"), "a page that posts itself on")
            #expect(!link.text.contains(#"value="not_me""#), "no confirm page")

            let consent = try await signIn(relay, login)
            #expect(consent.status == 200, "the consent page (R5-1): \(consent.text.prefix(300))")
            #expect(consent.text.contains("FaYe#2543"), "the account is named")
            #expect(consent.text.contains(loopback.description), "where the browser goes back")
            #expect(consent.text.contains(#"value="not_me""#))
            #expect(consent.location == nil, "nothing goes to the loopback address before Continue")
            let policy = try #require(consent.header("Content-Security-Policy"))
            #expect(policy.contains("form-action 'self' http://127.0.0.1:49152;"), "the return is not blocked (R5-2): \(policy)")
            #expect(try await relay.poll(login, callbackCode: "").json["access_token"] == nil)

            let back = try await AuthorizationCodeTests.press(relay, consent)
            #expect(back.status == 303)
            #expect(back.header("Referrer-Policy") == "no-referrer")
            let location = try #require(back.location)
            let callback = try #require(RelayCallback(loopbackReturn: location, to: loopback), "\(location)")
            #expect(callback.outcome == .approved)
            let code = try #require(callback.callbackCode)

            let missing = try await relay.poll(login)
            #expect(missing.status == 400)
            #expect(missing.json["error"] as? String == "invalid_request")
            let wrong = try await relay.poll(login, callbackCode: String(code.reversed()))
            #expect(wrong.json["error"] as? String == "invalid_grant")
            #expect(wrong.json["access_token"] == nil)
            let token = try await relay.poll(login, callbackCode: code)
            #expect(token.status == 200)
            #expect(token.json["access_token"] is String)
            let again = try await relay.poll(login, callbackCode: code)
            #expect(again.json["error"] as? String == "invalid_grant")
        }
    }

    @Test("A denial comes back to the loopback address without the value, and the client gets access_denied")
    func denied() async throws {
        try await withRelay(via: .sockets) { relay in
            let login = try await relay.startLogin(redirectURI: loopback.description)
            let back = try await signIn(relay, login, approve: false)
            let callback = try #require(back.location.flatMap { RelayCallback(loopbackReturn: $0, to: loopback) })
            #expect(callback.outcome == .denied)
            #expect(callback.callbackCode == nil)
            #expect(try await relay.poll(login).json["error"] as? String == "access_denied")
        }
    }

    @Test("“This wasn't me” on its consent page ends the login: nothing goes to the loopback address, the poll gets access_denied")
    func notMe() async throws {
        try await withRelay(via: .sockets) { relay in
            let login = try await relay.startLogin(redirectURI: loopback.description)
            let consent = try await signIn(relay, login)
            let ended = try await AuthorizationCodeTests.press(relay, consent, notMe: true)
            #expect(ended.status == 200)
            #expect(ended.location == nil)
            #expect(try await relay.poll(login).json["error"] as? String == "access_denied")
            let late = try await AuthorizationCodeTests.press(relay, consent)
            #expect(late.status == 410, "a Continue after it finds nothing to approve")
            #expect(late.location == nil)
        }
    }

    @Test("Every return address that is not loopback http is refused at the start with invalid_request saying why", arguments: [
        "http://localhost:8080/cb", "https://127.0.0.1:8080/cb", "https://relay.example.com/cb", "http://example.com:80/cb",
        "http://user@127.0.0.1:8080/cb", "http://127.0.0.1:8080/cb#x", "http://127.0.0.1:8080/cb?x=1",
        "http://127.0.0.1/cb", "myapp://bnet-relay/callback", "",
    ])
    func refused(redirectURI: String) async throws {
        try await withRelay(via: .sockets) { relay in
            let response = try await relay.post(
                "/oauth/device/code", form: [("client_id", "d3"), ("redirect_uri", redirectURI)])
            #expect(response.status == 400)
            #expect(response.json["error"] as? String == "invalid_request")
            let description = try #require(response.json["error_description"] as? String)
            #expect(description.hasPrefix("redirect_uri"), "\(description)")
            #expect(response.json["device_code"] == nil)
        }
    }

    @Test("An app that registered no loopback return cannot be sent to one (R5-1): refused at the start")
    func onlyForAppsThatRegisteredLoopback() async throws {
        try await withRelay { relay in
            let response = try await relay.post(
                "/oauth/device/code", form: [("client_id", "myapp"), ("redirect_uri", loopback.description)])
            #expect(response.status == 400)
            #expect(response.json["error"] as? String == "invalid_request")
            #expect((response.json["error_description"] as? String)?.contains("registered no loopback return") == true)
            #expect(response.json["device_code"] == nil)
        }
    }

    @Test("A device-flow login without it is unchanged: no redirect_uri in the answer, the confirm page, no value needed")
    func deviceFlowUnchanged() async throws {
        try await withRelay(via: .sockets) { relay in
            let started = try await relay.post("/oauth/device/code", form: [("client_id", "d3")])
            #expect(started.json["redirect_uri"] == nil)
            let login = try await relay.startLogin()
            #expect(try await relay.get(login.verificationURIComplete).text.contains(#"value="not_me""#))
            let back = try await signIn(relay, login)
            #expect(back.status == 200, "the relay's own signed-in page")
            #expect(try await relay.poll(login).json["access_token"] is String)
        }
    }
}
