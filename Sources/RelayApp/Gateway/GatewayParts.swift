import BattleNet
import Foundation
import Logging
import RelayCore

/// The gateway's parts, built by the composition root: the upstream budget (which sign-ins are counted against too)
/// and, when `--gateway on`, the gateway itself.
struct GatewayParts: Sendable {
    let budget: UpstreamBudget
    let gateway: GameDataGateway?
    /// The regions whose API the gateway calls: those whose tokens the relay's client holds.
    let regions: [Region]

    /// The cache's size bound.
    static let cacheBytes = 64 << 20

    init(
        _ configuration: RelayConfiguration, provider: BattleNetProvider, ledger: any UpstreamLedger,
        transport: any HTTPTransport, metrics: RelayMetrics, clock: RelayClock, logger: Logger
    ) {
        budget = UpstreamBudget(
            limits: .init(perSecond: configuration.upstreamRequestsPerSecond, perHour: configuration.upstreamRequestsPerHour),
            client: provider.credentials.id, ledger: ledger, clock: clock, logger: logger)
        regions = configuration.settings.region.tokenRegions
        guard configuration.gatewayEnabled else {
            gateway = nil
            return
        }
        // In sandbox mode and with --api-url every region's calls go to that one base; otherwise to Blizzard's host.
        let moved = configuration.apiURL != nil || configuration.isSandbox
        let base = provider.endpoints.apiBaseURL
        let tokens = ClientCredentialsTokenProvider(
            client: provider.client(BudgetedTransport(transport, budget: budget), timeout: configuration.exchangeTimeout))
        gateway = GameDataGateway(
            cache: GatewayCache(capacity: Self.cacheBytes), budget: budget,
            upstream: .init(transport: transport, baseURL: { moved ? base : $0.apiBaseURL }, tokens: tokens),
            metrics: metrics, clock: clock)
    }
}

/// A transport whose requests are counted against the upstream budget as sign-ins' are: never held back, and the
/// count is written without the request waiting for it.
struct BudgetedTransport: HTTPTransport {
    let wrapped: any HTTPTransport
    let budget: UpstreamBudget

    init(_ wrapped: any HTTPTransport, budget: UpstreamBudget) {
        self.wrapped = wrapped
        self.budget = budget
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let budget = budget
        Task { await budget.recordSignIn() }
        return try await wrapped.send(request)
    }
}

extension LoginStore {
    /// The store's upstream ledger when it keeps one (SQLite, PostgreSQL: shared by every relay on the database),
    /// else one in memory.
    var upstreamLedger: any UpstreamLedger {
        (self as? any UpstreamLedger) ?? MemoryLedger()
    }
}
