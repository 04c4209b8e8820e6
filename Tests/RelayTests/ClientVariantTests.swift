import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
@testable import RelayApp
import RelayCore
import TestSupport
import Testing

@testable import RelayServer

/// What standard OAuth clients send: `client_id` in the body, absent, or as HTTP Basic with an
/// empty password; app names in any case. The Python client libraries themselves run in Tests/Interop.
@Suite("Client variants: what stock RFC 8628 clients send", .timeLimit(.minutes(2)))
struct ClientVariantTests {
    static let grant = ("grant_type", "urn:ietf:params:oauth:grant-type:device_code")

    static func basic(_ id: String, _ password: String = "") -> (name: String, value: String) {
        ("Authorization", "Basic " + Data("\(FormEncoding.escape(id)):\(password)".utf8).base64EncodedString())
    }

    @Test("A token request without client_id, or with it as Basic and an empty password, collects the token once")
    func tokenRequestVariants() async throws {
        try await withRelay(via: .router) { relay in
            for variant in ["none", "basic", "body"] {
                let (login, callback) = try await relay.loginUntilCallback()
                #expect(try await relay.get(callback).status == 200)
                var form = [Self.grant, ("device_code", login.deviceCode)]
                var headers: [(name: String, value: String)] = []
                switch variant {
                case "basic": headers = [Self.basic("d3")]
                case "body": form.append(("client_id", "D3"))
                default: break
                }
                let token = try await relay.post("/oauth/token", form: form, headers: headers)
                #expect(token.status == 200, "\(variant): \(token.text)")
                #expect(token.json["access_token"] is String, "\(variant)")
                let again = try await relay.post("/oauth/token", form: form, headers: headers)
                #expect(again.status == 400, "\(variant)")
                #expect(again.json["error"] as? String == "invalid_grant", "\(variant)")
            }
        }
    }

    @Test("Refusals name what is wrong: another app, a missing device_code, a secret, two different client_ids")
    func refusals() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin()
            let other = try await relay.post("/oauth/token", form: [Self.grant, ("device_code", login.deviceCode), ("client_id", "myapp")])
            #expect(other.status == 400)
            #expect(other.json["error"] as? String == "invalid_client")
            let otherBasic = try await relay.post(
                "/oauth/token", form: [Self.grant, ("device_code", login.deviceCode)], headers: [Self.basic("myapp")])
            #expect(otherBasic.json["error"] as? String == "invalid_client")

            let missing = try await relay.post("/oauth/token", form: [Self.grant, ("client_id", "d3")])
            #expect(missing.status == 400)
            #expect(missing.json["error"] as? String == "invalid_request")
            #expect((missing.json["error_description"] as? String)?.contains("device_code is missing") == true)

            let secret = try await relay.post(
                "/oauth/token", form: [Self.grant, ("device_code", login.deviceCode)], headers: [Self.basic("d3", "s3cret")])
            #expect(secret.status == 401)
            #expect(secret.json["error"] as? String == "invalid_client")
            #expect(secret.header("WWW-Authenticate")?.hasPrefix("Basic") == true)

            let both = try await relay.post(
                "/oauth/token", form: [Self.grant, ("device_code", login.deviceCode), ("client_id", "d3")],
                headers: [Self.basic("myapp")])
            #expect(both.json["error"] as? String == "invalid_request")

            let garbage = try await relay.post(
                "/oauth/token", form: [Self.grant, ("device_code", login.deviceCode)], headers: [("Authorization", "Basic %%%")])
            #expect(garbage.status == 401)
            // None of these ended or used up the login.
            let after = try await relay.poll(login).json["error"] as? String
            #expect(after == "authorization_pending" || after == "slow_down")
        }
    }

    @Test("The device authorization endpoint takes client_id in the body or as Basic, and says when it is missing")
    func deviceAuthorizationVariants() async throws {
        try await withRelay(via: .router) { relay in
            let basic = try await relay.post("/oauth/device/code", form: [], headers: [Self.basic("d3")])
            #expect(basic.status == 200, "\(basic.text)")
            #expect(basic.json["device_code"] is String)
            let missing = try await relay.post("/oauth/device/code", form: [("scope", "openid")])
            #expect(missing.status == 400)
            #expect((missing.json["error_description"] as? String)?.contains("client_id is missing") == true)
        }
    }

    @Test("App names match in any case; the Location uses the registered spelling")
    func caseInsensitiveApps() async throws {
        try await withRelay(via: .router, { $0.apps = try .parsing(["d3=poll", "BattleNetAPI=redirect"]) }) { relay in
            let login = try await relay.startLogin(app: "battlenetapi")
            let callback = try await relay.decide(try await relay.confirm(login))
            #expect(callback.path == "/redirect/BattleNetAPI")
            let upper = URL(string: callback.absoluteString.replacingOccurrences(of: "/redirect/BattleNetAPI", with: "/redirect/BATTLENETAPI"))!
            let response = try await relay.get(upper)
            #expect(response.status == 302)
            let back = try #require(response.location)
            #expect(back.absoluteString.hasPrefix("BattleNetAPI://bnet-relay/callback?result=approved&callback_code="))
            #expect(try await relay.poll(login, clientID: "BATTLENETAPI", callbackCode: back.queryValue("callback_code")).status == 200)
        }
    }

    @Test("Two app names that differ only in case are a configuration error")
    func caseConflict() throws {
        var configuration = RelayConfiguration()
        configuration.apps = try ["MyApp=redirect", "myapp=poll"].map { try AppRegistration(argument: $0) }
        #expect(configuration.problems().contains { $0.contains("MyApp, myapp") && $0.contains("more than once") })
    }

    @Test("A device login for a forward-mode app is refused: it could never complete")
    func forwardModeDeviceLogin() async throws {
        try await withRelay(via: .router) { relay in
            let response = try await relay.post("/oauth/device/code", form: [("client_id", "fwdapp")])
            #expect(response.status == 400)
            #expect(response.json["error"] as? String == "unauthorized_client")
            #expect((response.json["error_description"] as? String)?.contains("forward") == true)
        }
    }
}

@Suite("Forward mode and partial consent, as third-party Battle.net code uses them", .timeLimit(.minutes(1)))
struct ForwardModeTests {
    @Test("BattleNetAPI's AuthenticationManager: authorize, follow the relay's 302 to the app, exchange with the app's own credentials")
    func battleNetAPIFlow() async throws {
        try await withRelay(via: .router, { $0.apps = try .parsing(["d3=poll", "BattleNetAPI=forward"]) }) { relay in
            let app = OAuthClient(credentials: relayCredentials, endpoints: relay.emulator.endpoints, transport: relay.transport)
            let redirectURI = "\(publicBase)/redirect/BattleNetAPI"
            let authorize = app.authorizeURL(redirectURI: redirectURI, scopes: ["openid", "d3.profile"], state: "app-state-1")
            let callback = try await relay.decide(authorize)
            let forwarded = try await relay.get(callback, browser: CookieJar())
            #expect(forwarded.status == 302)
            let location = try #require(forwarded.header("Location"))
            #expect(location.hasPrefix("BattleNetAPI://?code="))
            let query = try FormEncoding.decode(Substring(location.split(separator: "?", maxSplits: 1)[1]))
            #expect(query.value("state") == "app-state-1")
            let token = try await app.exchangeCode(try #require(query.value("code")), redirectURI: redirectURI)
            #expect(try await app.userInfo(accessToken: token.value).battletag == "FaYe#2543")
            // The relay exchanged nothing itself.
            #expect(await relay.emulator.state.count("token.authorization_code") == 1)
        }
    }

    @Test("A player who grants fewer scopes: the relay hands out the token with the granted scope")
    func partialConsent() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin()
            let authorize = try await relay.confirm(login)
            let callback = try await relay.decide(authorize, scope: "openid")
            #expect(try await relay.get(callback).status == 200)
            let token = try await relay.poll(login, wait: 1)
            #expect(token.status == 200)
            #expect(token.json["scope"] as? String == "openid")
        }
    }
}
