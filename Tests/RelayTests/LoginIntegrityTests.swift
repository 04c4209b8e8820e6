import BattleNet
import BattleNetEmulator
import Crypto
import Foundation
import GRDB
import InMemoryLogging
@testable import RelayCore
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
        try await withRelay(via: .router) { relay in
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
        try await withRelay(via: .router) { relay in
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

    @Test("Swapping user_code_hash between two rows is refused: the victim's code names nothing and no token goes to the other login")
    func swappedUserCodes() async throws {
        try await withRelay(via: .router) { relay in
            let victim = try await relay.startLogin()
            let attacker = try await relay.startLogin()
            let path = relay.databasePath
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try await queue.write { db in
                let victimHash = Identifiers.hash(victim.deviceCode)
                let attackerHash = Identifiers.hash(attacker.deviceCode)
                let codes = try Row.fetchAll(
                    db, sql: "SELECT device_code_hash, user_code_hash FROM login WHERE device_code_hash IN (?, ?)",
                    arguments: [victimHash, attackerHash])
                let byDevice = Dictionary(uniqueKeysWithValues: codes.map { ($0[0] as String, $0[1] as String) })
                // Through a placeholder: user codes are unique among open logins.
                for (device, code) in [(victimHash, "swapping"), (attackerHash, byDevice[victimHash]), (victimHash, byDevice[attackerHash])] {
                    try db.execute(sql: "UPDATE login SET user_code_hash = ? WHERE device_code_hash = ?", arguments: [code, device])
                }
            }
            let page = try await relay.get(victim.verificationURIComplete)
            #expect(page.status == 404)
            #expect(!page.text.contains(#"name="confirm""#))
            #expect(try await relay.poll(attacker).json["access_token"] == nil)
            #expect(relay.logs.text.contains("verifies under no seal key the relay holds"))
        }
    }

    @Test("A row written under the first MAC formula (before it covered the user code and the times) still verifies; a changed one does not")
    func firstFormula() throws {
        let keyring = LoginKeyring(current: SymmetricKey(size: .bits256))
        var login = Login(
            id: Identifiers.loginID(), app: "d3", scopes: ["openid"], deviceCodeHash: Identifiers.hash("device"),
            userCodeHash: "u", sealingPublicKey: TokenSealer.loginPublicKey(deviceCode: "device"), createdAt: Date(),
            expiresAt: Date().addingTimeInterval(600), interval: 5)
        login.bindingMAC = keyring.bindingMACVersion1(for: login, key: keyring.current)
        #expect(keyring.isAuthentic(login))
        login.app = "myapp"
        #expect(!keyring.isAuthentic(login))
        login.app = "d3"
        login.bindingMAC = keyring.bindingMAC(for: login)
        #expect(try #require(login.bindingMAC).hasPrefix("v2."))
        login.userCodeHash = "other"
        #expect(!keyring.isAuthentic(login))
    }
}
