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

/// A relay the tests' clients talk to: in process or on a loopback port (``RelayHarness``), or the `bnet-relay`
/// binary (``RelayProcess``).
protocol ClientReachable {
    /// Where its public routes answer.
    var baseURL: URL { get }
    /// What carries a client's requests to it.
    var clientTransport: any HTTPTransport { get }
}

/// The client's steps, over HTTP.
extension ClientReachable {
    /// `POST /oauth/device/code` for `app`; expects the login to start.
    func startLogin(app: String = "d3", scope: String? = nil, redirectURI: String? = nil) async throws -> StartedLogin {
        var form = [("client_id", app)]
        if let scope { form.append(("scope", scope)) }
        if let redirectURI { form.append(("redirect_uri", redirectURI)) }
        let response = try await clientPost("/oauth/device/code", form: form)
        #expect(response.status == 200, "\(response.text)")
        let json = response.json
        return StartedLogin(
            deviceCode: try #require(json["device_code"] as? String),
            userCode: try #require(json["user_code"] as? String),
            verificationURI: try #require((json["verification_uri"] as? String).flatMap(URL.init(string:))),
            verificationURIComplete: try #require((json["verification_uri_complete"] as? String).flatMap(URL.init(string:))),
            interval: try #require(json["interval"] as? Int), app: app)
    }

    /// The token request; `callbackCode` is what a redirect-mode app's callback URL carried.
    func poll(
        _ login: StartedLogin, clientID: String? = nil, wait: Int? = nil, callbackCode: String? = nil,
        timeout: Duration = .seconds(40)
    ) async throws -> TransportResponse {
        var form = [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", login.deviceCode),
            ("client_id", clientID ?? login.app),
        ]
        if let wait { form.append(("wait", String(wait))) }
        if let callbackCode { form.append(("callback_code", callbackCode)) }
        return try await clientPost("/oauth/token", form: form, timeout: timeout)
    }

    private func clientPost(_ path: String, form: [(String, String)], timeout: Duration = .seconds(40)) async throws
        -> TransportResponse
    {
        try await clientTransport.send(TransportRequest(
            method: "POST", url: URL(string: baseURL.absoluteString + path)!,
            headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(FormEncoding.encode(form).utf8),
            timeout: timeout))
    }
}

extension RelayProcess: ClientReachable {
    var clientTransport: any HTTPTransport { transport }
}

extension RelayHarness: ClientReachable {
    var clientTransport: any HTTPTransport { transport }
}

/// The person's steps at a harness relay, each one ``PlayerBrowser``'s.
extension RelayHarness {
    /// The person with `browser` (the harness's own by default), reaching this relay.
    func person(_ browser: CookieJar? = nil) -> PlayerBrowser {
        PlayerBrowser(cookies: browser ?? self.browser, transport: transport)
    }

    /// Opens the verification link in `browser` (the harness's own by default) and, on a confirmation page, clicks
    /// "Continue to Battle.net"; returns the provider's authorize URL. An app in redirect mode gets no page: the
    /// link itself answers with the redirect to Battle.net.
    func confirm(_ login: StartedLogin, browser: CookieJar? = nil) async throws -> URL {
        try await person(browser).confirm(at: login.verificationURIComplete)
    }

    /// The person decides at the emulator; returns where Battle.net sends the browser back to.
    func decide(_ authorizeURL: URL, approve: Bool = true, battleTag: String = "FaYe#2543", scope: String? = nil)
        async throws -> URL
    {
        try await person().decide(authorizeURL, approve: approve, battleTag: battleTag, scope: scope)
    }

    /// Start, confirm, decide; returns the login and the callback URL (not yet delivered).
    func loginUntilCallback(app: String = "d3", approve: Bool = true) async throws -> (StartedLogin, URL) {
        let login = try await startLogin(app: app)
        let callback = try await decide(try await confirm(login), approve: approve)
        return (login, callback)
    }
}
