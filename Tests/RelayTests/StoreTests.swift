import Foundation
import GRDB
import RelayCore
import RelaySQLite
import Testing

@Suite("Login stores: construction", .timeLimit(.minutes(5)))
struct StoreTests {
    @Test("The SQLite store runs on any GRDB writer, such as an in-memory queue")
    func inMemory() async throws {
        let store = try SQLiteLoginStore(writer: DatabaseQueue())
        try await store.migrate()
        try await store.ping()
        let now = Date(timeIntervalSince1970: 1_800_000_000)  // whole seconds: times round-trip exactly
        let deviceCode = Identifiers.deviceCode()
        let login = Login(
            id: Identifiers.loginID(), app: "d3", scopes: ["openid"], deviceCodeHash: Identifiers.hash(deviceCode),
            userCodeHash: Identifiers.hash(UserCode.generate()),
            sealingPublicKey: TokenSealer.loginPublicKey(deviceCode: deviceCode), createdAt: now,
            expiresAt: now.addingTimeInterval(600), interval: 5)
        try await store.insert(login)
        #expect(try await store.login(deviceCodeHash: login.deviceCodeHash) == login)
        #expect(try await store.openLogins(now: now).map(\.id) == [login.id])
    }
}
