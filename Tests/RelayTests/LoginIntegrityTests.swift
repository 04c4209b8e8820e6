import BattleNet
import BattleNetEmulator
import Foundation
import GRDB
import RelayCore
import Testing

/// Write access to the database alone must not let anyone redirect a login's token (finding 8 of the review).
@Suite("Login rows are authenticated under the relay's key", .timeLimit(.minutes(1)))
struct LoginIntegrityTests {
    /// Rewrites one column of a login row straight in the SQLite file, as someone with only the file could.
    private func tamper(_ relay: RelayHarness, set assignments: String, arguments: StatementArguments) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)  // the relay may be writing (its readiness check, a login) right now
        let queue = try DatabaseQueue(path: relay.databasePath, configuration: configuration)
        try queue.write { db in try db.execute(sql: "UPDATE login SET \(assignments)", arguments: arguments) }
    }

    @Test("A login pointed at another device code (and its sealing key) is refused at the callback; no token is handed out")
    func redirectedDeviceCode() async throws {
        try await withRelay { relay in
            let (victim, callback) = try await relay.loginUntilCallback()
            let attackerCode = Identifiers.deviceCode()
            try tamper(
                relay, set: "device_code_hash = ?, sealing_public_key = ? WHERE device_code_hash = ?",
                arguments: [
                    Identifiers.hash(attackerCode), TokenSealer.loginPublicKey(deviceCode: attackerCode),
                    Identifiers.hash(victim.deviceCode),
                ])
            let page = try await relay.get(callback)
            #expect(page.status == 400)
            #expect(page.text.contains("changed outside the relay"))
            #expect(await relay.emulator.state.count("token.authorization_code") == 0)
            var attacker = victim
            attacker.deviceCode = attackerCode
            #expect(try await relay.poll(attacker).json["access_token"] == nil)
            #expect(try await relay.poll(victim).json["access_token"] == nil)
        }
    }

    @Test("A login moved to another app, or with its MAC removed, is refused too; an untouched one completes")
    func otherColumns() async throws {
        try await withRelay { relay in
            for change in ["app = 'myapp'", "binding_mac = NULL", "scopes = 'openid d3.profile wow.profile'"] {
                let (login, callback) = try await relay.loginUntilCallback()
                try tamper(relay, set: "\(change) WHERE device_code_hash = ?", arguments: [Identifiers.hash(login.deviceCode)])
                #expect(try await relay.get(callback).status == 400, "\(change)")
                #expect(try await relay.poll(login).json["access_token"] == nil, "\(change)")
            }
            let (login, callback) = try await relay.loginUntilCallback()
            #expect(try await relay.get(callback).text.contains("Signed in"))
            #expect(try await relay.poll(login, wait: 1).status == 200)
        }
    }
}
