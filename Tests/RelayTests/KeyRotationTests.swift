import BattleNet
import BattleNetHTTPClient
import Foundation
import RelayCore
import TestSupport
import Testing

/// A seal-key rotation as deploy/README.md describes it, across restarts of the `bnet-relay` process: the new key
/// seals new logins, the old one (`--previous-seal-key-file`) lets the logins open at the rotation finish, and
/// once it is retired only those are lost.
@Suite("Seal-key rotation across restarts", .timeLimit(.minutes(3)))
struct KeyRotationTests {
    @Test("logins open at the rotation complete and hand out their token; new logins use the new key; retiring the old key ends only its logins")
    func rotation() async throws {
        try await withRelayRig("rotate") { rig in try await Self.rotate(rig) }
    }

    private static func rotate(_ rig: RelayRig) async throws {
        let oldKey = rig.directory.appending(path: "seal.key.previous").path
        let newKey = rig.directory.appending(path: "seal.key").path
        try RelayKey.write(to: oldKey)

        // Before the rotation: one login approved (its token sealed, waiting), one confirmed and on its way to
        // Battle.net, two started whose person has not typed the code yet.
        var running = try await rig.start(["--seal-key-file", oldKey])
        let approved = try await Self.start(running)
        let approvedBrowser = CookieJar()
        #expect(try await Self.finish(running, approved, browser: approvedBrowser))
        let confirmed = try await Self.start(running)
        let confirmedBrowser = CookieJar()
        let authorizeURL = try #require(try await Self.confirm(running, confirmed, browser: confirmedBrowser))
        let waiting = try await Self.start(running)
        let abandoned = try await Self.start(running)
        await running.stop()

        // The rotation: a new key, the old one kept read-only.
        try RelayKey.write(to: newKey)
        running = try await rig.start(["--seal-key-file", newKey, "--previous-seal-key-file", oldKey])
        #expect(try await Self.poll(running, approved).status == 200, "the token sealed under the old key")
        let decided = try await transport.send(TransportRequest(url: authorizeURL.appendingQuery([("emulator_decision", "approve")])))
        let callback = try #require(decided.location)
        #expect(try await confirmedBrowser.send(TransportRequest(url: callback)).text.contains("Signed in"))
        #expect(try await Self.poll(running, confirmed).status == 200, "the login confirmed before the rotation")
        #expect(try await Self.finish(running, waiting, browser: CookieJar()))
        #expect(try await Self.poll(running, waiting).status == 200, "the user code typed after the rotation")
        let fresh = try await Self.start(running)
        #expect(try await Self.finish(running, fresh, browser: CookieJar()))
        await running.stop()

        // The old key retired: the new login still completes; the one left open under the old key is gone.
        running = try await rig.start(["--seal-key-file", newKey])
        #expect(try await Self.poll(running, fresh).status == 200, "a login made under the new key needs no old key")
        #expect(try await Self.confirm(running, abandoned, browser: CookieJar()) == nil)
        let retired = try await runRelayCommand(
            ["check-config", "--previous-seal-key-file", rig.directory.appending(path: "gone.key").path])
        #expect(retired.status != 0)
        #expect(retired.output.contains("gone.key does not exist"), "\(retired.output)")
        await running.stop()
    }

    private static func start(_ relay: RelayProcess) async throws -> StartedLogin {
        let started = try await relay.post("/oauth/device/code", form: [("client_id", "d3")])
        return StartedLogin(
            deviceCode: try #require(started.json["device_code"] as? String),
            userCode: try #require(started.json["user_code"] as? String), verificationURI: relay.baseURL,
            verificationURIComplete: relay.baseURL, interval: 5, app: "d3")
    }

    /// Types the user code and confirms; the authorize URL at Battle.net, or nil when the relay does not know the code.
    private static func confirm(_ relay: RelayProcess, _ login: StartedLogin, browser: CookieJar) async throws -> URL? {
        let page = try await browser.send(TransportRequest(
            url: relay.baseURL.appending(path: "device").appendingQuery([("user_code", login.userCode)])))
        guard let nonce = page.text.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1 else { return nil }
        let confirmed = try await browser.send(TransportRequest(
            method: "POST", url: relay.baseURL.appending(path: "device"),
            headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(FormEncoding.encode([("user_code", login.userCode), ("confirm", String(nonce))]).utf8)))
        return confirmed.location
    }

    /// Confirms, approves at Battle.net and delivers the callback; whether the page says "Signed in".
    private static func finish(_ relay: RelayProcess, _ login: StartedLogin, browser: CookieJar) async throws -> Bool {
        guard let authorize = try await confirm(relay, login, browser: browser) else { return false }
        let decided = try await transport.send(TransportRequest(url: authorize.appendingQuery([("emulator_decision", "approve")])))
        guard let callback = decided.location else { return false }
        return try await browser.send(TransportRequest(url: callback)).text.contains("Signed in")
    }

    private static func poll(_ relay: RelayProcess, _ login: StartedLogin) async throws -> TransportResponse {
        try await relay.post("/oauth/token", form: [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", login.deviceCode),
            ("client_id", "d3"),
        ])
    }
}
