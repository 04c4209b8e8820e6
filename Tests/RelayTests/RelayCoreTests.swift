import BattleNet
import Crypto
import Foundation
@testable import RelayApp
import RelayCore
import Logging
import RelayPostgres
import RelaySQLite
import TestSupport
import Testing

@testable import RelayServer

@Suite("Schemes, identifiers, sealing", .timeLimit(.minutes(2)))
struct RelayCoreTests {
    @Test("Only RFC 3986 schemes that cannot be web, script or local content are accepted", arguments: [
        ("d3", true), ("myapp", true), ("com.example.app", true), ("My+App-2", true), ("http", false),
        ("HTTPS", false), ("javascript", false), ("data", false), ("file", false), ("blob", false), ("about", false),
        ("vbscript", false), ("2app", false), ("", false), ("my app", false), ("app/..", false), ("app%2F", false),
        ("ap\r\np", false), (String(repeating: "a", count: 65), false), ("привет", false),
    ])
    func schemes(name: String, accepted: Bool) {
        #expect(((try? SchemeValidator.validate(name)) != nil) == accepted)
    }

    @Test("--app parses NAME=MODE and explains mistakes")
    func appArguments() throws {
        let app = try AppRegistration(argument: "MyApp=redirect")
        #expect(app.name == "MyApp")
        #expect(AppRegistry([app]).app(named: "myapp")?.name == "MyApp")
        #expect(app.mode == .redirect)
        #expect(throws: AppArgumentError.self) { try AppRegistration(argument: "myapp") }
        #expect(throws: AppArgumentError.self) { try AppRegistration(argument: "https=poll") }
        #expect(AppRegistry([]).all.map(\.name) == ["bnet", "d3"])
    }

    @Test("User codes come from the unambiguous alphabet and normalise case and separators")
    func userCodes() {
        for _ in 0..<200 {
            let code = UserCode.generate()
            #expect(code.wholeMatch(of: /[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}/) != nil)
        }
        #expect(UserCode.normalize("wdjb-mjht") == "WDJBMJHT")
        #expect(UserCode.normalize(" WDJB MJHT ") == "WDJBMJHT")
        #expect(UserCode.normalize("WDJB-MJH0") == nil)
        #expect(UserCode.normalize("WDJB-MJHTX") == nil)
        #expect(UserCode.normalize("ＷＤＪＢ-ＭＪＨＴ") == nil)
        #expect(Identifiers.deviceCode() != Identifiers.deviceCode())
        #expect(Base64URL.decode(Identifiers.deviceCode())?.count == 32)
    }

    @Test("Login ids never start with '-', so an operator can pass one to `logins --revoke` as shown")
    func loginIDs() {
        let ids = (0..<5_000).map { _ in Identifiers.loginID() }
        #expect(!ids.contains { $0.hasPrefix("-") })
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { Base64URL.decode($0)?.count == 16 })
    }

    @Test("Secret comparison is exact")
    func constantTime() {
        #expect(Identifiers.constantTimeEquals("abc", "abc"))
        #expect(!Identifiers.constantTimeEquals("abc", "abd"))
        #expect(!Identifiers.constantTimeEquals("abc", "abcd"))
    }

    @Test("A sealed token opens only with its device code and the relay's key")
    func sealing() throws {
        let key = RelayKey.generate()
        let deviceCode = Identifiers.deviceCode()
        let sealer = TokenSealer(relayKey: key)
        let sealed = try sealer.seal(
            Data("token".utf8), loginPublicKey: TokenSealer.loginPublicKey(deviceCode: deviceCode), loginID: "L1")
        #expect(try sealer.open(sealed, deviceCode: deviceCode, loginID: "L1") == Data("token".utf8))
        #expect(throws: TokenSealer.OpenError.cannotOpen) { try sealer.open(sealed, deviceCode: "other", loginID: "L1") }
        #expect(throws: TokenSealer.OpenError.cannotOpen) { try sealer.open(sealed, deviceCode: deviceCode, loginID: "L2") }
        #expect(throws: TokenSealer.OpenError.cannotOpen) {
            try TokenSealer(relayKey: RelayKey.generate()).open(sealed, deviceCode: deviceCode, loginID: "L1")
        }
        var tampered = sealed
        tampered.box[tampered.box.count - 1] ^= 1
        #expect(throws: TokenSealer.OpenError.cannotOpen) { try sealer.open(tampered, deviceCode: deviceCode, loginID: "L1") }
    }

    @Test("Key files are written 0600, never overwritten, and refused when readable by others")
    func keyFiles() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "key-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let written = try RelayKey.write(to: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try RelayKey.read(from: path) == written)
        #expect(throws: RelayKey.Error.self) { try RelayKey.write(to: path) }
        chmod(path, 0o644)
        #expect(throws: RelayKey.Error.tooOpen(path: path, mode: 0o644)) { try RelayKey.read(from: path) }
        #expect(throws: RelayKey.Error.missing(path: path + ".none")) { try RelayKey.read(from: path + ".none") }
    }

    @Test("X-Forwarded-For is believed only from trusted proxies")
    func trustedProxies() throws {
        let middleware = ClientAddressMiddleware(trusted: ["127.0.0.1", "10.0.0.0/8", "fd00::/8"].compactMap(IPRange.init))
        #expect(middleware.resolve(peer: "127.0.0.1", forwarded: ["203.0.113.7"]).address == "203.0.113.7")
        #expect(middleware.resolve(peer: "127.0.0.1", forwarded: ["198.51.100.1, 203.0.113.7, 10.1.2.3"]).address == "203.0.113.7")
        #expect(middleware.resolve(peer: "192.0.2.9", forwarded: ["203.0.113.7"]).address == "192.0.2.9")
        #expect(middleware.resolve(peer: "127.0.0.1", forwarded: ["not-an-ip"]) == .init(address: ClientAddressMiddleware.unusableBucket, unusable: true))
        #expect(middleware.resolve(peer: "fd00::1", forwarded: ["2001:db8::5"]).address == "2001:db8::5")
        #expect(middleware.resolve(peer: "127.0.0.1", forwarded: []).address == "127.0.0.1")
        #expect(IPRange("10.0.0.0/33") == nil)
        #expect(IPRange("::ffff:10.1.1.1").map { _ in true } == true)
        #expect(IPRange("10.0.0.0/8")?.contains(try #require(IPAddress("::ffff:10.9.9.9"))) == true)
        #expect(IPRange("0.0.0.0/0")?.contains(try #require(IPAddress(" 192.0.2.1\t"))) == true)
        #expect(IPRange("0.0.0.0/0")?.contains(try #require(IPAddress("2001:db8::1"))) == false)
        #expect(IPRange("fd00::/8")?.contains(try #require(IPAddress("fe00::1"))) == false)
        #expect(IPRange("10.1.2.3")?.contains(try #require(IPAddress("10.1.2.4"))) == false)
        #expect(IPAddress("10.1.2") == nil)
    }

    @Test("Ranges compare the right bits on both sides of the 64-bit halves", arguments: [
        ("2001:db8::/32", "2001:db8:ffff:ffff::1", true), ("2001:db8::/32", "2001:db9::1", false),
        ("2001:db8:0:1::/64", "2001:db8:0:1:ffff::1", true), ("2001:db8:0:1::/64", "2001:db8:0:2::1", false),
        ("2001:db8::/65", "2001:db8::7fff:0:0:1", true), ("2001:db8::/65", "2001:db8::8000:0:0:1", false),
        ("::/0", "ffff::1", true), ("2001:db8::1/128", "2001:db8::1", true), ("2001:db8::1/128", "2001:db8::2", false),
        ("192.0.2.0/24", "192.0.2.255", true), ("192.0.2.0/25", "192.0.2.128", false), ("192.0.2.7/32", "192.0.2.7", true),
    ])
    func rangeBits(range: String, address: String, contained: Bool) throws {
        #expect(try #require(IPRange(range)).contains(try #require(IPAddress(address))) == contained)
    }

    @Test("Limits count an IPv6 client by its /64 and an IPv4 client by its address")
    func limitKeys() {
        #expect(IPAddress("2001:db8:0:1:aaaa:bbbb:cccc:dddd")?.limitKey == "2001:db8:0:1::/64")
        #expect(IPAddress("::ffff:203.0.113.9")?.limitKey == "203.0.113.9")
        #expect(IPAddress("198.51.100.200")?.limitKey == "198.51.100.200")
    }

    @Test("The rate limiter allows the burst, then refuses until its clock has refilled a token")
    func rateLimiter() async {
        let clock = ManualClock()
        let limiter = RateLimiter(name: "test", burst: 3, perMinute: 1, clock: clock.relay)
        var allowed = 0
        for _ in 0..<10 where await limiter.allow("a") { allowed += 1 }
        #expect(allowed == 3)
        #expect(await limiter.allow("b"))
        clock.advance(.seconds(59))
        #expect(await !limiter.hasToken("a"), "59 s refill less than a token")
        clock.advance(.seconds(2))
        #expect(await limiter.allow("a"), "61 s refill a token")
        #expect(await !limiter.allow("a"))
    }
}

/// The stores under test: the embedded default and PostgreSQL.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// A fresh, empty database location for this kind.
    func newDatabase() async throws -> String {
        switch self {
        case .sqlite: FileManager.default.temporaryDirectory.appending(path: "store-\(UUID().uuidString).sqlite").path
        case .postgres: try await PostgresServer.shared.newDatabase()
        }
    }
}

@Suite("Login stores (SQLite and PostgreSQL)", .timeLimit(.minutes(2)))
struct LoginStoreTests {
    private func makeLogin(now: Date, deviceCode: String = Identifiers.deviceCode()) -> Login {
        Login(
            id: Identifiers.loginID(), app: "d3", scopes: ["openid"], deviceCodeHash: Identifiers.hash(deviceCode),
            userCodeHash: Identifiers.hash(UserCode.generate()),
            sealingPublicKey: TokenSealer.loginPublicKey(deviceCode: deviceCode), createdAt: now,
            expiresAt: now.addingTimeInterval(600), interval: 5)
    }

    /// Runs `body` with the store at `database`, its services (PostgreSQL's pool) running, as the relay runs it.
    private func withStore(_ database: String, _ body: (any LoginStore) async throws -> Void) async throws {
        try await DatabaseLocation(parsing: database).withStore(logger: Logger(label: "store-test"), body)
    }

    @Test("Concurrent collects of one approved login succeed exactly once, also after reopening", arguments: StoreKind.allCases)
    func atomicCollect(kind: StoreKind) async throws {
        let database = try await kind.newDatabase()
        let now = Date()
        let login = makeLogin(now: now)
        try await withStore(database) { store in
            try await store.migrate()
            try await store.migrate()
            try await store.insert(login)
            #expect(try await store.login(userCodeHash: login.userCodeHash, now: now)?.id == login.id)
            #expect(try await store.beginAuthorization(loginID: login.id, replacing: nil, stateHash: "s", now: now))
            #expect(try await store.consumeState(stateHash: "s", now: now)?.id == login.id)
            #expect(try await store.consumeState(stateHash: "s", now: now) == nil)
            let sealed = TokenSealer.Sealed(ephemeralPublicKey: Data([1, 2]), box: Data([3, 4, 5]))
            #expect(try await store.approve(loginID: login.id, sealed: sealed, battleTag: "A#1", accountID: 7, now: now))
            #expect(try await !store.approve(loginID: login.id, sealed: sealed, battleTag: "A#1", accountID: 7, now: now))
        }
        try await withStore(database) { reopened in
            try await reopened.migrate()
            try await reopened.ping()
            #expect(try await reopened.openLogins(now: now, after: nil, limit: 100).map(\.status) == [.approved])
            let results = try await withThrowingTaskGroup(of: TokenSealer.Sealed?.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await reopened.collect(deviceCodeHash: login.deviceCodeHash, now: now)?.sealedToken }
                }
                return try await group.reduce(into: [TokenSealer.Sealed?]()) { $0.append($1) }
            }
            #expect(results.compactMap { $0 } == [TokenSealer.Sealed(ephemeralPublicKey: Data([1, 2]), box: Data([3, 4, 5]))])
            let after = try #require(try await reopened.login(deviceCodeHash: login.deviceCodeHash))
            #expect(after.status == .collected)
            #expect(after.sealedToken == nil)
            #expect(after.battleTag == "A#1")
            #expect(after.accountID == 7)
            #expect(try await reopened.recentLogins(limit: 5).count == 1)
            #expect(try await reopened.purge(before: now.addingTimeInterval(7200), expiringBefore: now.addingTimeInterval(7800), limit: 100) == 1)
        }
    }

    @Test("Ended logins refuse further changes, and expired ones are not found by user code", arguments: StoreKind.allCases)
    func transitions(kind: StoreKind) async throws {
        try await withStore(try await kind.newDatabase()) { store in
            let now = Date()
            let login = makeLogin(now: now)
            try await store.insert(login)
            #expect(try await store.finish(loginID: login.id, status: .revoked, failure: "revoked_by_operator", now: now))
            #expect(try await !store.finish(loginID: login.id, status: .denied, failure: nil, now: now))
            #expect(try await !store.beginAuthorization(loginID: login.id, replacing: nil, stateHash: "t", now: now))
            #expect(try await store.login(deviceCodeHash: login.deviceCodeHash)?.failure == "revoked_by_operator")
            let late = makeLogin(now: now)
            try await store.insert(late)
            #expect(try await store.login(userCodeHash: late.userCodeHash, now: now.addingTimeInterval(601)) == nil)
            #expect(try await store.openLogins(now: now.addingTimeInterval(601), after: nil, limit: 100).isEmpty)
        }
    }
}

@Suite("JSON bodies", .timeLimit(.minutes(2)))
struct JSONBodyTests {
    @Test("The relay's own bodies escape what RFC 8259 requires and round-trip through a JSON parser")
    func roundTrip() throws {
        let tricky = "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} line-sep \u{2028} 전사 😀"
        let object: JSONBody = [
            "text": .string(tricky), "number": 86_399, "negative": -5, "flag": true, "off": false,
            "list": ["a", "b\"c"], "empty": [], "plain": "전사#3100 and ☃", "url": "https://relay.example.com/device",
        ]
        let text = object.text
        #expect(!text.contains("\n"))
        #expect(text.contains(#""url":"https://relay.example.com/device""#))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["text"] as? String == tricky)
        #expect(parsed["plain"] as? String == "전사#3100 and ☃")
        #expect(parsed["number"] as? Int == 86_399)
        #expect(parsed["negative"] as? Int == -5)
        #expect(parsed["flag"] as? Bool == true)
        #expect(parsed["off"] as? Bool == false)
        #expect(parsed["list"] as? [String] == ["a", "b\"c"])
        #expect((parsed["empty"] as? [String])?.isEmpty == true)
    }

    @Test("Keys are sorted, so a body's bytes are the same in every process; setting a field replaces it, nil removes it")
    func fieldOrder() {
        var body: JSONBody = ["b": 1, "a": 2]
        #expect(body.text == #"{"a":2,"b":1}"#)
        body["b"] = "x"
        body["c"] = true
        #expect(body.text == #"{"a":2,"b":"x","c":true}"#)
        body["a"] = nil
        #expect(body.text == #"{"b":"x","c":true}"#)
        #expect(body["c"] == .bool(true))
    }
}
