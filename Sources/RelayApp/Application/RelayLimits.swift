import Foundation
import RelayCore
import RelayServer

/// Every limit the relay applies, built once from its configuration in the composition root and handed to where it
/// is applied: the listeners' connection gates, the controllers' request rates, the login service's caps and budgets.
struct RelayLimits: Sendable {
    /// The login service's own: open logins, held long-polls, unknown states and device codes.
    let logins: LoginLimits
    /// Logins started per client network, /56 and /48 (`POST /oauth/device/code`).
    let starts: PrefixRateLimits
    /// User codes typed per client network (`/device`).
    let codeEntries: RateLimiter
    /// Requests that present a token, per client network, /56 and /48 (`POST /oauth/revoke`, `/oauth/userinfo`).
    let revocationRequests: PrefixRateLimits
    /// Revocations forwarded to Battle.net per minute, in all.
    let revocationsPerMinute: Double
    /// Revocations forwarded at once.
    let revocationsAtOnce: Int
    /// The public listener's connections and forwarded requests.
    let connections: ConnectionLimits
    /// The operations listener's connections: a gate of its own, so probes and players cannot crowd out each other.
    let operationsConnections: ConnectionLimits

    /// The limits `configuration` declares, counting refusals in `metrics` and refilled as `clock` moves.
    init(_ configuration: RelayConfiguration, settings: RelaySettings, trusted: [IPRange], metrics: RelayMetrics, clock: RelayClock) {
        logins = LoginLimits(settings, clock: clock)
        starts = PrefixRateLimits(
            PrefixRateLimits.loginStarts, perNetwork: configuration.startsPerMinute, per56: configuration.startsPerMinutePer56,
            per48: configuration.startsPerMinutePer48, clock: clock)
        codeEntries = RateLimiter(
            name: Throttle.userCode.label, burst: Int(configuration.codeEntriesPerMinute), perMinute: configuration.codeEntriesPerMinute,
            clock: clock)
        revocationRequests = PrefixRateLimits(
            PrefixRateLimits.revocations, perNetwork: configuration.startsPerMinute, per56: configuration.startsPerMinutePer56,
            per48: configuration.startsPerMinutePer48, clock: clock)
        revocationsPerMinute = configuration.revocationsPerMinute
        revocationsAtOnce = OutboundClients.revocationConnections
        connections = ConnectionLimits(caps: configuration.connections, trusted: trusted, metrics: metrics)
        operationsConnections = ConnectionLimits(
            caps: .operations(requestTimeout: configuration.connections.requestTimeout), trusted: [], metrics: metrics,
            throttles: ConnectionLimits.operations)
    }

    /// The request rates the routes apply.
    var routes: RouteLimits {
        RouteLimits(starts: starts, codeEntries: codeEntries, revocationRequests: revocationRequests)
    }
}
