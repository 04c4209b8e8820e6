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
import RelayServer
import ServiceLifecycle
import UnixSignals

/// A relay ready to run: its login service and, in sandbox mode, its emulator.
public struct Relay: Sendable {
    /// The configuration it was built from.
    public let configuration: RelayConfiguration
    /// The login state machine (for tests and the operator commands).
    public let service: LoginService
    /// The sandbox emulator, when running without Blizzard credentials.
    public var emulator: RunningEmulator? { provider.emulator }
    let provider: BattleNetProvider
    let index: PollIndex
    let limits: RelayLimits
    let readiness: ReadinessProbe
    let store: any LoginStore
    let responder: RouterResponder<RelayContext>
    let opsResponder: RouterResponder<RelayContext>
    let logger: Logger

    /// Builds a relay from its `configuration` and the `collaborators` it talks to: checks the configuration, reads
    /// (or in sandbox mode creates) the seal key, opens the database, starts the sandbox emulator if needed, creates
    /// the metrics, poll index and limits, and hands them to the login service and the routers. The database is
    /// migrated and open logins are loaded before the server accepts a connection (``prepare()``).
    public static func build(
        configuration: RelayConfiguration, logger: Logger, version: String = RelayVersion.current,
        collaborators: RelayCollaborators = .live
    ) async throws -> Relay {
        let problems = configuration.problems()
        guard problems.isEmpty else { throw RelayStartupError(problems: problems) }
        let keyring = try configuration.openKeyring()
        let signer = try configuration.openSigner()
        let store = try configuration.openStore(logger: logger)
        let settings = configuration.relaySettings
        let apps = AppRegistry(configuration.apps, redirects: configuration.redirectURIs)
        let provider = try await BattleNetProvider.start(configuration, redirectURIs: apps.all.map { settings.redirectURI(app: $0.name) })
        let clock = collaborators.clock
        let (metrics, index) = (RelayMetrics(), PollIndex(clock: clock))
        let trusted = configuration.trustedProxies.compactMap(IPRange.init)
        let limits = RelayLimits(configuration, settings: settings, trusted: trusted, metrics: metrics, clock: clock)
        let gateway = GatewayParts(
            configuration, provider: provider, ledger: store.upstreamLedger, transport: collaborators.gateway,
            metrics: metrics, clock: clock, logger: logger)
        let signIns = BudgetedTransport(collaborators.battleNet, budget: gateway.budget)
        let service = LoginService(
            settings: settings, apps: apps, store: store, index: index,
            oauth: provider.client(signIns, timeout: configuration.exchangeTimeout), keyring: keyring,
            limits: limits.logins, metrics: metrics, logger: logger,
            providerIDTokens: ProviderIDTokens(
                transport: collaborators.battleNet, endpoints: provider.endpoints, clientID: provider.credentials.id, clock: clock),
            clock: clock)
        let revoker = TokenRevoker(
            store: store, keyring: keyring,
            oauth: provider.client(BudgetedTransport(collaborators.revocations, budget: gateway.budget), timeout: configuration.exchangeTimeout),
            metrics: metrics, perMinute: limits.revocationsPerMinute, concurrent: limits.revocationsAtOnce, clock: clock)
        let readiness = ReadinessProbe(store: store, every: configuration.readinessInterval, clock: clock, logger: logger)
        let parts = RelayParts(
            settings: settings, apps: apps, logins: service, revoker: revoker, keyring: keyring, index: index, metrics: metrics,
            limits: limits.routes, connections: limits.connections, readiness: readiness,
            providerOrigin: provider.endpoints.authorizeURL.webOrigin, sandboxAPIURL: provider.sandboxAPIURL, signer: signer,
            trusted: trusted, sandbox: configuration.isSandbox, version: version, gateway: gateway.gateway,
            gatewayRegions: gateway.regions)
        return Relay(
            configuration: configuration, service: service, provider: provider, index: index, limits: limits,
            readiness: readiness, store: store, responder: parts.buildRouter().buildResponder(),
            opsResponder: parts.buildOperationsRouter().buildResponder(), logger: logger)
    }

    /// The HTTP application, with the operations listener and the ``timers()`` as its services and ``prepare()``
    /// before its server starts; `onRunning` receives the bound port, `onOpsRunning` the operations listener's.
    func application(
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        onOpsRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        // A header block of at most 8 KiB (the OAuth endpoints take 4, see RequestGate): what every open connection may
        // make the relay hold, so the memory at the connection cap stays within the unit's budget (README, "Capacity").
        let http1 = HTTP1Channel.Configuration(
            idleTimeout: .seconds(75),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 8 << 10, maxHeaderListSize: 8 << 10, maxHeaderFieldCount: 64))
        let opsPort = configuration.effectiveOpsPort
        let operations = NamedListener(
            name: "operations listener", address: "\(configuration.opsHost):\(opsPort)", setting: "--ops-port",
            wrapped: Application(
                responder: opsResponder, server: .gatedHTTP1(configuration: http1, limits: limits.operationsConnections),
                configuration: .init(address: .hostname(configuration.opsHost, port: opsPort), serverName: nil),
                onServerRunning: { channel in await onOpsRunning(channel.localAddress?.port ?? opsPort) },
                logger: logger))
        let port = configuration.port
        var application = Application(
            responder: responder, server: .gatedHTTP1(configuration: http1, limits: limits.connections),
            // A deep accept queue: after a restart or a proxy reload, thousands of long-polling clients reconnect at once.
            configuration: .init(address: .hostname(configuration.host, port: port), serverName: nil, backlog: 4096),
            services: [operations] + timers(),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        application.beforeServerStarts { [self] in try await prepare() }
        return application
    }

    /// The public listener's connection gate (for tests that count its connections).
    var connections: ConnectionLimits { limits.connections }

    /// The store's own services: a connection pool, a change feed into the poll index.
    private func storeServices() -> [any Service] {
        let index = self.index
        return store.services(onChange: { hash, status in index.update(hash, status: status) })
    }

    /// The relay's own rounds beside its listeners: the readiness re-checks and the sweeper.
    private func timers() -> [any Service] {
        [readiness, Sweeper(service: service, every: .seconds(30), clock: service.clock, logger: logger)]
    }

    /// What runs beside the listeners, for a relay answering in process (the tests' router): the store's services
    /// and the timers.
    func backgroundServices() -> [any Service] {
        storeServices() + timers()
    }

    /// Everything the relay runs, for one service group, in start order: in sandbox mode its emulator (shut down
    /// last), the store's services, then the HTTP application (which runs the timers, and migrates the database and
    /// loads open logins before its server accepts a connection), then
    /// ``LongPollReleaser``, which a graceful shutdown stops first, so held long-polls are answered before the server
    /// waits for its requests. `serve` and the tests both run these, through
    /// ``serviceGroup(signals:onRunning:onOpsRunning:)``.
    func services(
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        onOpsRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> [any Service] {
        let listener = NamedListener(
            name: "public listener", address: "\(configuration.host):\(configuration.port)", setting: "--port",
            wrapped: application(onRunning: onRunning, onOpsRunning: onOpsRunning))
        let emulator: [any Service] = provider.emulator.map { [SandboxEmulatorService(emulator: $0)] } ?? []
        return emulator + storeServices() + [listener, LongPollReleaser(index: index)]
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

    /// Migrates the database, checks it once for readiness and loads the open logins into memory: the
    /// application's step before its server starts.
    func prepare() async throws {
        do {
            try await store.migrate()
        } catch {
            throw DatabaseDiagnosis(location: configuration.database).startupError(error)
        }
        await readiness.check()
        let warmed = try await service.warmUp()
        logger.debug("poll index loaded", metadata: [LogKey.count: "\(warmed)"])
    }

    /// Stops the sandbox emulator, if any: for a relay whose ``serviceGroup(signals:onRunning:onOpsRunning:)`` never
    /// ran (the group stops it otherwise).
    public func shutdown() async {
        await emulator?.stop()
    }
}

/// The version and commit, both compile-time constants (see `BuildInfo`; deploy/build.sh stamps the commit).
public enum RelayVersion {
    /// `0.1.0 (abc1234)`; `0.1.0 (dev)` for builds made outside deploy/build.sh.
    public static let current = "\(BuildInfo.version) (\(BuildInfo.commit))"
}

