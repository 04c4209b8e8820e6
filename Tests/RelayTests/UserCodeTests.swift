import BattleNet
import BattleNetEmulator
import Foundation
import Logging
import RelayCore
import RelaySQLite
import RelayServer
import Testing

@Suite("User codes are unique among open logins", .timeLimit(.minutes(1)))
struct UserCodeTests {
    @Test("The store refuses a second open login with the same user code, and takes it again once the first ended")
    func storeRefusesDuplicates() async throws {
        try await withRelay(via: .router) { relay in
            let store = relay.service.store
            func login(_ id: String) -> Login {
                Login(
                    id: id, app: "d3", scopes: ["openid"], deviceCodeHash: Identifiers.hash(id), userCodeHash: "same",
                    sealingPublicKey: Data([1]), createdAt: Date(), expiresAt: Date().addingTimeInterval(600), interval: 5)
            }
            try await store.insert(login("first"))
            await #expect(throws: UserCodeTaken.self) { try await store.insert(login("second")) }
            #expect(try await store.finish(loginID: "first", status: .failed, failure: "test", now: Date()))
            try await store.insert(login("third"))
        }
    }

    @Test("A start that draws a code an open login holds draws again; the older login keeps its code")
    func serviceDrawsAgain() async throws {
        try await withRelay(via: .router) { relay in
            let codes = CodeSequence(["BCDF-GHJK", "BCDF-GHJK", "BCDF-GHJK", "WXZB-CDFG"])
            let service = LoginService(
                settings: relay.service.settings, apps: relay.service.apps, store: relay.service.store,
                oauth: OAuthClient(credentials: relayCredentials, endpoints: relay.emulator.endpoints, transport: relay.transport),
                keyring: relay.service.keyring, logger: Logger(label: "test"), clock: relay.service.clock,
                userCodes: { codes.next() })
            let first = try await service.start(clientID: "d3", scope: nil)
            let second = try await service.start(clientID: "d3", scope: nil)
            #expect(first.userCode == "BCDF-GHJK")
            #expect(second.userCode == "WXZB-CDFG")
            #expect(try await service.login(userCode: "BCDF-GHJK")?.deviceCodeHash == Identifiers.hash(first.deviceCode))
            #expect(try await service.login(userCode: "WXZB-CDFG")?.deviceCodeHash == Identifiers.hash(second.deviceCode))
        }
    }
}

/// Hands out the given user codes in order.
final class CodeSequence: @unchecked Sendable {
    private let lock = NSLock()
    private var codes: [String]

    init(_ codes: [String]) { self.codes = codes }

    func next() -> String { lock.withLock { codes.removeFirst() } }
}
