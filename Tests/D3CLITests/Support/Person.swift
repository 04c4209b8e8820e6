import BattleNet
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// Opens the verification link, clicks Continue, and decides at the emulator, as a browser would.
func actAsPerson(link: String, approve: Bool) async throws {
    let browser = CookieJar()
    let page = try await browser.send(TransportRequest(url: try #require(URL(string: link))))
    #expect(page.status == 200)
    let html = String(decoding: page.body, as: UTF8.self)
    let nonce = try #require(html.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1)
    let userCode = try #require(html.firstMatch(of: /name="user_code" value="([^"]+)"/)?.1)
    let device = try #require(URL(string: link)).deletingLastPathComponent().appending(path: "device")
    let confirmed = try await browser.send(TransportRequest(
        method: "POST", url: device, headers: [("Content-Type", "application/x-www-form-urlencoded")],
        body: Data(FormEncoding.encode([("user_code", String(userCode)), ("confirm", String(nonce))]).utf8)))
    #expect(confirmed.status == 303)
    let authorize = try #require(confirmed.header("Location").flatMap(URL.init(string:)))
    let decided = try await AsyncHTTPClientTransport.testing.send(TransportRequest(url: authorize.appendingQuery([
        ("emulator_decision", approve ? "approve" : "deny"), ("emulator_battletag", "FaYe#2543"),
    ])))
    let callback = try #require(decided.header("Location").flatMap(URL.init(string:)))
    let done = try await browser.send(TransportRequest(url: callback))
    #expect(done.status == 200)
}

/// Runs `d3 login` at the sandbox relay and decides as the person; returns the run, ended.
@discardableResult
func signIn(_ sandbox: Sandbox, relay: URL, approve: Bool = true, extra: [String] = []) async throws -> Background {
    let login = try Background(
        "d3", ["login", "--relay", relay.absoluteString, "--no-browser"] + extra, environment: sandbox.environment(),
        directory: sandbox.home)
    try await actAsPerson(link: try await login.await(/Or open (\S+)/), approve: approve)
    _ = try await login.waitForExit()
    return login
}
