import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// The paths and checks third-party Battle.net clients rely on (BattleNetAPI, blizzard.js, python clients).
@Suite("Emulator: legacy paths, discovery, gateway errors, PKCE, partial consent", .timeLimit(.minutes(1)))
struct EmulatorProtocolTests {
    private func basic(_ credentials: ClientCredentials) -> (name: String, value: String) {
        ("Authorization", "Basic " + Data("\(credentials.id):\(credentials.secret)".utf8).base64EncodedString())
    }

    private func form(
        _ emulator: RunningEmulator, _ url: URL, _ pairs: [(String, String)], headers: [(name: String, value: String)] = []
    ) async throws -> TransportResponse {
        try await emulator.transport.send(TransportRequest(
            method: "POST", url: url, headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers,
            body: Data(FormEncoding.encode(pairs).utf8)))
    }

    @Test("The legacy /oauth/... spellings and /v2/check_token answer like the current ones")
    func legacyPaths() async throws {
        try await withEmulator { emulator in
            let base = emulator.baseURL
            let token = try await form(
                emulator, base.appending(path: "oauth/token"), [("grant_type", "client_credentials")], headers: [basic(testCredentials)])
            #expect(token.status == 200, "\(String(decoding: token.body, as: UTF8.self))")
            let value = try #require(try jsonObject(token.body)["access_token"] as? String)
            for path in ["oauth/check_token", "v2/check_token", "check_token"] {
                let get = try await emulator.transport.send(TransportRequest(url: base.appending(path: path).appendingQuery([("token", value)])))
                #expect(get.status == 200, "\(path)")
                #expect(try jsonObject(get.body)["client_id"] as? String == testCredentials.id, "\(path)")
                let post = try await form(emulator, base.appending(path: path), [("token", value)])
                #expect(post.status == 200, "\(path)")
            }
            let authorize = emulator.oauthClient().authorizeURL(redirectURI: testRedirectURI, scopes: ["openid"], state: "s")
            let legacy = URL(string: authorize.absoluteString.replacingOccurrences(of: "/authorize?", with: "/oauth/authorize?"))!
            let callback = try await PlayerBrowser(transport: emulator.transport).decide(legacy)
            let code = try #require(callback.queryValue("code"))
            let user = try await form(
                emulator, base.appending(path: "oauth/token"),
                [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", testRedirectURI)],
                headers: [basic(testCredentials)])
            let userToken = try #require(try jsonObject(user.body)["access_token"] as? String)
            let info = try await emulator.transport.send(TransportRequest(
                url: base.appending(path: "oauth/userinfo"), headers: [("Authorization", "Bearer \(userToken)")]))
            #expect(try jsonObject(info.body)["battletag"] as? String == "FaYe#2543")
        }
    }

    @Test("The OpenID discovery document is Battle.net's recording with its URLs pointing at the emulator")
    func discovery() async throws {
        try await withEmulator { emulator in
            let response = try await emulator.transport.send(TransportRequest(url: emulator.baseURL.appending(path: ".well-known/openid-configuration")))
            #expect(response.status == 200)
            let document = try jsonObject(response.body)
            let base = emulator.baseURL.absoluteString
            #expect(document["issuer"] as? String == base)
            #expect(document["authorization_endpoint"] as? String == base + "/authorize")
            #expect(document["token_endpoint"] as? String == base + "/token")
            #expect(document["introspection_endpoint"] as? String == base + "/v2/check_token")
            #expect(document["userinfo_endpoint"] as? String == base + "/userinfo")
            #expect((document["grant_types_supported"] as? [String])?.contains("authorization_code") == true)
            #expect(!String(decoding: response.body, as: UTF8.self).contains("oauth.battle.net"))
        }
    }

    @Test("Unknown paths get the API gateway's 404 body, not the framework's", arguments: [
        "nope", "d3/unknown/path", "oauth/nothing", "data/d3/act/999/extra",
    ])
    func gateway404(path: String) async throws {
        try await withEmulator { emulator in
            let response = try await emulator.transport.send(TransportRequest(url: emulator.baseURL.appending(path: path)))
            #expect(response.status == 404)
            #expect(response.body == (try sample("api_gateway_error_404_BLZWEBAPI00000404.json")).trimmingTrailingNewline)
        }
    }

    @Test("Fault injection is off unless asked for: a default emulator (as the sandbox relay runs it) has no /emulator/ paths")
    func noControlEndpointsByDefault() async throws {
        try await withEmulator { emulator in
            let inject = try await form(emulator, emulator.baseURL.appending(path: "emulator/faults"), [])
            #expect(inject.status == 404)
            let counters = try await emulator.transport.send(TransportRequest(url: emulator.baseURL.appending(path: "emulator/counters")))
            #expect(counters.status == 404)
        }
    }

    @Test("An authorization request without state is refused with 400 on Battle.net's page, as Blizzard does since 2025")
    func authorizeWithoutState() async throws {
        try await withEmulator { emulator in
            let client = emulator.oauthClient()
            for state in [nil, ""] as [String?] {
                var components = try #require(URLComponents(
                    url: client.authorizeURL(redirectURI: testRedirectURI, scopes: ["openid"], state: "s"),
                    resolvingAgainstBaseURL: false))
                components.queryItems?.removeAll { $0.name == "state" }
                if let state { components.queryItems?.append(URLQueryItem(name: "state", value: state)) }
                let response = try await emulator.transport.send(TransportRequest(url: try #require(components.url)))
                #expect(response.status == 400, "state \(state ?? "absent")")
                #expect(response.header("Location") == nil, "nothing goes back to the app")
                #expect(try jsonObject(response.body)["error_description"] as? String == "The state parameter must be provided")
            }
            let authorize = client.authorizeURL(redirectURI: testRedirectURI, scopes: ["openid"], state: "s")
            let back = try await PlayerBrowser(transport: emulator.transport).decide(authorize)
            #expect(back.queryValue("state") == "s" && back.queryValue("code") != nil)
        }
    }

    @Test("A code issued with a PKCE challenge needs its verifier: missing or wrong is invalid_grant")
    func pkce() async throws {
        try await withEmulator { emulator in
            let client = emulator.oauthClient()
            let pkce = PKCE.generate()
            for verifier in [nil, PKCE.generate().verifier, pkce.verifier] {
                let authorize = client.authorizeURL(redirectURI: testRedirectURI, scopes: ["openid"], state: "s", pkce: pkce)
                let code = try #require(try await PlayerBrowser(transport: emulator.transport).decide(authorize).queryValue("code"))
                var pairs = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", testRedirectURI)]
                if let verifier { pairs.append(("code_verifier", verifier)) }
                let response = try await form(emulator, emulator.baseURL.appending(path: "token"), pairs, headers: [basic(testCredentials)])
                if verifier == pkce.verifier {
                    #expect(response.status == 200)
                } else {
                    #expect(response.status == 400)
                    #expect(try jsonObject(response.body)["error"] as? String == "invalid_grant")
                }
            }
        }
    }

    @Test("A person may grant fewer scopes than asked; the token says which")
    func partialConsent() async throws {
        try await withEmulator { emulator in
            let authorize = emulator.oauthClient().authorizeURL(
                redirectURI: testRedirectURI, scopes: ["openid", "d3.profile"], state: "s")
            // On the consent page: the scopes are checkboxes; untick d3.profile and approve.
            let page = try await emulator.transport.send(TransportRequest(url: authorize))
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains(#"name="scope" value="d3.profile" checked"#))
            let consent = try #require(html.firstMatch(of: /name="consent" value="([^"]+)"/)?.1)
            let decided = try await form(
                emulator, emulator.baseURL.appending(path: "authorize/decision"),
                [("consent", String(consent)), ("scopes_offered", "1"), ("scope", "openid"), ("decision", "approve")])
            let code = try #require(decided.header("Location").flatMap(URL.init(string:))?.queryValue("code"))
            let token = try await emulator.oauthClient().exchangeCode(code, redirectURI: testRedirectURI)
            #expect(token.scopes == ["openid"])
        }
    }
}

extension Data {
    /// The bytes without a final newline, as a recorded file holds them.
    var trimmingTrailingNewline: Data { last == 0x0A ? dropLast() : self }
}
