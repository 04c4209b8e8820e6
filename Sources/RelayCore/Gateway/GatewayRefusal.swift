import Foundation

/// Why the gateway answers a request itself instead of with Blizzard's data: each reason has its status, a message
/// a person can act on, and a metric label (`bnet_relay_gateway_refused_total{reason=…}`).
public struct GatewayRefusal: Error, Sendable, Equatable {
    /// The reasons, as metric labels and as the `error` of the JSON body.
    public enum Reason: String, Sendable, CaseIterable {
        case method = "method_not_allowed"
        case foreignHost = "foreign_host"
        case unknownRegion = "unknown_region"
        case playerData = "player_data"
        case notGameData = "not_game_data"
        case traversal = "invalid_path"
        case tooLong = "request_too_long"
        case answerTooLarge = "answer_too_large"
        case rateLimited = "rate_limited"
        case upstreamUnavailable = "upstream_unavailable"
        case gatewayOff = "gateway_off"
    }

    /// Why.
    public var reason: Reason
    /// What happened and what to do, for a person.
    public var description: String
    /// The HTTP status.
    public var status: Int
    /// The seconds a caller waits before asking again (429 and 503).
    public var retryAfter: Int?

    /// Creates a refusal.
    public init(_ reason: Reason, _ description: String, status: Int, retryAfter: Int? = nil) {
        self.reason = reason
        self.description = description
        self.status = status
        self.retryAfter = retryAfter
    }
}
