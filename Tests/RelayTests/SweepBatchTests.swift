import BattleNet
import Crypto
import Foundation
import Logging
import RelayApp
import RelayCore
import RelayServer
import TestSupport
import Testing

/// The sweep and the warm-up over many logins: each store query handles one batch, the warm-up holds no more than
/// the open-login cap, and a change made outside the process is still found in a later batch.
@Suite("Sweep and warm-up in batches (SQLite and PostgreSQL)", .timeLimit(.minutes(2)))
struct SweepBatchTests {
    static let key = SymmetricKey(size: .bits256)
    static let keyring = LoginKeyring(current: key)

    /// The sealing key of every login here: none is approved, so nothing is ever sealed to it (deriving one per login
    /// was a fifth of this suite's time).
    static let sealingKey = TokenSealer.loginPublicKey(deviceCode: Identifiers.deviceCode())

    /// A login started at `createdAt` whose binding MAC verifies under ``keyring``.
    static func login(createdAt: Date, deviceCode: String = Identifiers.deviceCode()) -> Login {
        var login = Login(
            id: Identifiers.loginID(), app: "d3", scopes: ["openid"], deviceCodeHash: Identifiers.hash(deviceCode),
            userCodeHash: Identifiers.hash(UserCode.generate() + deviceCode), sealingPublicKey: sealingKey,
            createdAt: createdAt, expiresAt: createdAt.addingTimeInterval(600), interval: 5)
        login.bindingMAC = keyring.bindingMAC(for: login)
        return login
    }

    /// A service over `store` with a fresh poll index, at `now`, holding at most `maxOpenLogins` (nil: the default);
    /// it never reaches Battle.net.
    static func service(store: any LoginStore, now: Date, maxOpenLogins: Int? = nil) -> LoginService {
        var settings = RelaySettings.defaults(publicURL: URL(string: "https://relay.example.com")!)
        if let maxOpenLogins { settings.maxOpenLogins = maxOpenLogins }
        return LoginService(
            settings: settings,
            apps: AppRegistry(try! .parsing(["d3=poll"])), store: store,
            oauth: OAuthClient(
                credentials: ClientCredentials(id: "relay", secret: "secret"),
                endpoints: BattleNetEndpoints(emulatorBaseURL: URL(string: "http://battle.net.invalid")!),
                transport: LoginServiceTests.NoNetwork()),
            keyring: keyring, logger: Logger(label: "sweep-test"), clock: ManualClock(now).relay)
    }

    /// Inserts `logins`, eight at a time (the PostgreSQL store's round trips overlap).
    static func insert(_ logins: [Login], into store: any LoginStore) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, login) in logins.enumerated() {
                if index >= 8 { try await group.next() }
                group.addTask { try await store.insert(login) }
            }
            try await group.waitForAll()
        }
    }

    @Test("2,050 logins past retention are deleted 1,000 at a time; 1,050 open ones warm up in pages, at most the cap", arguments: StoreKind.allCases)
    func batches(kind: StoreKind) async throws {
        let now = Date()
        try await DatabaseLocation(parsing: try await kind.newDatabase()).withStore(logger: Logger(label: "sweep-test")) { store in
            try await store.migrate()
            try await Self.insert((0..<2_050).map { _ in Self.login(createdAt: now.addingTimeInterval(-7_200)) }, into: store)
            let deviceCodes = (0..<1_050).map { _ in Identifiers.deviceCode() }
            let open = deviceCodes.map { Self.login(createdAt: now, deviceCode: $0) }
            try await Self.insert(open, into: store)

            #expect(try await store.purge(before: now.addingTimeInterval(-3_600), expiringBefore: now.addingTimeInterval(-3_000), limit: 1_000) == 1_000)
            let service = Self.service(store: store, now: now)
            #expect(try await service.sweep() == 1_050, "the sweep deletes the rest, batch after batch")
            #expect(try await store.recentLogins(limit: 5_000).count == 1_050)

            var page = try await store.openLogins(now: now, after: nil, limit: 1_000)
            #expect(page.count == 1_000)
            page += try await store.openLogins(now: now, after: page.last?.deviceCodeHash, limit: 1_000)
            #expect(Set(page.map(\.id)) == Set(open.map(\.id)), "two pages hold every open login once")

            #expect(try await service.warmUp() == 1_050)
            #expect(service.index.loginCount == 1_050)
            let capped = Self.service(store: store, now: now, maxOpenLogins: 400)
            #expect(try await capped.warmUp() == 400, "the warm-up holds no more than the cap")
            #expect(capped.index.loginCount == 400)
            let outside = try #require(deviceCodes.first { capped.index.entry(Identifiers.hash($0)) == nil })
            guard case .error(let pending) = await capped.poll(deviceCode: outside, clientID: "d3", wait: nil, network: "192.0.2.1") else {
                Issue.record("a pending login handed out a token")
                return
            }
            #expect(pending.error == "authorization_pending", "a login past the cap is answered from the store")
            #expect(capped.index.loginCount == 400, "and not kept in memory")

            // An operator's revocation reaches the index at the next sweep, whichever batch holds the login.
            let last = try #require(open.last)
            #expect(try await store.finish(loginID: last.id, status: .revoked, failure: "revoked_by_operator", now: now))
            #expect(service.index.entry(last.deviceCodeHash)?.status == .pending)
            #expect(try await service.sweep() == 0)
            #expect(service.index.entry(last.deviceCodeHash)?.status == .revoked)
            let statuses = try await store.statuses(deviceCodeHashes: [last.deviceCodeHash, open[0].deviceCodeHash, "unknown"])
            #expect(statuses.count == 2)
            #expect(statuses[last.deviceCodeHash] == .revoked)
        }
    }

    @Test("The sweep deletes what expired or ended before the retention cutoff and keeps the rest, wherever the rows lie", arguments: StoreKind.allCases)
    func retention(kind: StoreKind) async throws {
        let now = Date()
        try await DatabaseLocation(parsing: try await kind.newDatabase()).withStore(logger: Logger(label: "sweep-test")) { store in
            try await store.migrate()
            // Recent logins first, so that a purge walking the table in row order would meet them before the old ones.
            let recentOpen = Self.login(createdAt: now.addingTimeInterval(-100))
            var endedLately = Self.login(createdAt: now.addingTimeInterval(-3_000))
            endedLately.status = .collected
            endedLately.updatedAt = now.addingTimeInterval(-2_900)
            var endedBeforeCutoff = Self.login(createdAt: now.addingTimeInterval(-3_700))
            endedBeforeCutoff.status = .denied
            endedBeforeCutoff.updatedAt = now.addingTimeInterval(-3_650)
            let expiredLongAgo = Self.login(createdAt: now.addingTimeInterval(-7_200))
            for login in [recentOpen, endedLately, endedBeforeCutoff, expiredLongAgo] { try await store.insert(login) }

            #expect(try await Self.service(store: store, now: now).sweep() == 2)
            let kept = Set(try await store.recentLogins(limit: 10).map(\.id))
            #expect(kept == [recentOpen.id, endedLately.id], "ended 2,900 s ago and open are kept (retention 3,600 s)")
        }
    }
}
