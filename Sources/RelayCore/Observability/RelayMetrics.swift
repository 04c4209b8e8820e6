import Foundation
import NIOConcurrencyHelpers

/// The relay's counters, each with its label and help text: one list, so names are never spelled twice.
public enum RelayCounter: String, CaseIterable, Sendable {
    case loginsStarted = "bnet_relay_logins_started_total"
    case callbacks = "bnet_relay_callbacks_total"
    case exchanges = "bnet_relay_exchanges_total"
    case pickups = "bnet_relay_pickups_total"
    case polls = "bnet_relay_polls_total"
    case throttled = "bnet_relay_throttled_total"
    case refused = "bnet_relay_refused_total"
    case userCodeCollisions = "bnet_relay_user_code_collisions_total"
    case revocations = "bnet_relay_revocations_total"
    case unusableForwardedFor = "bnet_relay_unusable_forwarded_for_total"
    case gatewayRequests = "bnet_relay_gateway_requests_total"
    case gatewayUpstream = "bnet_relay_gateway_upstream_total"
    case gatewayRefused = "bnet_relay_gateway_refused_total"
    case gatewayThrottled = "bnet_relay_gateway_throttled_total"

    /// The label this counter is split by, if any.
    public var label: String? {
        switch self {
        case .loginsStarted: "app"
        case .callbacks, .exchanges, .revocations: "outcome"
        case .polls: "result"
        case .throttled: "limit"
        case .refused, .gatewayRefused: "reason"
        case .gatewayRequests: "result"
        case .gatewayUpstream: "status"
        case .gatewayThrottled: "cause"
        case .pickups, .userCodeCollisions, .unusableForwardedFor: nil
        }
    }

    /// The label values whose series exist, at zero, before the first event (so an alert on a rate sees the first
    /// one); `[""]` for a counter without a label. The apps of `bnet_relay_logins_started_total` come from the relay.
    public var knownValues: [String] {
        switch self {
        case .loginsStarted: []
        case .callbacks: ["approved", "denied", "failed", "forwarded", "other_browser", "rejected"]
        case .exchanges: ["failed", "ok"]
        case .revocations: ["failed", "forwarded", "not_issued"]
        case .polls: ["access_denied", "authorization_pending", "expired_token", "invalid_grant", "slow_down", "token"]
        case .throttled: Throttle.allCases.map(\.label)
        case .refused: ["cross_site_confirm", "in_progress_elsewhere", "callback_code", "not_me"]
        case .pickups, .userCodeCollisions, .unusableForwardedFor: [""]
        case .gatewayRequests: ["coalesced", "hit", "miss", "refetched", "revalidated", "stale"]
        case .gatewayUpstream: ["200", "304", "404", "429", "5xx", "error", "other"]
        case .gatewayRefused: GatewayRefusal.Reason.allCases.map(\.rawValue)
        case .gatewayThrottled: ["budget", "network_share", "upstream_429"]
        }
    }

    /// The `# HELP` text.
    public var help: String {
        switch self {
        case .loginsStarted: "Logins started, by app."
        case .callbacks: "Battle.net callbacks, by outcome."
        case .exchanges: "Authorization code exchanges, by outcome."
        case .pickups: "Tokens handed to the client that started the login."
        case .polls: "Token endpoint polls, by answer."
        case .throttled: "Requests refused by a rate limit or cap, by limit."
        case .refused: "Requests refused to protect a login, and logins ended by their person (not_me), by reason."
        case .userCodeCollisions: "New user codes drawn again because an open login held them."
        case .unusableForwardedFor:
            "Requests from a trusted proxy whose X-Forwarded-For named no client address (limited as one client)."
        case .revocations:
            "Token revocations, by outcome: forwarded to Battle.net, answered without a call (not_issued), or failed."
        case .gatewayRequests:
            "Game-data gateway answers, by result: cache hit, miss, revalidated (304), refetched, stale, or coalesced into another's miss."
        case .gatewayUpstream: "Game-data requests the gateway sent to Battle.net, by status (error: no answer)."
        case .gatewayRefused: "Game-data requests the gateway refused, by reason."
        case .gatewayThrottled:
            "Gateway misses held back from Battle.net, by cause: the budget, a network's fair share, or Blizzard's 429."
        }
    }
}

/// The relay's counters and the exchange latency histogram, rendered as Prometheus text.
/// Label values are fixed words chosen by the relay, never request data.
public final class RelayMetrics: Sendable {
    private struct Counter: Hashable {
        let name: RelayCounter
        let value: String
    }

    private struct Values {
        var counters: [Counter: Double] = [:]
        var histogramCounts: [Int]
        var histogramSum = 0.0
        var histogramTotal = 0
    }

    private let values: NIOLockedValueBox<Values>
    /// The exchange latency buckets, in seconds.
    public let latencyBuckets: [Double] = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// Creates metrics with every known series at zero.
    public init() {
        values = NIOLockedValueBox(Values(histogramCounts: Array(repeating: 0, count: latencyBuckets.count)))
        for counter in RelayCounter.allCases { prime(counter, values: counter.knownValues) }
    }

    /// Makes the series of `counter` for `values` exist at zero (a no-op for those that exist).
    public func prime(_ counter: RelayCounter, values labels: [String]) {
        values.withLockedValue { values in
            for label in labels { values.counters[Counter(name: counter, value: label), default: 0] += 0 }
        }
    }

    /// Adds one to a counter, with its label's value (empty for a counter without a label).
    public func increment(_ counter: RelayCounter, _ labelValue: String = "") {
        values.withLockedValue { $0.counters[Counter(name: counter, value: labelValue), default: 0] += 1 }
    }

    /// Records one code exchange's duration.
    public func observeExchange(seconds: Double) {
        values.withLockedValue { values in
            for (index, bound) in latencyBuckets.enumerated() where seconds <= bound {
                values.histogramCounts[index] += 1
            }
            values.histogramSum += seconds
            values.histogramTotal += 1
        }
    }

    /// Prometheus text exposition format 0.0.4.
    public func render(extra: [(name: String, help: String, value: Double)] = []) -> String {
        values.withLockedValue { values in
            let (counters, histogramCounts, histogramSum, histogramTotal) =
                (values.counters, values.histogramCounts, values.histogramSum, values.histogramTotal)
            var out = ""
            for counter in RelayCounter.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
                let name = counter.rawValue
                out += "# HELP \(name) \(counter.help)\n# TYPE \(name) counter\n"
                let series = counters.filter { $0.key.name == counter }.sorted { $0.key.value < $1.key.value }
                for (key, value) in series {
                    out += counter.label.map { "\(name){\($0)=\"\(key.value)\"} \(format(value))\n" } ?? "\(name) \(format(value))\n"
                }
            }
            let histogram = "bnet_relay_exchange_duration_seconds"
            out += "# HELP \(histogram) Time to exchange a code and fetch userinfo.\n# TYPE \(histogram) histogram\n"
            for (index, bound) in latencyBuckets.enumerated() {
                out += "\(histogram)_bucket{le=\"\(bound)\"} \(histogramCounts[index])\n"
            }
            out += "\(histogram)_bucket{le=\"+Inf\"} \(histogramTotal)\n"
            out += "\(histogram)_sum \(histogramSum)\n\(histogram)_count \(histogramTotal)\n"
            for gauge in extra {
                out += "# HELP \(gauge.name) \(gauge.help)\n# TYPE \(gauge.name) gauge\n\(gauge.name) \(format(gauge.value))\n"
            }
            return out
        }
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
