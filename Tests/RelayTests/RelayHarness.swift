import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import InMemoryLogging
import Logging
import RelayCore
import ServiceLifecycle
import TestSupport
import Testing

@testable import RelayServer

let transport = AsyncHTTPClientTransport.testing
let publicBase = "https://relay.example.com"
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

/// A relay and its emulator, both listening on loopback, for one test.
struct RelayHarness {
    let emulator: RunningEmulator
    let relay: Relay
    let baseURL: URL
    /// The operations listener (`/healthz`, `/readyz`, `/metrics`).
    let opsURL: URL
    let directory: URL
    let logs: LogCapture
    let group: ServiceGroup
    let task: Task<Void, any Error>
    let ownsEmulator: Bool
    /// The person's browser: requests through the harness send and keep its cookies unless given another.
    let browser = CookieJar()

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
        configuration.apps = try .parsing(["d3=poll", "myapp=redirect", "fwdapp=forward"])
        configuration.provider = .battleNet(relayCredentials)
        configuration.region = .eu
        configuration.exchangeTimeout = .seconds(5)
        configuration.startsPerMinute = 100
        configuration.use(endpoints)
        return configuration
    }

    /// Starts a relay configured by ``configuration(directory:endpoints:)`` and then by `configure`, against
    /// `emulator` (shared between relays) or an emulator of its own that knows the configured apps.
    static func start(
        emulator sharedEmulator: RunningEmulator? = nil, _ configure: (inout RelayConfiguration) throws -> Void = { _ in }
    ) async throws -> RelayHarness {
        let directory = FileManager.default.temporaryDirectory.appending(path: "relay-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = try configuration(directory: directory, endpoints: BattleNetEndpoints(region: .eu))
        try configure(&configuration)
        let emulator: RunningEmulator
        if let sharedEmulator {
            emulator = sharedEmulator
        } else {
            emulator = try await startEmulator(apps: configuration.apps.map(\.name))
        }
        configuration.use(emulator.endpoints)

        let logs = LogCapture()
        let relay = try await Relay.build(configuration: configuration, logger: logs.logger)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let (opsPorts, opsContinuation) = AsyncStream.makeStream(of: Int.self)
        let services = relay.services(
            onRunning: { port in
                continuation.yield(port)
                continuation.finish()
            },
            onOpsRunning: { port in
                opsContinuation.yield(port)
                opsContinuation.finish()
            })
        let group = ServiceGroup(configuration: .init(services: services, logger: logs.logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        var opsIterator = opsPorts.makeAsyncIterator()
        let opsPort = try #require(await opsIterator.next())
        let host = configuration.host
        return RelayHarness(
            emulator: emulator, relay: relay, baseURL: URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(port)")!,
            opsURL: URL(string: "http://127.0.0.1:\(opsPort)")!, directory: directory,
            logs: logs, group: group, task: task, ownsEmulator: sharedEmulator == nil)
    }

    /// An emulator that knows the test client and the redirect URIs of `apps` under ``publicBase``.
    static func startEmulator(apps: [String] = ["d3", "myapp", "fwdapp"]) async throws -> RunningEmulator {
        try await BattleNetEmulator.start(configuration: EmulatorConfiguration(clients: [
            EmulatorClient(
                credentials: relayCredentials, name: "Relay Under Test",
                redirectURIs: apps.map { "\(publicBase)/redirect/\($0)" })
        ]))
    }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
        await relay.shutdown()
        if ownsEmulator { await emulator.stop() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The relay's address for a URL the relay gave out under its public base.
    func local(_ url: URL) -> URL {
        URL(string: url.absoluteString.replacingOccurrences(of: publicBase, with: baseURL.absoluteString))!
    }

    func get(_ url: URL, headers: [(name: String, value: String)] = [], browser: CookieJar? = nil) async throws -> TransportResponse {
        try await send(TransportRequest(url: local(url), headers: headers), browser: browser)
    }

    func get(_ path: String, headers: [(name: String, value: String)] = [], browser: CookieJar? = nil) async throws -> TransportResponse {
        try await send(TransportRequest(url: URL(string: baseURL.absoluteString + path)!, headers: headers), browser: browser)
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

    /// Sends a request to the relay as `browser` (the harness's own by default): with its cookies, keeping new ones.
    func send(_ request: TransportRequest, browser: CookieJar? = nil) async throws -> TransportResponse {
        try await (browser ?? self.browser).send(request, using: transport)
    }
}

/// Runs `body` with a harness started by ``RelayHarness/start(emulator:_:)``, and always stops it.
func withRelay<T>(
    emulator: RunningEmulator? = nil, _ configure: (inout RelayConfiguration) throws -> Void = { _ in },
    _ body: (RelayHarness) async throws -> T
) async throws -> T {
    try await withRelay({ try await RelayHarness.start(emulator: emulator, configure) }, body)
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
