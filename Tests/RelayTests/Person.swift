import BattleNet
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// A login as the client sees it after `POST /oauth/device/code`.
struct StartedLogin {
    var deviceCode: String
    var userCode: String
    var verificationURI: URL
    var verificationURIComplete: URL
    var interval: Int
    var app: String
}

/// The steps a client and a person take, over HTTP.
extension RelayHarness {
    func startLogin(app: String = "d3", scope: String? = nil) async throws -> StartedLogin {
        var form = [("client_id", app)]
        if let scope { form.append(("scope", scope)) }
        let response = try await post("/oauth/device/code", form: form)
        #expect(response.status == 200, "\(response.text)")
        let json = response.json
        return StartedLogin(
            deviceCode: try #require(json["device_code"] as? String),
            userCode: try #require(json["user_code"] as? String),
            verificationURI: try #require((json["verification_uri"] as? String).flatMap(URL.init(string:))),
            verificationURIComplete: try #require((json["verification_uri_complete"] as? String).flatMap(URL.init(string:))),
            interval: try #require(json["interval"] as? Int), app: app)
    }

    /// Opens the verification link in `browser` (the harness's own by default) and, on a confirmation page, clicks
    /// "Continue to Battle.net"; returns the provider's authorize URL. An app in redirect mode gets no page: the
    /// link itself answers with the redirect to Battle.net.
    func confirm(_ login: StartedLogin, browser: CookieJar? = nil) async throws -> URL {
        let page = try await get(login.verificationURIComplete, browser: browser)
        if page.status == 303 { return try #require(page.location) }
        #expect(page.status == 200, "\(page.text)")
        let nonce = try #require(page.text.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1)
        let response = try await post(
            "/device", form: [("user_code", login.userCode), ("confirm", String(nonce))], browser: browser)
        #expect(response.status == 303, "\(response.text)")
        return try #require(response.location)
    }

    /// The person decides at the emulator; returns where Battle.net sends the browser back to.
    func decide(_ authorizeURL: URL, approve: Bool = true, battleTag: String = "FaYe#2543") async throws -> URL {
        let response = try await transport.send(TransportRequest(
            url: authorizeURL.appendingQuery([
                ("emulator_decision", approve ? "approve" : "deny"), ("emulator_battletag", battleTag),
            ])))
        #expect(response.status == 302, "\(response.text)")
        return try #require(response.location)
    }

    /// Start, confirm, decide; returns the login and the callback URL (not yet delivered).
    func loginUntilCallback(app: String = "d3", approve: Bool = true) async throws -> (StartedLogin, URL) {
        let login = try await startLogin(app: app)
        let callback = try await decide(try await confirm(login), approve: approve)
        return (login, callback)
    }

    /// The token request; `callbackCode` is what a redirect-mode app's callback URL carried.
    func poll(
        _ login: StartedLogin, clientID: String? = nil, wait: Int? = nil, callbackCode: String? = nil
    ) async throws -> TransportResponse {
        var form = [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", login.deviceCode),
            ("client_id", clientID ?? login.app),
        ]
        if let wait { form.append(("wait", String(wait))) }
        if let callbackCode { form.append(("callback_code", callbackCode)) }
        return try await post("/oauth/token", form: form)
    }
}
