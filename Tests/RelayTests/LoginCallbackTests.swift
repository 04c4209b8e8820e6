import BattleNet
import BattleNetEmulator
import Crypto
import Foundation
import GRDB
import Logging
import RelayCore
import RelaySQLite
import TestSupport
import Testing

/// The callback, the login service's most complex path, called directly: an in-memory SQLite store, the emulator's
/// routes in process as Battle.net, a clock the test moves. One row per way a callback can end.
@Suite("LoginService callback table", .timeLimit(.minutes(1)))
struct LoginCallbackTests {
    /// A login confirmed by a person and sent to the emulator: its authorize URL and the binding its browser holds.
    struct Authorized {
        let service: LoginService
        let emulator: RunningEmulator
        let clock: ManualClock
        let started: DeviceAuthorizationResponse
        let authorization: LoginService.Authorization

        /// The state the relay put in the authorize URL.
        var state: String {
            URLComponents(url: authorization.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?.value ?? ""
        }

        /// The person decides at the emulator; returns the query Battle.net redirects the browser back with.
        func decide(approve: Bool = true) async throws -> [(String, String)] {
            var url = URLComponents(url: authorization.url, resolvingAgainstBaseURL: false)!
            url.queryItems = (url.queryItems ?? []) + [
                URLQueryItem(name: "emulator_decision", value: approve ? "approve" : "deny"),
                URLQueryItem(name: "emulator_battletag", value: "FaYe#2543"),
            ]
            let response = try await emulator.inProcessTransport().send(TransportRequest(url: url.url!))
            #expect(response.status == 302)
            let location = try #require(response.header("Location").flatMap { URLComponents(string: $0) })
            return (location.queryItems ?? []).map { ($0.name, $0.value ?? "") }
        }

        /// The callback for `app` with `parameters`, from the browser that holds `binding` (the right one by default).
        func callback(app: String = "d3", _ parameters: [(String, String)], binding: String? = nil) async throws
            -> LoginService.CallbackResult
        {
            let presented = binding ?? authorization.browserBinding
            return try await service.callback(app: app, parameters: parameters, network: "192.0.2.1") { _ in Substring(presented) }
        }
    }

    /// A service whose Battle.net is an in-process emulator, with a login for `app` authorized.
    static func authorized(app: String = "d3", exchangeTimeout: Duration = .seconds(5)) async throws -> Authorized {
        let emulator = RunningEmulator.inProcess(configuration: RelayHarness.emulatorConfiguration())
        let clock = ManualClock()
        let store = try SQLiteLoginStore(writer: DatabaseQueue())
        try await store.migrate()
        let service = LoginService(
            settings: .defaults(publicURL: URL(string: publicBase)!),
            apps: AppRegistry(try .parsing(["d3=poll", "myapp=redirect"])), store: store,
            oauth: OAuthClient(
                credentials: relayCredentials, endpoints: emulator.endpoints, transport: emulator.inProcessTransport(),
                timeout: exchangeTimeout),
            keyring: LoginKeyring(current: SymmetricKey(size: .bits256)), logger: Logger(label: "test"), clock: clock.relay)
        let started = try await service.start(clientID: app, scope: nil)
        let login = try #require(try await service.login(userCode: started.userCode))
        let authorization = try #require(try await service.authorize(login))
        return Authorized(service: service, emulator: emulator, clock: clock, started: started, authorization: authorization)
    }

    /// What the client's next poll answers: "token", or the refusal's error code.
    static func poll(_ login: Authorized) async -> String {
        switch await login.service.poll(deviceCode: login.started.deviceCode, clientID: nil, wait: nil, network: "192.0.2.1") {
        case .token: "token"
        case .error(let refusal): refusal.error.rawValue
        }
    }

    /// A way the callback can go: what arrives, what the service answers, what the client's poll then gets.
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        /// Sets Battle.net up, then gives the callback's app, parameters and presented binding (nil: the right one).
        let arrive: @Sendable (Authorized) async throws -> (app: String, parameters: [(String, String)], binding: String?)
        let expected: LoginService.CallbackResult
        let poll: String
        var testDescription: String { name }
    }

    /// `d3` as the service's registry holds it (with the CLI's loopback return).
    static let d3 = AppRegistry([try! AppRegistration(name: "d3", mode: .poll)]).app(named: "d3")!

    static let rows: [Row] = [
        Row(name: "approved", arrive: { ("d3", try await $0.decide(), nil) },
            expected: .approved(app: d3, battleTag: "FaYe#2543", callbackCode: nil), poll: "token"),
        Row(name: "denied at Battle.net", arrive: { ("d3", try await $0.decide(approve: false), nil) },
            expected: .denied(app: d3), poll: "access_denied"),
        Row(name: "Battle.net's error", arrive: { ("d3", [("state", $0.state), ("error", "server_error")], nil) },
            expected: .failed(app: d3, reason: .providerError(code: "server_error")), poll: "access_denied"),
        Row(name: "no code", arrive: { ("d3", [("state", $0.state)], nil) },
            expected: .failed(app: d3, reason: .noCode), poll: "access_denied"),
        Row(name: "unknown state", arrive: { _ in ("d3", [("state", "made-up"), ("code", "x")], nil) },
            expected: .rejected(reason: .unknownState), poll: "authorization_pending"),
        Row(name: "two states", arrive: { ("d3", [("state", $0.state), ("state", $0.state), ("code", "x")], nil) },
            expected: .rejected(reason: .noValidState), poll: "authorization_pending"),
        Row(name: "expired", arrive: { login in
            let query = try await login.decide()
            login.clock.advance(.seconds(601))
            return ("d3", query, nil)
        }, expected: .rejected(reason: .unknownState), poll: "expired_token"),
        Row(name: "another app's redirect URI", arrive: { ("myapp", try await $0.decide(), nil) },
            expected: .rejected(reason: .wrongApp), poll: "access_denied"),
        Row(name: "an app the relay does not serve", arrive: { ("nosuch", try await $0.decide(), nil) },
            expected: .rejected(reason: .unknownApp), poll: "authorization_pending"),
        Row(name: "another browser", arrive: { ("d3", try await $0.decide(), "not-the-binding") },
            expected: .otherBrowser, poll: "access_denied"),
        Row(name: "code refused at the exchange", arrive: { login in
            let query = try await login.decide().map { $0.0 == "code" ? ($0.0, "forged") : $0 }
            return ("d3", query, nil)
        }, expected: .failed(app: d3, reason: .exchangeRefused(code: "invalid_grant")), poll: "access_denied"),
        Row(name: "Battle.net 5xx at the exchange", arrive: { login in
            await login.emulator.state.inject(EmulatorFault(pathPrefix: "/token", kind: .status(503), count: 1))
            return ("d3", try await login.decide(), nil)
        }, expected: .failed(app: d3, reason: .providerServerError), poll: "access_denied"),
        Row(name: "Battle.net rate-limits the exchange", arrive: { login in
            await login.emulator.state.inject(EmulatorFault(pathPrefix: "/token", kind: .rateLimited(retryAfterSeconds: 1), count: 1))
            return ("d3", try await login.decide(), nil)
        }, expected: .failed(app: d3, reason: .rateLimited), poll: "access_denied"),
        Row(name: "Battle.net answers garbage", arrive: { login in
            await login.emulator.state.inject(EmulatorFault(pathPrefix: "/token", kind: .malformedJSON, count: 1))
            return ("d3", try await login.decide(), nil)
        }, expected: .failed(app: d3, reason: .malformedResponse), poll: "access_denied"),
    ]

    @Test("Each way a callback ends: its result, and what the client's poll then gets", arguments: rows)
    func row(_ row: Row) async throws {
        let login = try await Self.authorized()
        let (app, parameters, binding) = try await row.arrive(login)
        #expect(try await login.callback(app: app, parameters, binding: binding) == row.expected)
        #expect(await Self.poll(login) == row.poll)
    }

    @Test("A state is used once: the same answer again is rejected and exchanges nothing")
    func reusedState() async throws {
        let login = try await Self.authorized()
        let query = try await login.decide()
        #expect(try await login.callback(query) == .approved(app: Self.d3, battleTag: "FaYe#2543", callbackCode: nil))
        #expect(try await login.callback(query) == .rejected(reason: .unknownState))
        #expect(await login.emulator.state.count("token.authorization_code") == 1)
    }

    @Test("A Battle.net slower than the exchange timeout fails the login as a timeout")
    func exchangeTimeout() async throws {
        let login = try await Self.authorized(exchangeTimeout: .milliseconds(300))
        await login.emulator.state.inject(EmulatorFault(pathPrefix: "/token", kind: .latency(milliseconds: 2_000), count: 1))
        #expect(try await login.callback(try await login.decide()) == .failed(app: Self.d3, reason: .timeout))
        #expect(await Self.poll(login) == "access_denied")
    }

    @Test("A redirect-mode app gets a callback code that only its own login's pickup accepts")
    func redirectMode() async throws {
        let login = try await Self.authorized(app: "myapp")
        guard case .approved(_, _, let code?) = try await login.callback(app: "myapp", try await login.decide()) else {
            Issue.record("no callback code for a redirect-mode app")
            return
        }
        #expect(!code.isEmpty)
    }
}
