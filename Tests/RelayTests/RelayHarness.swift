import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
@testable import RelayApp
import RelayCore
import ServiceLifecycle
import TestSupport
import Testing

@testable import RelayServer

let transport = AsyncHTTPClientTransport.testing
let relayCredentials = ClientCredentials(id: "relay-client", secret: "relay-secret-0123456789abcdef")

/// Every log line the relay writes, kept by swift-log's in-memory handler, to search them for secrets.
struct LogCapture: Sendable {
    let handler: InMemoryLogHandler = {
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        return handler
    }()

    /// A logger writing into this capture.
    var logger: Logger { Logger(label: "relay-test") { _ in handler } }

    /// The lines as `level message key=value ...`, keys sorted.
    var text: String {
        handler.entries.map { entry in
            "\(entry.level) \(entry.message) "
                + entry.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }.joined(separator: "\n")
    }
}

/// A relay and its emulator for one test. The relay answers in this process behind HummingbirdTesting's router
/// framework (``Connection/router``, the default) or on loopback ports (``Connection/sockets``, named by the tests
/// whose point is the socket). The relay reaches its emulator through the emulator's routes in process (an
/// ``EmulatorTransport``), unless a test hands it one that listens. Either way the test sends through
/// ``transport``: URLs under ``publicBase`` reach the relay, the emulator's reach the emulator.
struct RelayHarness: Sendable {
    /// How a test reaches its relay.
    enum Connection {
        /// Real sockets: for tests whose point is the listener, the connection, the peer address or a proxy.
        case sockets
        /// In process, through the relay's routers: no port, no connection.
        case router
    }

    let emulator: RunningEmulator
    let relay: Relay
    /// Where the relay's public routes answer: its loopback address, or ``publicBase`` in process.
    let baseURL: URL
    /// The operations listener (`/healthz`, `/readyz`, `/metrics`): its loopback address, or ``operationsBase``.
    let opsURL: URL
    let directory: URL
    let logs: LogCapture
    /// Carries requests to the relay and to the emulator; see ``RelayTransport``.
    let transport: RelayTransport
    /// The person's browser: requests through the harness send and keep its cookies unless given another.
    let browser = CookieJar()
    private let stopServing: @Sendable () async -> Void
    private let ownsEmulator: Bool

    var service: LoginService { relay.service }
    /// The SQLite file (the harness's database unless a test gave a PostgreSQL URL).
    var databasePath: String {
        if case .sqlite(let path) = relay.configuration.database { return path }
        return ""
    }

    /// The configuration every test relay starts from: the apps `d3` (poll), `myapp` (redirect) and `fwdapp`
    /// (forward) under ``publicBase``, a fresh seal key and SQLite file in `directory`, Battle.net at `endpoints`,
    /// generous rate limits and a readiness check every 200 ms.
    static func configuration(directory: URL, endpoints: BattleNetEndpoints) throws -> RelayConfiguration {
        let keyPath = directory.appending(path: "seal.key").path
        try RelayKey.write(to: keyPath)
        var configuration = RelayConfiguration()
        configuration.port = 0
        configuration.readinessInterval = .milliseconds(200)
        configuration.publicURL = URL(string: publicBase)
        configuration.database = .sqlite(path: directory.appending(path: "relay.sqlite").path)
        configuration.sealKeyFile = keyPath
        configuration.signingKeyFile = try writeSigningKey(in: directory)
        configuration.apps = try .parsing(["d3=poll", "myapp=redirect", "fwdapp=forward"])
        configuration.provider = .battleNet(relayCredentials)
        configuration.settings.region = .eu
        // Well above an exchange's time even when the whole suite loads both cores (in-process exchanges have waited
        // past 5 s there); the tests of the timeout itself set their own.
        configuration.exchangeTimeout = .seconds(20)
        configuration.startsPerMinute = 100
        configuration.use(endpoints)
        return configuration
    }

    /// The test relays' id_token signing key, written to `directory` (mode 0600) as an operator's file: a fixed key,
    /// since making one takes seconds in a debug build under the suite's load.
    static func writeSigningKey(in directory: URL) throws -> String {
        let path = directory.appending(path: "signing.pem").path
        guard FileManager.default.createFile(atPath: path, contents: Data(signingKeyPEM.utf8), attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown) }
        return path
    }

    static let signingKeyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQCIGlVj+TUAxrFB
        736rSl/iNtkGTRrpt7fsZNJcb9fyukXy7F9+19LvOufDN0VjtqchLXPETnS/DLwj
        xjcbnjNYyIZa/bCgCVMoYR0RTojbFh9WVZioG/8XIXzQttAVCA9hawpPZO0g+ZPj
        SehAmnM9naZE5dQD4QPSPL0HGkDX3+xdItJ6MO9VrzxxDf5GCd995ZtI94wyaFRE
        z3ET9lAWeiil82G+P4NDt0vazAy4iiGhgr2GD9cQsEqrdGymGBEy1OUoAi7nSMfD
        8l0EPQQHPYL7mfVPktcFSzgxl5iL+A8Gmy4VFTTWA2EevEDSHA4NtmW+L8dk73Ye
        kXVLz2C7AgMBAAECggEAGPQ7E8ltXmcPuPcgUmegjOlhgTZB6Pg2ULFroGchQO/G
        Q3PzTl5j3lj+hVxs7ItguUSMJUH9Rcof9K8zC21GHNEnUSeSasVK6exkV/f+P60e
        scWf57K6YpNRPzNFk5WWvFXT3hqzH4ijBNlYLAAlgPaWtast5EgtWy6nudWmbe3s
        BS8B/a4KouGHkkIR2SuJqopSdSQfzBrN7E4ZvLTqv2ALbZcs+1bI8IjqAAD6Qj1s
        +tcz//4WXdHOdzWFHZXMx9VNMoAfslXvtVWblq1Hit5a+IT+qQW1YXEaGVgCoHp7
        pCbP/w6pCRREa1ovzWIO6ZcujY7c98iwAqMdpJEzgQKBgQC79I4+auoEvMbPrdOc
        sLbUZQ5kVntl71g1pRYVYkEojJRJ5MgFoGAJIrjpSEbxLuING9SarRygkKJhbwQ1
        Lg8Qo+f99JOiUO4iDiEeXgKS6bCvpAHUp4Tw/J0Uo7/YuG0HRBMxolSuxDwvAlqo
        6rNGpMmDz5iAFIVqK4pKpoRMzQKBgQC5YCoSQWKw+BhEHgmMS2jMljL5mbdbbya+
        r308GmLYBb92J7fq5C8mzGqPYNvQIowlDJRBCEmpH2lYgupUYJ9zJN4jXsfQB2fl
        5W1Y+eVClRKqoZDQ7t0v2i6+xbOztviI+2fa6sUfpBKVUJC85gGSU1HzN0DP3Wrn
        O+jSiQZjpwKBgQCGJyq0AGmiEf+xUfe9WiBU/wBDu7p96lTCjV9yyduKDrT0/ReL
        dIm3W5Ix58XC9dyg0KFx+Wd6b2GHO878CjD0hpjamYwaibs+kWkwHJentqbG5r/r
        wdnQi+2uQqZ3EEO5sOwmPCBHUYdHYl3FPSfSn2G59B18JamIOyWM3MeHbQKBgQCH
        Gcmvok2d8kIlKssEn1TSfcjK1jemgJx5LoaUDhrpm07Neub0XrbqjOJAenPY/cSr
        n75QowykIEtzgX3sXrr2fPEUUBhJyYv0JcAKr51haCnBh5x2WQ+Et3uH96gfGwOJ
        OciX6LAffkE45w2FTg/pJ6Y7HpKyq4kk2ym0fr7UUwKBgErD1jxjHZUu+4WonyPO
        oKF73ojL+kMzUTsRXIxJ60tbnRlCJvcMGSOPyI6NhiURqRyIkH4L+YdUrszqEYAI
        WrJ12rRdEtmu5rLRQmD4xEaT84yG47212a2ARm3q1lXZ9+pTrf12ptdz8OqaRvL2
        aqjYkq2d1Kof0xp/IbO/XYCr
        -----END PRIVATE KEY-----
        """

    /// A relay built from ``configuration(directory:endpoints:)`` changed by `configure`, in a fresh directory,
    /// against `emulator` (shared between relays) or an in-process emulator of its own that knows the configured
    /// apps. The relay reaches the emulator through its routes in process, whether it listens or not, unless given
    /// `collaborators` (``RelayCollaborators/live``, say, for a test of the production wiring over sockets); it reads
    /// the time from `clock`.
    private static func build(
        emulator sharedEmulator: RunningEmulator?, clock: RelayClock = .live,
        collaborators: RelayCollaborators? = nil, _ configure: (inout RelayConfiguration) throws -> Void
    ) async throws -> (relay: Relay, emulator: RunningEmulator, directory: URL, logs: LogCapture) {
        let directory = FileManager.default.temporaryDirectory.appending(path: "relay-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = try configuration(directory: directory, endpoints: BattleNetEndpoints(region: .eu))
        try configure(&configuration)
        var emulator = sharedEmulator
        if emulator == nil { emulator = try await startEmulator(apps: configuration.apps.map(\.name)) }
        guard let emulator else { throw CancellationError() }
        configuration.use(emulator.endpoints)
        let logs = LogCapture()
        do {
            let relay = try await Relay.build(
                configuration: configuration, logger: logs.logger,
                collaborators: collaborators ?? RelayCollaborators(battleNet: emulator.inProcessTransport(), clock: clock))
            return (relay, emulator, directory, logs)
        } catch {
            if sharedEmulator == nil { await emulator.stop() }
            throw error
        }
    }

    /// Starts a relay on loopback ports (see ``build(emulator:clock:collaborators:_:)``); the caller stops it.
    static func start(
        emulator sharedEmulator: RunningEmulator? = nil, clock: RelayClock = .live, collaborators: RelayCollaborators? = nil,
        _ configure: (inout RelayConfiguration) throws -> Void = { _ in }
    ) async throws -> RelayHarness {
        let (relay, emulator, directory, logs) = try await build(
            emulator: sharedEmulator, clock: clock, collaborators: collaborators, configure)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let (opsPorts, opsContinuation) = AsyncStream.makeStream(of: Int.self)
        let group = relay.serviceGroup(
            onRunning: { port in
                continuation.yield(port)
                continuation.finish()
            },
            onOpsRunning: { port in
                opsContinuation.yield(port)
                opsContinuation.finish()
            })
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        var opsIterator = opsPorts.makeAsyncIterator()
        let opsPort = try #require(await opsIterator.next())
        let host = relay.configuration.host
        let baseURL = URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(port)")!
        return RelayHarness(
            emulator: emulator, relay: relay, baseURL: baseURL, opsURL: URL(string: "http://127.0.0.1:\(opsPort)")!,
            directory: directory, logs: logs, transport: RelayTransport(relay: .socket(baseURL), emulator: emulator),
            stopServing: {
                await group.triggerGracefulShutdown()
                _ = try? await task.value
            },
            ownsEmulator: sharedEmulator == nil)
    }

    /// Runs `body` with a relay (see ``build(emulator:clock:collaborators:_:)``) answering in process through its routers, with its
    /// background services (the store's, readiness re-checks, the sweeper) running, and always stops it. The
    /// database is migrated and checked first, as before a server starts (unless `prepared` is false). The relay reads
    /// the time from `clock`.
    static func withRouter<T>(
        emulator sharedEmulator: RunningEmulator? = nil, prepared: Bool = true, clock: RelayClock = .live,
        _ configure: (inout RelayConfiguration) throws -> Void = { _ in }, _ body: @Sendable (RelayHarness) async throws -> T
    ) async throws -> T {
        let (relay, emulator, directory, logs) = try await build(emulator: sharedEmulator, clock: clock, configure)
        let ownsEmulator = sharedEmulator == nil
        do {
            var application = Application(responder: relay.responder, services: relay.backgroundServices(), logger: logs.logger)
            if prepared { application.beforeServerStarts { try await relay.prepare() } }
            let result = try await application.test(.router) { client in
                try await Application(responder: relay.opsResponder, logger: logs.logger).test(.router) { operations in
                    try await body(RelayHarness(
                        emulator: emulator, relay: relay, baseURL: URL(string: publicBase)!, opsURL: URL(string: operationsBase)!,
                        directory: directory, logs: logs,
                        transport: RelayTransport(relay: .router(public: client, operations: operations), emulator: emulator),
                        stopServing: {}, ownsEmulator: ownsEmulator))
                }
            }
            await release(relay, emulator: ownsEmulator ? emulator : nil, directory: directory)
            return result
        } catch {
            await release(relay, emulator: ownsEmulator ? emulator : nil, directory: directory)
            throw error
        }
    }

    /// The emulator configuration that knows the test client and the redirect URIs of `apps` under ``publicBase``.
    static func emulatorConfiguration(apps: [String] = ["d3", "myapp", "fwdapp"]) -> EmulatorConfiguration {
        EmulatorConfiguration(clients: [
            EmulatorClient(
                credentials: relayCredentials, name: "Relay Under Test", redirectURIs: apps.map { "\(publicBase)/redirect/\($0)" })
        ])
    }

    /// An emulator for `apps` (see ``emulatorConfiguration(apps:)``) answering in process: no socket.
    static func startEmulator(apps: [String] = ["d3", "myapp", "fwdapp"]) async throws -> RunningEmulator {
        RunningEmulator.inProcess(configuration: emulatorConfiguration(apps: apps))
    }

    /// An emulator for `apps` listening on a loopback port: for tests whose client is a real HTTP stack
    /// (URLSession) or another process.
    static func startListeningEmulator(apps: [String] = ["d3", "myapp", "fwdapp"]) async throws -> RunningEmulator {
        try await BattleNetEmulator.start(configuration: emulatorConfiguration(apps: apps))
    }

    /// Stops the relay (and its own emulator) and removes its directory.
    func stop() async {
        await stopServing()
        await Self.release(relay, emulator: ownsEmulator ? emulator : nil, directory: directory)
    }

    private static func release(_ relay: Relay, emulator: RunningEmulator?, directory: URL) async {
        await relay.shutdown()
        await emulator?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    func get(_ url: URL, headers: [(name: String, value: String)] = [], browser: CookieJar? = nil) async throws -> TransportResponse {
        try await send(TransportRequest(url: url, headers: headers, timeout: .seconds(40)), browser: browser)
    }

    func get(_ path: String, headers: [(name: String, value: String)] = [], browser: CookieJar? = nil) async throws -> TransportResponse {
        try await send(
            TransportRequest(url: URL(string: baseURL.absoluteString + path)!, headers: headers, timeout: .seconds(40)),
            browser: browser)
    }

    /// `/readyz` once it answers `status` (the relay re-checks its database every 200 ms in tests), or as it
    /// answers after 5 s.
    func readiness(becoming status: Int) async throws -> TransportResponse {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            let response = try await ops("/readyz")
            if response.status == status || ContinuousClock.now > deadline { return response }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// GET on the operations listener.
    func ops(_ path: String) async throws -> TransportResponse {
        try await transport.send(TransportRequest(url: URL(string: opsURL.absoluteString + path)!))
    }

    func post(
        _ path: String, form: [(String, String)], headers: [(name: String, value: String)] = [], browser: CookieJar? = nil,
        timeout: Duration = .seconds(40)
    ) async throws -> TransportResponse {
        try await post(path, body: FormEncoding.encode(form), headers: headers, browser: browser, timeout: timeout)
    }

    func post(
        _ path: String, body: String, headers: [(name: String, value: String)] = [], browser: CookieJar? = nil,
        timeout: Duration = .seconds(40)
    ) async throws -> TransportResponse {
        try await send(
            TransportRequest(
                method: "POST", url: URL(string: baseURL.absoluteString + path)!,
                headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers, body: Data(body.utf8),
                timeout: timeout),
            browser: browser)
    }

    /// Sends a request as `browser` (the harness's own by default): with its cookies, keeping new ones.
    func send(_ request: TransportRequest, browser: CookieJar? = nil) async throws -> TransportResponse {
        try await (browser ?? self.browser).send(request, using: transport)
    }
}

/// Runs `body` with a relay answering in process (see ``RelayHarness/withRouter(emulator:prepared:clock:_:_:)``),
/// reading the time from `clock`, and always stops it. Tests whose point is a socket say so: `withRelay(via: .sockets)`.
func withRelay<T>(
    emulator: RunningEmulator? = nil, clock: RelayClock = .live, _ configure: (inout RelayConfiguration) throws -> Void = { _ in },
    _ body: @Sendable (RelayHarness) async throws -> T
) async throws -> T {
    try await RelayHarness.withRouter(emulator: emulator, clock: clock, configure, body)
}

/// Runs `body` with a relay reached `via` its sockets or its router (see ``RelayHarness``), configured by
/// `configure`, and always stops it.
func withRelay<T>(
    via connection: RelayHarness.Connection, emulator: RunningEmulator? = nil,
    _ configure: (inout RelayConfiguration) throws -> Void = { _ in }, _ body: @Sendable (RelayHarness) async throws -> T
) async throws -> T {
    switch connection {
    case .sockets: try await withRelay({ try await RelayHarness.start(emulator: emulator, configure) }, body)
    case .router: try await RelayHarness.withRouter(emulator: emulator, configure, body)
    }
}

extension RunningEmulator {
    private static let sharedStart = Task { try await RelayHarness.startEmulator() }

    /// One emulator for the whole test run, never stopped: for relays whose tests look at none of its state, stop
    /// it or inject faults.
    static var shared: RunningEmulator {
        get async throws { try await sharedStart.value }
    }
}

extension RelayConfiguration {
    /// Battle.net at `endpoints` (an emulator's).
    mutating func use(_ endpoints: BattleNetEndpoints) {
        authorizeURL = endpoints.authorizeURL
        tokenURL = endpoints.tokenURL
        userinfoURL = endpoints.userinfoURL
        apiURL = endpoints.apiBaseURL
    }
}

extension [AppRegistration] {
    /// Apps as `--app` names them: `NAME=MODE`.
    static func parsing(_ arguments: [String]) throws -> Self {
        try arguments.map { try AppRegistration(argument: $0) }
    }
}

extension TransportResponse {
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    var location: URL? { header("Location").flatMap(URL.init(string:)) }

    /// Every value of a header, matched case-insensitively.
    func headers(_ name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }
}


/// Starts a harness with `start`, runs `body`, and always stops it.
func withRelay<T>(
    _ start: () async throws -> RelayHarness, _ body: (RelayHarness) async throws -> T
) async throws -> T {
    let harness = try await start()
    do {
        let result = try await body(harness)
        await harness.stop()
        return result
    } catch {
        await harness.stop()
        throw error
    }
}
