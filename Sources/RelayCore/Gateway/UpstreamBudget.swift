import Foundation
import Logging

/// One Blizzard client's upstream budget as this relay spends it: `perSecond` and `perHour` requests for every
/// relay on the ledger, sign-ins first.
///
/// Sign-ins (the code exchange, userinfo, revocations) are counted but never wait or fail here: the gateway may take
/// only what is left after ``Limits/signInReserve``, so their share is always there. Of a second, the gateway takes
/// half of what is left: Blizzard counts its own seconds, which need not fall where the relay's do, so one of its
/// seconds may meet the end of one of the relay's and the start of the next, and two halves still leave the sign-ins
/// their reserve. Gateway misses take from the ledger in small leases (fewer store round trips), and each client
/// network may take at most a quarter of the gateway's share of a second or an hour (``Limits/networkShare``); past it,
/// or past the budget, or while Blizzard has asked the client to wait, the caller gets a 429 from the relay with
/// `Retry-After`, before Blizzard would answer one.
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

        /// The gateway's requests a second and an hour: what the sign-in reserve leaves, halved for the second (see
        /// ``UpstreamBudget``), at least one. Blizzard's hourly quota slows a client down rather than refusing it, so
        /// the hour is not halved.
        var gateway: (second: Int, hour: Int) {
            (max(1, Int(Double(perSecond) * (1 - signInReserve)) / 2), max(1, Int(Double(perHour) * (1 - signInReserve))))
        }
    }

    /// What a gateway miss may do.
    public enum Decision: Sendable, Equatable {
        /// Call upstream.
        case go
        /// Do not: answer 429 with this `Retry-After`, for this reason.
        case wait(seconds: Int, reason: GatewayThrottleCause)
    }

    public let limits: Limits
    private let client: String
    private let ledger: any UpstreamLedger
    private let clock: RelayClock
    private let logger: Logger
    /// The second the ledger's last failure was logged in: at most one line a second while the store is down.
    private var failureLogged = -1
    private var leased = 0
    private var leaseSecond = 0
    /// The lease being taken from the ledger, which every caller of its second waits for instead of taking one more.
    private var leasing: (second: Int, task: Task<Bool, Never>)?
    private var networks: [String: (second: Int, inSecond: Int, hour: Int, inHour: Int)] = [:]
    private var pausedUntil: Date?
    private var pauseChecked = -1
    private var spentThisHour = (hour: 0, count: 0)

    /// A budget for `client` on `ledger`, its seconds and hours read from `clock`; a ledger that fails is logged to
    /// `logger` (the gateway's misses are refused meanwhile, and sign-ins go on uncounted).
    public init(
        limits: Limits, client: String, ledger: any UpstreamLedger, clock: RelayClock,
        logger: Logger = Logger(label: "bnet-relay.budget", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.limits = limits
        self.client = client
        self.ledger = ledger
        self.clock = clock
        self.logger = logger
    }

    nonisolated private func now() -> Date { clock.date }

    /// Asks to spend one upstream request for a caller from `network`.
    public func admitGateway(network: String) async -> Decision {
        let time = now()
        let (gatewaySecond, gatewayHour) = limits.gateway
        let windows = BudgetWindows(at: time, perSecond: gatewaySecond, perHour: gatewayHour)
        let (second, hour) = (windows.second.start, windows.hour.start)
        if let wait = await pause(at: time, second: second) { return .wait(seconds: wait, reason: .upstream429) }
        var share = networks[network] ?? (second, 0, hour, 0)
        if share.second != second { (share.second, share.inSecond) = (second, 0) }
        if share.hour != hour { (share.hour, share.inHour) = (hour, 0) }
        if share.inHour >= max(1, Int(Double(gatewayHour) * limits.networkShare)) {
            return .wait(seconds: 3600 - second % 3600, reason: .networkShare)
        }
        if share.inSecond >= max(1, Int(Double(gatewaySecond) * limits.networkShare)) {
            return .wait(seconds: 1, reason: .networkShare)
        }
        if networks.count > 10_000 { networks = networks.filter { $0.value.second == second } }
        networks[network] = share
        guard await lease(windows) else {
            return .wait(seconds: spentThisHour.count >= gatewayHour ? 3600 - second % 3600 : 1, reason: .budget)
        }
        networks[network]?.inSecond += 1
        networks[network]?.inHour += 1
        return .go
    }

    /// Counts a sign-in's request (a code exchange, userinfo, a revocation): never refused, it takes from the full
    /// budget, whose reserve the gateway leaves free.
    public func recordSignIn() async {
        let windows = BudgetWindows(at: now(), perSecond: limits.perSecond, perHour: limits.perHour)
        do { _ = try await ledger.take(1, client: client, windows: windows) } catch { ledgerFailed(error, in: windows) }
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

    /// Takes one request from the lease, leasing more from the ledger when it is spent: a tenth of the gateway's second
    /// at a time, so that one relay cannot hold the whole second while others wait. One lease is taken at a time: the
    /// callers of its second wait for it, so that a busy relay does not queue a take per caller, and at most one
    /// lease a relay (a tenth of the gateway's second) can come back from a slow store after its second has passed and
    /// go upstream in the next, well within the half of a second the gateway leaves.
    private func lease(_ windows: BudgetWindows) async -> Bool {
        let second = windows.second.start
        if leaseSecond != second { (leaseSecond, leased) = (second, 0) }
        while leased == 0 {
            let pending: Task<Bool, Never>
            if let leasing, leasing.second == second {
                pending = leasing.task
            } else {
                pending = Task { await takeLease(windows) }
                leasing = (second, pending)
            }
            guard await pending.value else { return false }
        }
        leased -= 1
        if spentThisHour.hour != windows.hour.start { spentThisHour = (windows.hour.start, 0) }
        spentThisHour.count += 1
        return true
    }

    /// Takes a lease in `windows` and adds it to ``leased`` before its waiters resume; false when the ledger granted
    /// none, or a newer second's lease has begun.
    private func takeLease(_ windows: BudgetWindows) async -> Bool {
        let second = windows.second.start
        let count: Int
        do {
            count = try await ledger.take(max(1, windows.second.limit / 10), client: client, windows: windows)
        } catch {
            ledgerFailed(error, in: windows)
            count = 0
        }
        if leasing?.second == second { leasing = nil }
        guard count > 0, leaseSecond == second else { return false }
        leased += count
        return true
    }

    /// Logs that the ledger failed, once in `windows`' second: the store's own words, which never hold a secret.
    private func ledgerFailed(_ error: any Error, in windows: BudgetWindows) {
        guard failureLogged != windows.second.start else { return }
        failureLogged = windows.second.start
        logger.warning(
            "upstream budget: the store did not answer; the gateway's misses get the relay's 429 until it does",
            metadata: [LogKey.errorType: "\(type(of: error))", LogKey.errorReason: "\(error)"])
    }
}
