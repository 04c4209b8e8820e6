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
        let approved = try await running.startLogin()
        #expect(try await Self.finish(approved))
        let confirmed = try await running.startLogin()
        let confirmedBrowser = PlayerBrowser()
        let authorizeURL = try await confirmedBrowser.confirm(at: confirmed.verificationURIComplete)
        let waiting = try await running.startLogin()
        let abandoned = try await running.startLogin()
        await running.stop()

        // The rotation: a new key, the old one kept read-only.
        try RelayKey.write(to: newKey)
        running = try await rig.start(["--seal-key-file", newKey, "--previous-seal-key-file", oldKey])
        #expect(try await running.poll(approved).status == 200, "the token sealed under the old key")
        let callback = try await confirmedBrowser.decide(authorizeURL)
        #expect(try await confirmedBrowser.follow(callback).text.contains("Signed in"))
        #expect(try await running.poll(confirmed).status == 200, "the login confirmed before the rotation")
        #expect(try await Self.finish(waiting))
        #expect(try await running.poll(waiting).status == 200, "the user code typed after the rotation")
        let fresh = try await running.startLogin()
        #expect(try await Self.finish(fresh))
        await running.stop()

        // The old key retired: the new login still completes; the one left open under the old key is gone.
        running = try await rig.start(["--seal-key-file", newKey])
        #expect(try await running.poll(fresh).status == 200, "a login made under the new key needs no old key")
        await #expect(throws: BrowserError.self, "a login left open under the retired key is gone") {
            try await PlayerBrowser().confirm(at: abandoned.verificationURIComplete)
        }
        let retired = try await runRelayCommand(
            ["check-config", "--previous-seal-key-file", rig.directory.appending(path: "gone.key").path])
        #expect(retired.status != 0)
        #expect(retired.output.contains("gone.key does not exist"), "\(retired.output)")
        await running.stop()
    }

    /// Confirms, approves at Battle.net and delivers the callback in a fresh browser; whether the page says "Signed in".
    private static func finish(_ login: StartedLogin) async throws -> Bool {
        let person = PlayerBrowser()
        let page = try await person.follow(try await person.decide(try await person.confirm(at: login.verificationURIComplete)))
        return page.text.contains("Signed in")
    }
}
