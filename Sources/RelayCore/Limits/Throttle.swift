import BattleNet

/// Why a request was throttled: one case per limit the relay applies. Each yields the `limit` label it is counted
/// under in `bnet_relay_throttled_total` (and watched by deploy/prometheus-alerts.yml), the refusal its client
/// gets, and the `Retry-After` it carries.
public enum Throttle: String, CaseIterable, Sendable {
    /// A listener's open connections, in all or from one client network.
    case connections
    /// A listener's open connections from one /48 (IPv6) or /24 (IPv4).
    case connections48 = "connections_48"
    /// The operations listener's open connections.
    case opsConnections = "ops_connections"
    /// The operations listener's open connections from one /48 or /24.
    case opsConnections48 = "ops_connections_48"
    /// Requests in flight for one client behind a trusted proxy.
    case proxiedRequests = "proxied_requests"
    /// Requests in flight for one /48 or /24 behind a trusted proxy.
    case proxiedRequests48 = "proxied_requests_48"
    /// Logins started from one client network, /56 and /48.
    case loginStart = "login_start"
    case loginStart56 = "login_start_56"
    case loginStart48 = "login_start_48"
    /// Revocation requests from one client network, /56 and /48.
    case revocation
    case revocation56 = "revocation_56"
    case revocation48 = "revocation_48"
    /// Revocations forwarded to Battle.net a minute, in all.
    case revocationGlobal = "revocation_global"
    /// Revocations forwarded to Battle.net a minute for one client network: its share of the global budget (R5-10).
    case revocationShare = "revocation_share"
    /// Revocations waiting for Battle.net.
    case revocationQueue = "revocation_queue"
    /// Logins held open at once.
    case openLogins = "open_logins"
    /// Long-polls held at once: the poll is answered at once instead of refused.
    case heldPolls = "held_polls"
    /// Callbacks naming an unknown state from one client network.
    case unknownState = "unknown_state"
    /// Polls naming an unknown device code from one client network.
    case unknownDeviceCode = "unknown_device_code"
    /// User codes typed on `/device` from one client network (answered with a page).
    case userCode = "user_code"

    /// The `limit` label of `bnet_relay_throttled_total`.
    public var label: String { rawValue }

    /// The seconds a refused client is told to wait (`Retry-After`); nil for a limit that refuses nothing.
    public var retryAfterSeconds: Int? {
        switch self {
        case .heldPolls: nil
        case .proxiedRequests, .proxiedRequests48: 10
        default: 60
        }
    }

    /// What the client is answered (before `Retry-After`, which ``retryAfterSeconds`` gives); nil for a limit that
    /// refuses nothing (a held poll over its cap is answered as a plain poll).
    public var refusal: Refusal? {
        switch self {
        case .connections, .connections48, .opsConnections, .opsConnections48:
            Refusal(.temporarilyUnavailable, "Too many connections; try again in a minute.", status: 503)
        case .proxiedRequests, .proxiedRequests48:
            Refusal(.slowDown, "Too many requests in flight from this client; try again in a few seconds.", status: 429)
        case .loginStart, .loginStart56, .loginStart48:
            Refusal(.slowDown, "Too many logins started from your network; wait a minute.", status: 429)
        case .revocation, .revocation56, .revocation48:
            Refusal(.slowDown, "Too many revocations from your network; wait a minute.", status: 429)
        case .revocationShare:
            Refusal(
                .slowDown, "Your network has used its share of the revocations the relay forwards to Battle.net; wait a minute.",
                status: 429)
        case .revocationGlobal:
            Refusal(.temporarilyUnavailable, "The relay forwards only so many revocations a minute; try again in a minute.", status: 503)
        case .revocationQueue:
            Refusal(.temporarilyUnavailable, "Too many revocations are waiting for Battle.net; try again in a minute.", status: 503)
        case .openLogins:
            Refusal(.temporarilyUnavailable, "The relay holds as many open logins as it may; try again in a minute.", status: 503)
        case .unknownState:
            Refusal(
                .temporarilyUnavailable,
                "Too many sign-in answers with an unknown state came from your network; wait a minute, then start a new login.",
                status: 429)
        case .unknownDeviceCode:
            Refusal(
                .slowDown,
                "Too many polls with a device code this relay does not know came from your network; wait a minute before polling again.",
                status: 429)
        case .userCode:
            Refusal(.slowDown, "Too many codes were entered from your network; wait a minute.", status: 429)
        case .heldPolls:
            nil
        }
    }
}

extension RelayMetrics {
    /// Counts a request refused (or, for held polls, answered at once) by `throttle`.
    public func count(_ throttle: Throttle) {
        throttled.increment(throttle)
    }
}
