import Foundation
import GRDB
import Logging
import RelayApp
import RelayCore
import RelayPostgres
import RelayServer
import RelaySQLite
import Testing

@Suite("Login stores: construction", .timeLimit(.minutes(2)))
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
        #expect(try await store.openLogins(now: now, after: nil, limit: 100).map(\.id) == [login.id])
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

@Suite("Login stores: one browser per login", .timeLimit(.minutes(2)))
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

@Suite("PostgreSQL locations: verifying a remote server", .timeLimit(.minutes(1)))
struct PostgresLocationTests {
    @Test("A remote server that is not verified is warned about; a local or verified one is not", arguments: [
        ("postgres://u@db.example.com/relay", true),
        ("postgres://u@db.example.com/relay?sslmode=prefer", true),
        ("postgres://u@db.example.com/relay?sslmode=require", true),
        ("postgres://u@10.0.0.5:5433/relay?sslmode=disable", true),
        ("postgres://u@[2001:db8::5]/relay?sslmode=require", true),
        ("postgres://u@127.0.0.2.example.com/relay", true),
        ("postgres://u@db.example.com/relay?sslmode=verify-full", false),
        ("postgres://u@db.example.com/relay?sslmode=verify-ca", false),
        ("postgres://u@localhost/relay", false),
        ("postgres://u@LOCALHOST/relay?sslmode=disable", false),
        ("postgres://u@127.0.0.1/relay?sslmode=require", false),
        ("postgres://u@127.8.9.10/relay", false),
        ("postgres://u@[::1]:5432/relay", false),
        ("postgres://u@[::ffff:127.0.0.1]/relay", false),
        ("postgres://u@%2Fvar%2Frun%2Fpostgresql/relay", false),
    ])
    func warning(url: String, warned: Bool) throws {
        let location = try PostgresLocation(url: url)
        #expect((location.unverifiedServerWarning != nil) == warned)
        #expect((try DatabaseLocation(parsing: url).warning != nil) == warned)
    }

    @Test("The warning names the host and the mode, and says what to set")
    func text() throws {
        let warning = try #require(try PostgresLocation(url: "postgres://u:secret@db.example.com/relay?sslmode=require").unverifiedServerWarning)
        #expect(warning.contains("db.example.com"))
        #expect(warning.contains("sslmode=require"))
        #expect(warning.contains("sslmode=verify-full"))
        #expect(!warning.contains("secret"))
        #expect(DatabaseLocation.sqlite(path: "/var/lib/bnet-relay/relay.sqlite").warning == nil)
    }

    @Test("check-config prints the warning for a remote server it does not verify, and not for a verified one")
    func checkConfig() async throws {
        let unverified = try await runRelayCommand(["check-config", "--database", "postgres://relay@db.example.com/relay?sslmode=require"])
        #expect(unverified.output.contains("warning: the PostgreSQL server db.example.com is not on this machine"), "\(unverified.output)")
        let verified = try await runRelayCommand(["check-config", "--database", "postgres://relay@db.example.com/relay?sslmode=verify-full"])
        #expect(!verified.output.contains("warning:"), "\(verified.output)")
    }
}
