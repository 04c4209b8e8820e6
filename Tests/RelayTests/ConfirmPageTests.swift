import BattleNet
import Foundation
import HTTPTypes
@testable import RelayApp
import RelayCore
import TestSupport
import Testing

@testable import RelayServer

/// The confirm page against remote phishing of device-flow logins (RFC 8628 section 5.4, RFC 10027 section 6.1;
/// issue 35): it says when and roughly from where a sign-in started, warns when it is opened from another network,
/// and lets the person end a login that is not theirs. Over real sockets, the networks named by a trusted proxy.
@Suite("Confirm page: where a sign-in started, and \"this wasn't me\"", .timeLimit(.minutes(2)))
struct ConfirmPageTests {
    /// A relay behind a trusted proxy on loopback.
    static func proxied(_ configuration: inout RelayConfiguration) {
        configuration.trustedProxies = ["127.0.0.1"]
    }

    /// A login started by a client at `address`, as the proxy names it.
    static func start(_ relay: RelayHarness, from address: String) async throws -> StartedLogin {
        let response = try await relay.post(
            "/oauth/device/code", form: [("client_id", "d3")], headers: [("X-Forwarded-For", address)])
        #expect(response.status == 200, "\(response.text)")
        return StartedLogin(
            deviceCode: try #require(response.json["device_code"] as? String),
            userCode: try #require(response.json["user_code"] as? String),
            verificationURI: try #require((response.json["verification_uri"] as? String).flatMap(URL.init(string:))),
            verificationURIComplete: try #require(
                (response.json["verification_uri_complete"] as? String).flatMap(URL.init(string:))),
            interval: 5, app: "d3")
    }

    /// The confirm page opened by a browser at `address`.
    static func page(_ relay: RelayHarness, _ login: StartedLogin, from address: String, browser: CookieJar? = nil)
        async throws -> TransportResponse
    {
        try await relay.get(login.verificationURIComplete, headers: [("X-Forwarded-For", address)], browser: browser)
    }

    @Test("The relay keeps the start's network prefix, never its address; the page names it and when, without a warning on the same network")
    func sameNetwork() async throws {
        try await withRelay(via: .sockets, Self.proxied) { relay in
            let login = try await Self.start(relay, from: "203.0.113.5")
            let row = try #require(try await relay.service.store.login(deviceCodeHash: Identifiers.hash(login.deviceCode)))
            #expect(row.startNetwork == "203.0.113.0/24")
            let page = try await Self.page(relay, login, from: "203.0.113.77")
            #expect(page.status == 200)
            #expect(page.text.contains("started less than a minute ago from the network <code>203.0.113.0/24</code>"), "\(page.text)")
            #expect(!page.text.contains("203.0.113.5"), "the address itself is never shown")
            #expect(!page.text.contains(#"id="other-network""#))
            // Who asks, the code to compare, and the warning against codes someone sent (RFC 10027: user education).
            // The CLI's app by its display name (issue 45).
            #expect(page.text.contains("The app <strong>Diablo III CLI (d3)</strong> asks to use your Battle.net account"))
            #expect(page.text.contains(#"<p class="code" aria-label="code">\#(login.userCode)</p>"#), "\(page.text)")
            #expect(page.text.contains("Only continue if you started this sign-in, just now, on a device you own."))
            #expect(page.text.contains("If someone sent you this link or code, close this page"))
        }
    }

    @Test("Opened from another network than the start (a phisher's victim), the page warns prominently before anything else")
    func otherNetwork() async throws {
        try await withRelay(via: .sockets, Self.proxied) { relay in
            let v6 = try await Self.start(relay, from: "2001:db8:aa:1::5")
            let phished = try await Self.page(relay, v6, from: "198.51.100.9")
            #expect(phished.status == 200)
            let warning = try #require(phished.text.firstRange(of: #"<div class="alert" role="alert" id="other-network">"#))
            let asks = try #require(phished.text.firstRange(of: "asks to use your Battle.net account"))
            #expect(warning.lowerBound < asks.lowerBound, "the warning comes first")
            #expect(phished.text.contains("someone is trying to get into your account"))
            #expect(phished.text.contains("<code>2001:db8:aa:0::/48</code>"), "\(phished.text)")
            let sameAllocation = try await Self.page(relay, v6, from: "2001:db8:aa:ffff::9", browser: CookieJar())
            #expect(!sameAllocation.text.contains(#"id="other-network""#), "another /64 of the same /48")
        }
    }

    @Test("\"This wasn't me\" ends the login: its client gets access_denied and the code names nothing any more")
    func notMe() async throws {
        try await withRelay(via: .sockets, Self.proxied) { relay in
            let login = try await Self.start(relay, from: "203.0.113.5")
            let page = try await Self.page(relay, login, from: "198.51.100.9")
            let nonce = try #require(page.text.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1)
            #expect(page.text.contains(#"<input type="hidden" name="action" value="not_me">"#))

            // Without the page's cookie (a cross-site form, say) nothing ends.
            let forged = try await relay.post(
                "/device", form: [("user_code", login.userCode), ("confirm", String(nonce)), ("action", "not_me")],
                browser: CookieJar())
            #expect(forged.status == 400)
            #expect(try await relay.poll(login).json["error"] as? String == "authorization_pending")

            let ended = try await relay.post(
                "/device", form: [("user_code", login.userCode), ("confirm", String(nonce)), ("action", "not_me")],
                headers: [("X-Forwarded-For", "198.51.100.9")])
            #expect(ended.status == 200, "\(ended.text)")
            #expect(ended.text.contains("nobody gets access to your account"))
            let answer = try await relay.poll(login)
            #expect(answer.json["error"] as? String == "access_denied", "\(answer.text)")
            #expect(try await Self.page(relay, login, from: "198.51.100.9").status == 404, "the code names nothing now")
            let metrics = try await relay.ops("/metrics").text
            #expect(metrics.contains(#"bnet_relay_refused_total{reason="not_me"} 1"#))
        }
    }

    @Test("The page says how long ago the sign-in started, in whole minutes")
    func minutesAgo() {
        let login = Login(
            id: "L", app: "d3", scopes: ["openid"], deviceCodeHash: "h", userCodeHash: "u", sealingPublicKey: Data(),
            createdAt: Date(), expiresAt: Date(), interval: 5, startNetwork: "192.0.2.0/24")
        let page = DevicePages.confirm(
            PageLanguage(request: [:]), login: login, userCode: "WDJB-MJHT", regions: [.eu], nonce: "n",
            origin: .init(minutesAgo: 7, startNetwork: "192.0.2.0/24", pageNetwork: "192.0.2.0/24"))
        #expect(page.body.contains("started 7 min ago from the network <code>192.0.2.0/24</code>"))
        let old = DevicePages.confirm(
            PageLanguage(request: [:]), login: login, userCode: "WDJB-MJHT", regions: [.eu], nonce: "n",
            origin: .init(minutesAgo: 3, startNetwork: nil, pageNetwork: "192.0.2.0/24"))
        #expect(old.body.contains("This sign-in was started 3 min ago."), "a login from before the relay kept networks")
        #expect(!old.body.contains("other-network"))
        #expect(old.body.contains(#"id="unknown-network""#), "R5-7: an unknown start network is said, with a warning")
        #expect(old.body.contains("network is unknown"))
        #expect(!page.body.contains("unknown-network"))
    }

    @Test("A login started through a proxy whose X-Forwarded-For named no client warns on its confirm page (R5-7)")
    func unknownStartNetwork() async throws {
        try await withRelay(via: .sockets, { $0.trustedProxies = ["127.0.0.1", "::1"] }) { relay in
            let started = try await relay.post(
                "/oauth/device/code", form: [("client_id", "d3")], headers: [("X-Forwarded-For", "unknown")])
            let link = try #require((started.json["verification_uri_complete"] as? String).flatMap(URL.init(string:)))
            let page = try await relay.get(link)
            #expect(page.status == 200)
            #expect(page.text.contains(#"<div class="alert" role="alert" id="unknown-network">"#), "\(page.text.prefix(800))")
        }
    }
}
