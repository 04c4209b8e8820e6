import Foundation

/// One Blizzard client's upstream budget as this relay spends it: `perSecond` and `perHour` requests for every
/// relay on the ledger, sign-ins first.
///
/// Sign-ins (the code exchange, userinfo, revocations) are counted but never wait or fail here: the gateway may take
/// only what is left after ``Limits/signInReserve``, so their share is always there. Gateway misses take from the
/// ledger in small leases (fewer store round trips), at most a tenth of the gateway's second in each tenth of a second
/// (so that a second of Blizzard's, however it falls against the relay's, meets at most the gateway's second and one
/// tenth), and each client network may take at most a quarter of the gateway's share of a second or an hour
/// (``Limits/networkShare``); past it, or past the budget, or while Blizzard has asked the client to wait, the caller
/// gets a 429 from the relay with `Retry-After`, before Blizzard would answer one.
public actor UpstreamBudget {
    /// The limits.
    public struct Limits: Sendable {
        /// Upstream requests a second, for every relay on the ledger (Blizzard: 100).
        public var perSecond: Int
        /// Upstream requests an hour (Blizzard: 36,000).
        public var perHour: Int
        /// The fraction of each window kept for sign-ins.
        public var signInReserve = 0.2
        /// The fraction of the gateway's share one client network may take.
        public var networkShare = 0.25

        /// Limits of `perSecond` and `perHour`.
        public init(perSecond: Int, perHour: Int) {
            self.perSecond = perSecond
            self.perHour = perHour
        }

        /// The gateway's requests a second and an hour: what the sign-in reserve leaves, at least one.
        var gateway: (second: Int, hour: Int) {
            (max(1, Int(Double(perSecond) * (1 - signInReserve))), max(1, Int(Double(perHour) * (1 - signInReserve))))
        }

        /// The gateway's windows holding `time`: a tenth of its second in each tenth (rounded up), its second, its hour.
        func gatewayWindows(at time: Date) -> BudgetWindows {
            let (second, hour) = gateway
            return BudgetWindows(at: time, perTenth: (second + 9) / 10, perSecond: second, perHour: hour)
        }
    }

    /// What a gateway miss may do.
    public enum Decision: Sendable, Equatable {
        /// Call upstream.
        case go
        /// Do not: answer 429 with this `Retry-After`, for this reason.
        case wait(seconds: Int, reason: String)
    }

    public let limits: Limits
    private let client: String
    private let ledger: any UpstreamLedger
    private let clock: RelayClock
    private var leased = 0
    private var leaseTenth = 0
    private var networks: [String: (second: Int, inSecond: Int, hour: Int, inHour: Int)] = [:]
    private var pausedUntil: Date?
    private var pauseChecked = -1
    private var spentThisHour = (hour: 0, count: 0)

    /// A budget for `client` on `ledger`, its seconds and hours read from `clock`.
    public init(limits: Limits, client: String, ledger: any UpstreamLedger, clock: RelayClock) {
        self.limits = limits
        self.client = client
        self.ledger = ledger
        self.clock = clock
    }

    nonisolated private func now() -> Date { clock.date }

    /// Asks to spend one upstream request for a caller from `network`.
    public func admitGateway(network: String) async -> Decision {
        let time = now()
        let second = Int(time.timeIntervalSince1970.rounded(.down))
        let hour = second / 3600
        if let wait = await pause(at: time, second: second) { return .wait(seconds: wait, reason: "upstream_429") }
        let (gatewaySecond, gatewayHour) = limits.gateway
        var share = networks[network] ?? (second, 0, hour, 0)
        if share.second != second { (share.second, share.inSecond) = (second, 0) }
        if share.hour != hour { (share.hour, share.inHour) = (hour, 0) }
        if share.inHour >= max(1, Int(Double(gatewayHour) * limits.networkShare)) {
            return .wait(seconds: 3600 - second % 3600, reason: "network_share")
        }
        if share.inSecond >= max(1, Int(Double(gatewaySecond) * limits.networkShare)) {
            return .wait(seconds: 1, reason: "network_share")
        }
        if networks.count > 10_000 { networks = networks.filter { $0.value.second == second } }
        networks[network] = share
        guard await lease(limits.gatewayWindows(at: time)) else {
            return .wait(seconds: spentThisHour.count >= gatewayHour ? 3600 - second % 3600 : 1, reason: "budget")
        }
        networks[network]?.inSecond += 1
        networks[network]?.inHour += 1
        return .go
    }

    /// Counts a sign-in's request (a code exchange, userinfo, a revocation): never refused, it takes from the full
    /// budget, whose reserve the gateway leaves free.
    public func recordSignIn() async {
        let windows = BudgetWindows(at: now(), perTenth: limits.perSecond, perSecond: limits.perSecond, perHour: limits.perHour)
        _ = try? await ledger.take(1, client: client, windows: windows)
    }

    /// Obeys an upstream 429 on every relay of the ledger: no gateway request goes upstream for `seconds`.
    public func obeyRateLimit(retryAfter seconds: Int) async {
        let until = now().addingTimeInterval(Double(max(1, seconds)))
        pausedUntil = max(until, pausedUntil ?? until)
        try? await ledger.pause(client: client, until: until)
    }

    /// Gateway requests left in this hour, as this relay has seen them (a gauge).
    public var remainingThisHour: Int {
        let hour = Int(now().timeIntervalSince1970.rounded(.down)) / 3600
        return max(0, limits.gateway.hour - (spentThisHour.hour == hour ? spentThisHour.count : 0))
    }

    /// The seconds until Blizzard's pause ends, re-reading the ledger's at most once a second.
    private func pause(at time: Date, second: Int) async -> Int? {
        if pauseChecked != second {
            pauseChecked = second
            if let shared = try? await ledger.pausedUntil(client: client) { pausedUntil = max(shared, pausedUntil ?? shared) }
        }
        guard let pausedUntil, pausedUntil > time else { return nil }
        return max(1, Int(pausedUntil.timeIntervalSince(time).rounded(.up)))
    }

    /// Takes one request from the lease, leasing more from the ledger when it is spent: half of the gateway's tenth of
    /// a second at a time, so that one relay cannot hold a whole tenth while others wait. A lease ends with its tenth.
    private func lease(_ windows: BudgetWindows) async -> Bool {
        let tenth = windows.windows[0]
        if leaseTenth != tenth.start { (leaseTenth, leased) = (tenth.start, 0) }
        if leased == 0 {
            let granted = (try? await ledger.take(max(1, tenth.limit / 2), client: client, windows: windows)) ?? 0
            guard leaseTenth == tenth.start else { return false }
            leased += granted
        }
        guard leased > 0 else { return false }
        leased -= 1
        let hour = windows.windows[2].start
        if spentThisHour.hour != hour { spentThisHour = (hour, 0) }
        spentThisHour.count += 1
        return true
    }
}
