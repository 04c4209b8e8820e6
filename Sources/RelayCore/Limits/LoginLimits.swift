import Foundation

/// The limits the login service applies itself, built once (in the relay's root, from its configuration) and handed
/// to ``LoginService``: the cap on open logins, the caps on held long-polls, and the budgets for callbacks and polls
/// naming an unknown state or device code.
public struct LoginLimits: Sendable {
    /// The most logins held in memory at once; past it, new starts are refused with 503.
    public let maxOpenLogins: Int
    /// The caps on long-polls held at once, in all and per client network.
    public let holds: HeldPollLimits
    /// Per client network, the budget of callbacks naming an unknown state: charged only for those misses.
    public let unknownStates: RateLimiter
    /// Per client network, the budget of polls naming an unknown device code: charged only for those misses.
    public let unknownDeviceCodes: RateLimiter

    /// The limits `settings` declares, refilled as `clock` moves.
    public init(_ settings: RelaySettings, clock: RelayClock) {
        maxOpenLogins = settings.maxOpenLogins
        holds = HeldPollLimits(total: settings.maxHeldPolls, perNetwork: settings.maxHeldPollsPerNetwork)
        let misses = settings.unknownCodesPerMinute
        unknownStates = RateLimiter(name: "unknown_state", burst: Int(misses), perMinute: misses, clock: clock)
        unknownDeviceCodes = RateLimiter(name: "unknown_device_code", burst: Int(misses), perMinute: misses, clock: clock)
    }
}
