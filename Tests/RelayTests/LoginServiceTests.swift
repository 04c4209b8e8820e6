import BattleNet
import Crypto
import Foundation
import GRDB
import Logging
import RelayCore
import RelaySQLite
import TestSupport
import Testing

/// The login state machine with no socket: an in-memory SQLite store, a clock the test moves, and a transport that
/// fails the test if the service calls Battle.net where it must not.
@Suite("LoginService in memory", .timeLimit(.minutes(1)))
struct LoginServiceTests {
    /// A transport for paths that must not reach Battle.net.
    struct NoNetwork: HTTPTransport {
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            Issue.record("unexpected request to \(request.url)")
            throw BattleNetError.unreachable("no network in this test")
        }
    }

    static func service(clock: ManualClock) async throws -> LoginService {
        let store = try SQLiteLoginStore(writer: DatabaseQueue())
        try await store.migrate()
        return LoginService(
            settings: .defaults(publicURL: URL(string: "https://relay.example.com")!),
            apps: AppRegistry(try .parsing(["d3=poll", "myapp=redirect", "wowapp=poll:openid wow.profile"])), store: store,
            oauth: OAuthClient(
                credentials: ClientCredentials(id: "relay", secret: "secret"),
                endpoints: BattleNetEndpoints(emulatorBaseURL: URL(string: "http://battle.net.invalid")!), transport: NoNetwork()),
            keyring: LoginKeyring(current: SymmetricKey(size: .bits256)), logger: Logger(label: "test"),
            clock: clock.relay)
    }

    @Test("Start, find by user code, authorize, poll pending; then expired once the clock passes the lifetime")
    func lifecycle() async throws {
        let clock = ManualClock()
        let service = try await Self.service(clock: clock)
        let started = try await service.start(clientID: "d3", scope: nil)
        let login = try #require(try await service.login(userCode: started.userCode))
        #expect(service.keyring.isAuthentic(login))
        let authorization = try #require(try await service.authorize(login))
        #expect(authorization.url.absoluteString.hasPrefix("http://battle.net.invalid"))
        guard case .error(let pending) = await service.poll(deviceCode: started.deviceCode, clientID: "d3", wait: nil, network: "192.0.2.1") else {
            Issue.record("a pending login handed out a token")
            return
        }
        #expect(pending.error == "authorization_pending")
        clock.advance(.seconds(601))
        guard case .error(let expired) = await service.poll(deviceCode: started.deviceCode, clientID: nil, wait: nil, network: "192.0.2.1") else {
            Issue.record("an expired login handed out a token")
            return
        }
        #expect(expired.error == "expired_token")
        #expect(try await service.login(userCode: started.userCode) == nil)
    }

    @Test("Refusals at start: an unknown app, a scope not allowed")
    func startRefusals() async throws {
        let service = try await Self.service(clock: ManualClock())
        await #expect(throws: Refusal("invalid_client", "Unknown client_id: register the app on the relay with --app NAME=MODE.")) {
            try await service.start(clientID: "nosuch", scope: nil)
        }
        await #expect { try await service.start(clientID: "d3", scope: "offline_access") } throws: { ($0 as? Refusal)?.error == "invalid_scope" }
    }

    @Test("An app registered with its own scopes gets those and is refused any other; an app without uses the default")
    func appScopes() async throws {
        let service = try await Self.service(clock: ManualClock())
        func scopes(_ app: String, _ scope: String?) async throws -> [String]? {
            let started = try await service.start(clientID: app, scope: scope)
            return try await service.login(userCode: started.userCode)?.scopes
        }
        #expect(try await scopes("wowapp", nil) == ["openid", "wow.profile"])
        #expect(try await scopes("wowapp", "wow.profile") == ["wow.profile"])
        await #expect(throws: Refusal("invalid_scope", "Scope 'd3.profile' is not allowed for wowapp; allowed: openid wow.profile.")) {
            try await service.start(clientID: "wowapp", scope: "openid d3.profile")
        }
        #expect(try await scopes("d3", nil) == ["openid", "wow.profile", "sc2.profile", "d3.profile"])
        #expect(try await scopes("d3", "openid d3.profile") == ["openid", "d3.profile"])
    }
}
