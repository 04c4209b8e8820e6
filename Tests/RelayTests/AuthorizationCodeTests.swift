import BattleNet
import BattleNetEmulator
import Crypto
import CryptoExtras
import Foundation
import RelayApp
import RelayCore
import RelayServer
import TestSupport
import Testing

/// The authorization endpoint (RFC 6749 section 4.1 with PKCE, RFC 8252 for native apps) end to end in process: an
/// app's request, Battle.net (the emulator), the relay's consent page, the code back at the app's `redirect_uri`,
/// and the token endpoint; each refusal the RFCs name, in its own test.
@Suite("Authorization code with PKCE: the relay as an OAuth 2.0 and OpenID Connect front door", .timeLimit(.minutes(2)))
struct AuthorizationCodeTests {
    /// An app's side of one request: its PKCE pair, state and nonce.
    struct App {
        var clientID = "d3"
        var redirectURI = "http://127.0.0.1:53682/callback"
        var verifier = Identifiers.state() + "-pkce"
        var state = "st-" + Identifiers.state().prefix(12)
        var nonce = "n-" + Identifiers.state().prefix(12)
        var scope = "openid d3.profile"

        var challenge: String { Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8)))) }

        /// The authorization request's query, with `changes` applied (a nil value drops the parameter).
        func query(_ changes: [String: String?] = [:]) -> String {
            var pairs: [(String, String)] = [
                ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI), ("state", state),
                ("scope", scope), ("code_challenge", challenge), ("code_challenge_method", "S256"), ("nonce", nonce),
            ]
            for (name, value) in changes {
                pairs.removeAll { $0.0 == name }
                if let value { pairs.append((name, value)) }
            }
            return FormEncoding.encode(pairs)
        }

        /// The token request's form.
        func tokenForm(code: String, _ changes: [String: String?] = [:]) -> [(String, String)] {
            var pairs: [(String, String)] = [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
                ("code_verifier", verifier), ("client_id", clientID),
            ]
            for (name, value) in changes {
                pairs.removeAll { $0.0 == name }
                if let value { pairs.append((name, value)) }
            }
            return pairs
        }
    }

    /// The harness's relay with a private-use scheme registered for `myapp`.
    static func configure(_ configuration: inout RelayConfiguration) throws {
        configuration.redirectURIs = [try RedirectRegistration(argument: "myapp=com.example.myapp:/oauth2redirect")]
    }

    /// The request, through Battle.net to the relay's consent page; returns the page.
    static func untilConsent(_ relay: RelayHarness, _ app: App, approve: Bool = true) async throws -> TransportResponse {
        let started = try await relay.get("/oauth/authorize?" + app.query())
        #expect(started.status == 303, "\(started.text.prefix(300))")
        #expect(started.header("Cache-Control") == "no-store")
        let toBattleNet = try #require(started.location)
        #expect(toBattleNet.absoluteString.hasPrefix(relay.emulator.endpoints.authorizeURL.absoluteString))
        return try await relay.get(try await relay.decide(toBattleNet, approve: approve))
    }

    /// Allow (or "This wasn't me") on the consent page, posting its hidden fields as the browser would.
    static func press(_ relay: RelayHarness, _ page: TransportResponse, notMe: Bool = false) async throws -> TransportResponse {
        let html = page.text
        let login = try #require(html.firstMatch(of: /name="login" value="([^"]+)"/)?.1, "\(html.prefix(400))")
        let nonce = try #require(html.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1)
        var form = [("login", String(login)), ("confirm", String(nonce))]
        if let device = html.firstMatch(of: /name="device" value="([^"]+)"/)?.1 { form.append(("device", String(device))) }
        if notMe { form.append(("action", "not_me")) }
        return try await relay.post("/oauth/authorize/consent", form: form, headers: [("Sec-Fetch-Site", "same-origin")])
    }

    /// The code and query of the redirect back to the app.
    static func returned(_ response: TransportResponse, to app: App) throws -> [(String, String)] {
        #expect(response.status == 303)
        let location = try #require(response.header("Location"))
        #expect(location.hasPrefix(app.redirectURI + "?"), "\(location)")
        return try FormEncoding.decode(Substring(location.split(separator: "?", maxSplits: 1)[1]))
    }

    /// The whole sign-in up to the code.
    static func code(_ relay: RelayHarness, _ app: App) async throws -> String {
        let back = try returned(try await press(relay, try await untilConsent(relay, app)), to: app)
        return try #require(back.value("code"))
    }

    @Test("A loopback sign-in: consent page, code with state and iss, then the Battle.net token and a signed id_token")
    func loopbackSignIn() async throws {
        try await withRelay(Self.configure) { relay in
            let app = App()
            let consent = try await Self.untilConsent(relay, app)
            #expect(consent.status == 200)
            #expect(consent.text.contains("FaYe#2543"), "the account is named")
            #expect(consent.text.contains("127.0.0.1:53682"), "where the browser goes back")
            #expect(consent.text.contains(#"value="not_me""#))
            let policy = try #require(consent.header("Content-Security-Policy"))
            #expect(policy.contains("form-action 'self' http://127.0.0.1:53682;"), "\(policy)")
            #expect(policy.contains("frame-ancestors 'none'"))

            let back = try Self.returned(try await Self.press(relay, consent), to: app)
            #expect(back.value("state") == app.state)
            #expect(back.value("iss") == publicBase)
            let code = try #require(back.value("code"))
            #expect(code.count == 64 && code.allSatisfy(\.isHexDigit), "hex, so no client's http rewriting spoils it")

            let token = try await relay.post("/oauth/token", form: app.tokenForm(code: code))
            #expect(token.status == 200, "\(token.text)")
            #expect(token.header("Cache-Control") == "no-store")
            #expect(token.json["token_type"] as? String == "Bearer")
            let accessToken = try #require(token.json["access_token"] as? String)
            #expect((token.json["expires_in"] as? Int ?? 0) > 0)
            let claims = try await Self.verifiedClaims(try #require(token.json["id_token"] as? String), relay)
            #expect(claims["iss"] as? String == publicBase)
            #expect(claims["aud"] as? String == "d3")
            #expect(claims["nonce"] as? String == app.nonce)
            #expect(claims["battle_tag"] as? String == "FaYe#2543")
            #expect((claims["sub"] as? String).flatMap(Int.init) != nil, "the account id")
            #expect(claims["at_hash"] as? String == IDTokenSigner.accessTokenHash(accessToken))
            #expect(claims["exp"] as? Int ?? 0 > Int(Date().timeIntervalSince1970))

            let api = try await Self.userinfo(relay, accessToken)
            #expect(api.status == 200, "the token is Battle.net's")
        }
    }

    /// Battle.net's userinfo (the emulator's) with the token.
    static func userinfo(_ relay: RelayHarness, _ token: String) async throws -> TransportResponse {
        try await relay.send(TransportRequest(
            url: relay.emulator.endpoints.userinfoURL, headers: [("Authorization", "Bearer \(token)")], timeout: .seconds(10)))
    }

    /// The `id_token`'s claims after checking its RS256 signature against the key of the JWKS the discovery names.
    static func verifiedClaims(_ idToken: String, _ relay: RelayHarness) async throws -> [String: Any] {
        let discovery = try await relay.get("/.well-known/openid-configuration")
        let jwksAddress = try #require(discovery.json["jwks_uri"] as? String)
        let jwksURL = try #require(URL(string: jwksAddress))
        let keys = try #require(try await relay.get(jwksURL.path).json["keys"] as? [[String: Any]])
        let parts = idToken.split(separator: ".").map(String.init)
        try #require(parts.count == 3)
        let headerData = try #require(Base64URL.decode(parts[0]))
        let header = try #require(JSONSerialization.jsonObject(with: headerData) as? [String: Any])
        #expect(header["alg"] as? String == "RS256")
        let key = try #require(keys.first { $0["kid"] as? String == header["kid"] as? String })
        let n = try #require(Base64URL.decode(key["n"] as? String ?? ""))
        let e = try #require(Base64URL.decode(key["e"] as? String ?? ""))
        let publicKey = try _RSA.Signing.PublicKey(n: n, e: e)
        let signatureData = try #require(Base64URL.decode(parts[2]))
        let signature = _RSA.Signing.RSASignature(rawRepresentation: signatureData)
        #expect(publicKey.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8), padding: .insecurePKCS1v1_5))
        let payload = try #require(Base64URL.decode(parts[1]))
        return try #require(JSONSerialization.jsonObject(with: payload) as? [String: Any])
    }

    @Test("Discovery names the same endpoints as RFC 8414's document, with the fields stock clients require")
    func discovery() async throws {
        try await withRelay { relay in
            let oidc = try await relay.get("/.well-known/openid-configuration").json
            let oauth = try await relay.get("/.well-known/oauth-authorization-server").json
            for field in ["issuer", "authorization_endpoint", "token_endpoint", "jwks_uri", "response_types_supported",
                "subject_types_supported", "id_token_signing_alg_values_supported"]
            {
                #expect(oidc[field] != nil, "\(field)")
                #expect("\(oidc[field] ?? "")" == "\(oauth[field] ?? "")", "\(field) agrees")
            }
            #expect(oidc["issuer"] as? String == publicBase)
            #expect(oidc["code_challenge_methods_supported"] as? [String] == ["S256"])
            #expect(oidc["id_token_signing_alg_values_supported"] as? [String] == ["RS256"])
            #expect(oidc["authorization_response_iss_parameter_supported"] as? Bool == true)
        }
    }

    @Test("A private-use scheme return, registered with --redirect-uri, gets its code the same way")
    func customScheme() async throws {
        try await withRelay(Self.configure) { relay in
            let app = App(clientID: "myapp", redirectURI: "com.example.myapp:/oauth2redirect", scope: "openid")
            let consent = try await Self.untilConsent(relay, app)
            #expect(try #require(consent.header("Content-Security-Policy")).contains("form-action 'self' com.example.myapp:;"))
            let code = try #require(try Self.returned(try await Self.press(relay, consent), to: app).value("code"))
            #expect(try await relay.post("/oauth/token", form: app.tokenForm(code: code)).status == 200)
        }
    }

    @Test("An unknown client_id or an unregistered redirect_uri gets a page and is never redirected", arguments: [
        ["client_id": "nosuchapp"], ["client_id": nil], ["redirect_uri": "http://127.0.0.1:8080/other"],
        ["redirect_uri": "https://evil.example/cb"], ["redirect_uri": nil], ["redirect_uri": "com.example.myapp:/oauth2redirect"],
    ] as [[String: String?]])
    func notRedirected(changes: [String: String?]) async throws {
        try await withRelay(Self.configure) { relay in
            let response = try await relay.get("/oauth/authorize?" + App().query(changes))
            #expect(response.status == 400)
            #expect(response.header("Location") == nil)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(response.text.contains("cannot start"))
        }
    }

    @Test("An app that registered no loopback return cannot be sent to one")
    func noLoopbackForOtherApps() async throws {
        try await withRelay(Self.configure) { relay in
            let response = try await relay.get("/oauth/authorize?" + App(clientID: "myapp").query())
            #expect(response.status == 400)
            #expect(response.header("Location") == nil)
        }
    }

    @Test("Every other error goes back to the redirect_uri with error, state and iss", arguments: [
        (["code_challenge_method": "plain"], "invalid_request"), (["code_challenge_method": nil], "invalid_request"),
        (["code_challenge": nil], "invalid_request"), (["code_challenge": "short"], "invalid_request"),
        (["response_type": "token"], "unsupported_response_type"), (["scope": "openid sc2.profile bogus"], "invalid_scope"),
        (["prompt": "none"], "interaction_required"),
    ] as [([String: String?], String)])
    func errorsGoBack(changes: [String: String?], error: String) async throws {
        try await withRelay(Self.configure) { relay in
            let app = App()
            let response = try await relay.get("/oauth/authorize?" + app.query(changes))
            #expect(response.status == 302)
            let location = try #require(response.header("Location"))
            #expect(location.hasPrefix(app.redirectURI + "?"))
            let query = try FormEncoding.decode(Substring(location.split(separator: "?", maxSplits: 1)[1]))
            #expect(query.value("error") == error)
            #expect(query.value("state") == app.state)
            #expect(query.value("iss") == publicBase)
            #expect(query.value("code") == nil)
        }
    }

    @Test("A decline at Battle.net goes back with access_denied, state and iss")
    func declined() async throws {
        try await withRelay(Self.configure) { relay in
            let app = App()
            let back = try await Self.untilConsent(relay, app, approve: false)
            #expect(back.status == 302)
            let location = try #require(back.header("Location"))
            let query = try FormEncoding.decode(Substring(location.split(separator: "?", maxSplits: 1)[1]))
            #expect(query.value("error") == "access_denied")
            #expect(query.value("state") == app.state)
            #expect(query.value("iss") == publicBase)
        }
    }

    @Test("A missing verifier is invalid_request; a plain or wrong one invalid_grant; the code still works after", arguments: [
        ("missing", "invalid_request"), ("plain", "invalid_grant"), ("wrong", "invalid_grant"),
    ])
    func verifier(kind: String, error: String) async throws {
        try await withRelay(Self.configure) { relay in
            let app = App()
            let code = try await Self.code(relay, app)
            var verifier: String?
            if kind == "plain" {
                verifier = app.challenge
            } else if kind == "wrong" {
                verifier = Identifiers.state() + "-other"
            }
            let refused = try await relay.post("/oauth/token", form: app.tokenForm(code: code, ["code_verifier": verifier]))
            #expect(refused.status == 400)
            #expect(refused.json["error"] as? String == error)
            #expect(refused.json["access_token"] == nil)
            #expect(try await relay.post("/oauth/token", form: app.tokenForm(code: code)).status == 200)
        }
    }

    @Test("A redirect_uri changed at the token endpoint, or another app's code, is invalid_grant")
    func boundToRequest() async throws {
        try await withRelay(Self.configure) { relay in
            let app = App()
            let code = try await Self.code(relay, app)
            let moved = try await relay.post(
                "/oauth/token", form: app.tokenForm(code: code, ["redirect_uri": "http://127.0.0.1:9999/callback"]))
            #expect(moved.json["error"] as? String == "invalid_grant")
            let other = try await relay.post("/oauth/token", form: app.tokenForm(code: code, ["client_id": "myapp"]))
            #expect(other.json["error"] as? String == "invalid_grant")
            let device = try await relay.post("/oauth/token", form: [
                ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", code), ("client_id", "d3"),
            ])
            #expect(device.json["error"] as? String == "invalid_grant", "never redeemed by the device grant")
            #expect(try await relay.post("/oauth/token", form: app.tokenForm(code: code)).status == 200)
        }
    }

    @Test("A replayed code is refused and the token issued with it is revoked at Battle.net")
    func replay() async throws {
        try await withRelay(Self.configure) { relay in
            let app = App()
            let code = try await Self.code(relay, app)
            let first = try await relay.post("/oauth/token", form: app.tokenForm(code: code))
            let accessToken = try #require(first.json["access_token"] as? String)
            #expect(try await Self.userinfo(relay, accessToken).status == 200)
            let revocations = await relay.emulator.state.count("revoke")

            let again = try await relay.post("/oauth/token", form: app.tokenForm(code: code))
            #expect(again.status == 400)
            #expect(again.json["error"] as? String == "invalid_grant")
            #expect(again.json["access_token"] == nil)
            #expect(await relay.emulator.state.count("revoke") == revocations + 1)
            #expect(try await Self.userinfo(relay, accessToken).status == 401, "revoked")
        }
    }

    @Test("A code not redeemed within 60 seconds has expired")
    func expired() async throws {
        let clock = ManualClock(Date())
        try await RelayHarness.withRouter(clock: clock.relay, Self.configure) { relay in
            let app = App()
            let code = try await Self.code(relay, app)
            clock.advance(.seconds(61))
            let late = try await relay.post("/oauth/token", form: app.tokenForm(code: code))
            #expect(late.json["error"] as? String == "invalid_grant")
            #expect((late.json["error_description"] as? String)?.contains("expired") == true)
        }
    }

    @Test("“This wasn't me” on the consent page ends the sign-in, revokes its token and sends no code: an app's return gets nothing, a loopback return (this computer) access_denied")
    func notMe() async throws {
        try await withRelay(Self.configure) { relay in
            let app = App(clientID: "myapp", redirectURI: "com.example.myapp:/oauth2redirect", scope: "openid")
            let consent = try await Self.untilConsent(relay, app)
            let revocations = await relay.emulator.state.count("revoke")
            let ended = try await Self.press(relay, consent, notMe: true)
            #expect(ended.status == 200)
            #expect(ended.header("Location") == nil)
            #expect(await relay.emulator.state.count("revoke") == revocations + 1)
            let again = try await Self.press(relay, consent)
            #expect(again.status == 410, "nothing left to allow")

            let loopback = App()
            let declined = try await Self.press(relay, try await Self.untilConsent(relay, loopback), notMe: true)
            #expect(declined.status == 303)
            let location = try #require(declined.header("Location"))
            #expect(location.hasPrefix(loopback.redirectURI + "?error=access_denied&"), "\(location)")
            #expect(location.contains("state=\(loopback.state)") && location.contains("iss="), "\(location)")
            #expect(!location.contains("code="), "\(location)")
            #expect(await relay.emulator.state.count("revoke") == revocations + 2)
        }
    }

    @Test("The consent form refuses a cross-site post and a post without the page's cookie")
    func consentForgery() async throws {
        try await withRelay(Self.configure) { relay in
            let consent = try await Self.untilConsent(relay, App())
            let html = consent.text
            let login = try #require(html.firstMatch(of: /name="login" value="([^"]+)"/)?.1)
            let nonce = try #require(html.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1)
            let form = [("login", String(login)), ("confirm", String(nonce))]
            let crossSite = try await relay.post("/oauth/authorize/consent", form: form, headers: [("Sec-Fetch-Site", "cross-site")])
            #expect(crossSite.status == 403)
            let otherBrowser = try await relay.post("/oauth/authorize/consent", form: form, browser: CookieJar())
            #expect(otherBrowser.status == 410)
            #expect(otherBrowser.header("Location") == nil)
        }
    }
}
