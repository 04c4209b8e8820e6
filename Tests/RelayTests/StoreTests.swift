import Foundation
import GRDB
import Logging
import RelayCore
import RelayServer
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
        let login = Self.login(now: now)
        try await store.insert(login)
        #expect(try await store.login(deviceCodeHash: login.deviceCodeHash) == login)
        #expect(try await store.openLogins(now: now).map(\.id) == [login.id])
    }

    /// A new pending login, started at `now`, open for 10 minutes.
    static func login(now: Date) -> Login {
        let deviceCode = Identifiers.deviceCode()
        return Login(
            id: Identifiers.loginID(), app: "d3", scopes: ["openid"], deviceCodeHash: Identifiers.hash(deviceCode),
            userCodeHash: Identifiers.hash(UserCode.generate()),
            sealingPublicKey: TokenSealer.loginPublicKey(deviceCode: deviceCode), createdAt: now,
            expiresAt: now.addingTimeInterval(600), interval: 5)
    }
}

@Suite("Login stores: one browser per login", .timeLimit(.minutes(5)))
struct OneBrowserPerLoginTests {
    @Test("Of concurrent confirmations of one login exactly one wins; only the winner's state may confirm again", arguments: StoreKind.allCases)
    func oneWinner(kind: StoreKind) async throws {
        try await DatabaseLocation(parsing: try await kind.newDatabase()).withStore(logger: Logger(label: "store-test")) { store in
            let now = Date()
            let login = StoreTests.login(now: now)
            try await store.insert(login)
            let winners = try await Self.confirmConcurrently(store, login, replacing: nil, now: now)
            #expect(winners.count == 1, "\(winners)")
            let winner = try #require(winners.first)
            #expect(try await store.login(deviceCodeHash: login.deviceCodeHash)?.stateHash == winner)
            #expect(try await !store.beginAuthorization(loginID: login.id, replacing: nil, stateHash: "other", now: now))

            let again = try await Self.confirmConcurrently(store, login, replacing: winner, now: now)
            #expect(again.count == 1, "\(again)")
            let current = try #require(again.first)
            #expect(try await !store.beginAuthorization(loginID: login.id, replacing: winner, stateHash: "stale", now: now))

            #expect(try await store.consumeState(stateHash: current, now: now)?.id == login.id)
            #expect(try await !store.beginAuthorization(loginID: login.id, replacing: nil, stateHash: "late", now: now))
            #expect(try await !store.beginAuthorization(loginID: login.id, replacing: current, stateHash: "late", now: now))
            let expired = StoreTests.login(now: now.addingTimeInterval(-700))
            try await store.insert(expired)
            #expect(try await !store.beginAuthorization(loginID: expired.id, replacing: nil, stateHash: "old", now: now))
        }
    }

    /// 16 confirmations at once, each with a state of its own; returns the states that won.
    private static func confirmConcurrently(
        _ store: any LoginStore, _ login: Login, replacing previous: String?, now: Date
    ) async throws -> [String] {
        try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let state = Identifiers.hash(Identifiers.state())
                    let won = try await store.beginAuthorization(
                        loginID: login.id, replacing: previous, stateHash: state, now: now)
                    return won ? state : nil
                }
            }
            return try await group.reduce(into: [String]()) { if let state = $1 { $0.append(state) } }
        }
    }
}
