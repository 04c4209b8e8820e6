import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Crypto
import Foundation
import Hummingbird
import NIOCore
import HummingbirdCore
import Logging
import RelayCore
import ServiceLifecycle
import UnixSignals

/// A relay ready to run: its login service and, in sandbox mode, its emulator.
public struct Relay: Sendable {
    /// The configuration it was built from.
    public let configuration: RelayConfiguration
    /// The login state machine (for tests and the operator commands).
    public let service: LoginService
    /// The sandbox emulator, when running without Blizzard credentials.
    public let emulator: RunningEmulator?
    let responder: RouterResponder<RelayContext>
    let opsResponder: RouterResponder<RelayContext>
    let readiness: ReadinessProbe
    let connections: ConnectionLimits
    let logger: Logger

    /// Builds a relay: checks the configuration, reads (or in sandbox mode creates) the seal key, opens the
    /// database, starts the sandbox emulator if needed, and wires the routes. The database is migrated and open
    /// logins are loaded when ``services(onRunning:onOpsRunning:)`` run, before the server accepts a connection.
    public static func build(configuration: RelayConfiguration, logger: Logger, version: String = RelayVersion.current)
        async throws -> Relay
    {
        let problems = configuration.problems()
        guard problems.isEmpty else { throw RelayStartupError(problems: problems) }
        let key: SymmetricKey
        let previousKeys: [SymmetricKey]
        do {
            key =
                configuration.isSandbox
                ? try RelayKey.readOrCreate(at: configuration.sealKeyFile)
                : try RelayKey.read(from: configuration.sealKeyFile)
            previousKeys = try configuration.previousSealKeyFile.map { [try RelayKey.read(from: $0)] } ?? []
        } catch {
            throw RelayStartupError(problems: ["\(error)"], cause: configuration.isSandbox ? .io : .configuration)
        }
        let store: any LoginStore
        do {
            store = try configuration.database.open(logger: logger)
        } catch {
            throw DatabaseDiagnosis(location: configuration.database).startupError(error)
        }
        let apps = AppRegistry(configuration.apps)
        let settings = RelaySettings(
            publicURL: configuration.effectivePublicURL, region: configuration.region,
            defaultScopes: configuration.scopes, loginLifetime: configuration.loginLifetime,
            pollInterval: configuration.pollInterval, maxOpenLogins: configuration.maxOpenLogins,
            maxHeldPolls: configuration.maxHeldPolls, maxHeldPollsPerNetwork: configuration.maxHeldPollsPerNetwork,
            unknownCodesPerMinute: configuration.unknownCodesPerMinute)

        var emulator: RunningEmulator?
        let credentials: ClientCredentials
        switch configuration.provider {
        case .battleNet(let client):
            credentials = client
        case .sandbox:
            let sandboxCredentials = ClientCredentials(id: "bnet-relay-sandbox", secret: Identifiers.state())
            let emulatorHost = configuration.host == "0.0.0.0" ? "127.0.0.1" : configuration.host
            let emulatorPort = configuration.emulatorPort ?? (configuration.port == 0 ? 0 : configuration.port + 1)
            let running: RunningEmulator
            do {
                running = try await BattleNetEmulator.start(
                    configuration: EmulatorConfiguration(clients: [
                        EmulatorClient(
                            credentials: sandboxCredentials, name: "BattleNetRelay sandbox",
                            redirectURIs: apps.all.map { settings.redirectURI(app: $0.name) })
                    ]),
                    host: emulatorHost, port: emulatorPort, logger: BattleNetEmulator.quietLogger)
            } catch let error as EmulatorStartError {
                let setting = configuration.emulatorPort == nil ? "--emulator-port (by default --port + 1)" : "--emulator-port"
                guard let failure = ListenFailure(
                    name: "sandbox's Battle.net emulator", address: "\(emulatorHost):\(emulatorPort)", setting: setting,
                    error: error.underlying ?? error)
                else { throw RelayStartupError(problems: [error.description], cause: .unavailable) }
                throw failure.startupError
            }
            emulator = running
            credentials = sandboxCredentials
        }
        let emulatorURL = emulator.map { running in
            configuration.emulatorHost.flatMap { URL(string: "http://\($0):\(running.baseURL.port ?? 80)") } ?? running.baseURL
        }
        let endpoints = configuration.endpoints(emulatorBaseURL: emulatorURL)
        let oauth = OAuthClient(
            credentials: credentials, endpoints: endpoints, transport: AsyncHTTPClientTransport.shared,
            timeout: configuration.exchangeTimeout)
        let service = LoginService(
            settings: settings, apps: apps, store: store, oauth: oauth,
            keyring: LoginKeyring(current: key, previous: previousKeys), logger: logger)

        let trusted = configuration.trustedProxies.compactMap(IPRange.init)
        let connections = ConnectionLimits(caps: configuration.connections, trusted: trusted, metrics: service.metrics)
        let router = Router(context: RelayContext.self)
        router.middlewares.add(ClientAddressMiddleware(trusted: trusted, report: UnusableForwardedReport(metrics: service.metrics)))
        router.middlewares.add(SecurityHeadersMiddleware())
        router.middlewares.add(RequestLogMiddleware())
        router.middlewares.add(RefusalMiddleware())
        let providerOrigin = endpoints.authorizeURL.webOrigin
        let cookies = BrowserCookies(secure: settings.publicURL.scheme == "https")
        DeviceController(
            logins: service, settings: settings, metrics: service.metrics, keyring: service.keyring, apps: apps,
            startLimit: PrefixRateLimits(
                label: "login_start", perNetwork: configuration.startsPerMinute, per56: configuration.startsPerMinutePer56,
                per48: configuration.startsPerMinutePer48),
            codeLimit: RateLimiter(name: "user_code", burst: Int(configuration.codeEntriesPerMinute), perMinute: configuration.codeEntriesPerMinute),
            sandbox: configuration.isSandbox, providerOrigin: providerOrigin, cookies: cookies
        ).register(on: router)
        CallbackController(
            logins: service, apps: apps, metrics: service.metrics, sandbox: configuration.isSandbox, cookies: cookies).register(on: router)
        TokenController(logins: service, settings: settings).register(on: router)
        RevocationController(
            apps: apps,
            revoker: TokenRevoker(
                store: store, keyring: service.keyring,
                oauth: OAuthClient(
                    credentials: credentials, endpoints: endpoints, transport: OutboundClients.revocations,
                    timeout: configuration.exchangeTimeout),
                metrics: service.metrics, perMinute: configuration.revocationsPerMinute,
                concurrent: OutboundClients.revocationConnections),
            limits: PrefixRateLimits(
                label: "revocation", perNetwork: configuration.startsPerMinute, per56: configuration.startsPerMinutePer56,
                per48: configuration.startsPerMinutePer48),
            metrics: service.metrics
        ).register(on: router)
        MetadataController(settings: settings, sandbox: configuration.isSandbox, sandboxAPIURL: emulatorURL).register(on: router)
        MethodNotAllowed.register(on: router)

        let readiness = ReadinessProbe(store: store, every: configuration.readinessInterval, logger: logger)
        let ops = Router(context: RelayContext.self)
        ops.middlewares.add(SecurityHeadersMiddleware())
        ops.middlewares.add(RequestLogMiddleware())
        ops.middlewares.add(RefusalMiddleware())
        OperationsController(
            index: service.index, metrics: service.metrics, readiness: readiness, connections: connections, sandbox: configuration.isSandbox,
            version: version
        ).register(on: ops)
        MethodNotAllowed.register(on: ops)
        return Relay(
            configuration: configuration, service: service, emulator: emulator, responder: router.buildResponder(),
            opsResponder: ops.buildResponder(), readiness: readiness, connections: connections, logger: logger)
    }

    /// The HTTP application, with the operations listener, the readiness checker and the sweeper as its services;
    /// `onRunning` receives the bound port, `onOpsRunning` the operations listener's.
    func application(
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        onOpsRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        // A header block of at most 8 KiB (the OAuth endpoints take 4, see RequestGate): what every open connection may
        // make the relay hold, so the memory at the connection cap stays within the unit's budget (README, "Capacity").
        let http1 = HTTP1Channel.Configuration(
            idleTimeout: .seconds(75),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 8 << 10, maxHeaderListSize: 8 << 10, maxHeaderFieldCount: 64))
        // The operations listener has a gate of its own: probes and scrapers cannot crowd out players, nor the reverse.
        let opsLimits = ConnectionLimits(
            caps: .operations(requestTimeout: configuration.connections.requestTimeout), trusted: [],
            metrics: service.metrics, refusalLabel: "ops_connections")
        let opsPort = configuration.effectiveOpsPort
        let operations = NamedListener(
            name: "operations listener", address: "\(configuration.opsHost):\(opsPort)", setting: "--ops-port",
            wrapped: Application(
                responder: opsResponder, server: .gatedHTTP1(configuration: http1, limits: opsLimits),
                configuration: .init(address: .hostname(configuration.opsHost, port: opsPort), serverName: nil),
                onServerRunning: { channel in await onOpsRunning(channel.localAddress?.port ?? opsPort) },
                logger: logger))
        let server = HTTPServerBuilder.gatedHTTP1(configuration: http1, limits: connections)
        let port = configuration.port
        return Application(
            responder: responder, server: server,
            // A deep accept queue: after a restart or a proxy reload, thousands of long-polling clients reconnect at once.
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil, backlog: 4096),
            services: [operations, readiness, Sweeper(service: service, every: .seconds(30), logger: logger)],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// Everything the relay runs, for one service group, in start order: the store's own services (a connection
    /// pool, a change feed into the poll index), then the relay (which migrates the database and loads open logins
    /// before its server accepts a connection), then ``LongPollReleaser``, which a graceful shutdown stops first, so
    /// held long-polls are answered before the server waits for its requests. `serve` and the tests both run these,
    /// through ``serviceGroup(signals:onRunning:onOpsRunning:)``.
    func services(
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        onOpsRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> [any Service] {
        let index = service.index
        return service.store.services(onChange: { hash, status in index.update(hash, status: status) })
            + [RelayService(relay: self, application: application(onRunning: onRunning, onOpsRunning: onOpsRunning)),
                LongPollReleaser(index: index)]
    }

    /// How long a graceful shutdown may take before the services still running are cancelled: held long-polls are
    /// answered at once and every other request ends within its own deadline (the store's 3 s, Battle.net's 10 s),
    /// so only a stuck driver reaches it; the systemd unit allows 45 s before it kills the process.
    public static let gracefulShutdownLimit = Duration.seconds(30)

    /// A service group running ``services(onRunning:onOpsRunning:)``, its graceful shutdown bounded by
    /// ``gracefulShutdownLimit`` and started by any of `signals`.
    public func serviceGroup(
        signals: [UnixSignal] = [], onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        onOpsRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> ServiceGroup {
        var configuration = ServiceGroupConfiguration(
            services: services(onRunning: onRunning, onOpsRunning: onOpsRunning), gracefulShutdownSignals: signals,
            logger: logger)
        configuration.maximumGracefulShutdownDuration = Self.gracefulShutdownLimit
        return ServiceGroup(configuration: configuration)
    }

    /// Migrates the database, checks it once for readiness and loads the open logins into memory.
    func prepare() async throws {
        do {
            try await service.store.migrate()
        } catch {
            throw DatabaseDiagnosis(location: configuration.database).startupError(error)
        }
        await readiness.check()
        let warmed = try await service.warmUp()
        logger.debug("poll index loaded", metadata: [LogKey.count: "\(warmed)"])
    }

    /// Stops the sandbox emulator, if any.
    public func shutdown() async {
        await emulator?.stop()
    }
}

/// The relay as a service: prepares the database, then runs the HTTP application.
struct RelayService<App: ApplicationProtocol>: Service {
    let relay: Relay
    let application: App

    func run() async throws {
        try await relay.prepare()
        let configuration = relay.configuration
        try await NamedListener(
            name: "public listener", address: "\(configuration.host):\(configuration.port)", setting: "--port",
            wrapped: application
        ).run()
    }
}

/// The version and commit, both compile-time constants (see `BuildInfo`; deploy/build.sh stamps the commit).
public enum RelayVersion {
    /// `0.1.0 (abc1234)`; `0.1.0 (dev)` for builds made outside deploy/build.sh.
    public static let current = "\(BuildInfo.version) (\(BuildInfo.commit))"
}

