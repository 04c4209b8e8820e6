import BattleNet
import BattleNetEmulator
import Foundation
import RelayApp
import RelayCore
import TestSupport
import RelayServer
import Testing

/// A login is bound to the browser that confirmed it (the Dex CVE-2022-39222 / Expo CVE-2023-28131 class): an
/// attacker who confirms their own login and sends the authorize link to a victim gets nothing.
@Suite("Browser binding: only the browser that confirmed a login can finish it", .timeLimit(.minutes(2)))
struct BrowserBindingTests {
    @Test("The authorize link sent to a second browser: refused before any exchange, and the login is never handed out")
    func authorizeLinkInAnotherBrowser() async throws {
        try await withRelay(via: .router, { $0.settings.pollInterval = 1 }) { relay in
            let attacker = CookieJar()
            let login = try await relay.startLogin()
            let authorize = try await relay.confirm(login, browser: attacker)
            // The victim approves at Battle.net and their browser comes back without the attacker's cookie.
            let victim = CookieJar()
            let callback = try await relay.decide(authorize, battleTag: "Straton#1234")
            let page = try await relay.get(callback, browser: victim)
            #expect(page.status == 403)
            #expect(page.text.contains("Not the browser that started this sign-in"))
            #expect(!page.text.contains("Signed in"))
            #expect(page.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
            #expect(await relay.emulator.state.count("token.authorization_code") == 0)
            let poll = try await relay.poll(login)
            #expect(poll.status == 400)
            #expect(poll.json["error"] as? String == "access_denied")
            #expect(poll.json["access_token"] == nil)
            // Even the attacker's own browser cannot use the state afterwards.
            #expect(try await relay.get(callback, browser: attacker).status == 400)
        }
    }

    @Test("A forged or stale binding cookie is refused like a missing one")
    func forgedBinding() async throws {
        try await withRelay(via: .router) { relay in
            let first = try await relay.startLogin()
            _ = try await relay.confirm(first)
            let stale = try #require(relay.browser.header)
            let login = try await relay.startLogin()
            let other = CookieJar()
            let authorize = try await relay.confirm(login, browser: other)
            let name = try #require(other.names.first { $0.contains("bnr_login_") })
            let callback = try await relay.decide(authorize)
            let forged = try await relay.get(
                callback, headers: [("Cookie", "\(name)=\(String(repeating: "A", count: 43)); \(stale)")], browser: CookieJar())
            #expect(forged.status == 403)
            #expect(try await relay.poll(login).json["error"] as? String == "access_denied")
        }
    }

    @Test("Cross-site return: the binding cookie is SameSite=Lax (sent on Battle.net's redirect), HttpOnly, for the whole site")
    func cookieAttributes() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin()
            let page = try await relay.get(login.verificationURIComplete, browser: CookieJar())
            let confirm = try #require(page.headers("Set-Cookie").first)
            #expect(confirm.contains("SameSite=Strict") && confirm.contains("HttpOnly") && confirm.contains("Path=/"))
            // The harness's public URL is https: the __Host- prefix and Secure keep other origins from planting them.
            #expect(confirm.hasPrefix("__Host-bnr_confirm_") && confirm.contains("; Secure"))
            let nonce = try #require(page.text.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1)
            let continued = try await relay.post(
                "/device", form: [("user_code", login.userCode), ("confirm", String(nonce))],
                headers: [("Cookie", String(confirm.prefix { $0 != ";" }))], browser: CookieJar())
            #expect(continued.status == 303)
            let binding = try #require(continued.headers("Set-Cookie").first { $0.contains("bnr_login_") })
            #expect(binding.hasPrefix("__Host-bnr_login_"))
            #expect(binding.contains("SameSite=Lax") && binding.contains("HttpOnly") && binding.contains("Path=/"))
            #expect(binding.contains("; Secure"))
            #expect(!binding.contains("SameSite=Strict"))
        }
    }

    @Test("The same browser may click Continue again; another browser may not while the first is at Battle.net")
    func secondConfirm() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin()
            let first = try await relay.confirm(login)
            let again = try await relay.confirm(login)
            #expect(first.queryValue("state") != again.queryValue("state"))

            let other = CookieJar()
            let page = try await relay.get(login.verificationURIComplete, browser: other)
            #expect(page.status == 409)
            #expect(page.text.contains("another browser"))
            #expect(page.text.firstMatch(of: /name="confirm"/) == nil)

            // The first browser's latest authorization still completes.
            let callback = try await relay.decide(again)
            #expect(try await relay.get(callback).text.contains("Signed in as"))
        }
    }

    @Test("Confirm pages of two logins in one browser do not overwrite each other's nonce")
    func twoTabs() async throws {
        try await withRelay(via: .router) { relay in
            let one = try await relay.startLogin()
            let two = try await relay.startLogin()
            let pageOne = try await relay.get(one.verificationURIComplete)
            let pageTwo = try await relay.get(two.verificationURIComplete)
            let nonceOne = try #require(pageOne.text.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1)
            let nonceTwo = try #require(pageTwo.text.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1)
            let continueOne = try await relay.post("/device", form: [("user_code", one.userCode), ("confirm", String(nonceOne))])
            let continueTwo = try await relay.post("/device", form: [("user_code", two.userCode), ("confirm", String(nonceTwo))])
            #expect(continueOne.status == 303)
            #expect(continueTwo.status == 303)
            // A nonce of one login does not confirm the other.
            let three = try await relay.startLogin()
            _ = try await relay.get(three.verificationURIComplete)
            let crossed = try await relay.post("/device", form: [("user_code", three.userCode), ("confirm", String(nonceOne))])
            #expect(crossed.status == 400)
        }
    }

    @Test("A click on Continue from another site is refused (Origin, Sec-Fetch-Site)")
    func crossSiteConfirm() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin()
            let page = try await relay.get(login.verificationURIComplete)
            let nonce = try #require(page.text.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1)
            let form = [("user_code", login.userCode), ("confirm", String(nonce))]
            for headers in [
                [("Origin", "https://evil.example")], [("Origin", "null")], [("Sec-Fetch-Site", "cross-site")],
                [("Sec-Fetch-Site", "same-site")], [("Origin", "http://relay.example.com")],
                [("Sec-Fetch-Site", "cross-site"), ("Origin", publicBase)],
            ] {
                let refused = try await relay.post("/device", form: form, headers: headers)
                #expect(refused.status == 403, "\(headers)")
                #expect(refused.header("Location") == nil)
            }
            // The confirm page asks for `same-origin` referrers, so that browsers send its origin with the form.
            #expect(page.header("Referrer-Policy") == "same-origin")
            let fromPage = try await relay.post(
                "/device", form: form, headers: [("Origin", publicBase), ("Sec-Fetch-Site", "same-origin")])
            #expect(fromPage.status == 303)
        }
    }

    @Test("Redirect mode: the app's browser session that confirmed finishes and is sent back to the app")
    func redirectModeBinding() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin(app: "myapp")
            let authorize = try await relay.confirm(login)
            let callback = try await relay.decide(authorize)
            let elsewhere = try await relay.get(callback, browser: CookieJar())
            #expect(elsewhere.status == 403)
            #expect(elsewhere.header("Location") == nil)
        }
    }
}
