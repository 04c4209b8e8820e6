import CoreMetrics
import Prometheus

/// The relay's metrics, each declared once here with its name and help (and in its label's enum, its values), on
/// swift-metrics' types over a swift-prometheus registry of this relay's own: two relays in one process never share
/// a count, and nothing touches swift-metrics' global `MetricsSystem`. Every series of a counter exists at zero from
/// the start. Label values are fixed words chosen by the relay, never request data.
public final class RelayMetrics: Sendable {
    private let registry: PrometheusCollectorRegistry

    public let loginsStarted: AppCounter
    public let callbacks: LabeledCounter<CallbackOutcome>
    public let exchanges: LabeledCounter<ExchangeOutcome>
    public let pickups: CoreMetrics.Counter
    public let polls: LabeledCounter<TokenAnswer>
    public let throttled: LabeledCounter<Throttle>
    public let refused: LabeledCounter<RefusalReason>
    public let userCodeCollisions: CoreMetrics.Counter
    public let revocations: LabeledCounter<TokenRevoker.Outcome>
    public let unusableForwardedFor: CoreMetrics.Counter
    public let gatewayRequests: LabeledCounter<GatewayResult>
    public let gatewayUpstream: LabeledCounter<UpstreamStatus>
    public let gatewayRefused: LabeledCounter<GatewayRefusal.Reason>
    public let gatewayThrottled: LabeledCounter<GatewayThrottleCause>
    /// `bnet_relay_exchange_duration_seconds`: a code exchange and its userinfo call, as a histogram.
    public let exchangeDuration: CoreMetrics.Timer

    /// The upper bounds of the exchange histogram's buckets.
    public static let exchangeBuckets: [Duration] = [
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
    ]

    /// Creates the metrics, every counter's series at zero.
    public init() {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        func counter(_ name: String, _ help: String) -> CoreMetrics.Counter {
            CoreMetrics.Counter(label: name, dimensions: [], factory: DescribedMetricsFactory(registry: registry, help: help))
        }
        func labeled<Label: MetricLabel>(_ name: String, _ help: String) -> LabeledCounter<Label> {
            LabeledCounter(name, help: help, registry: registry)
        }
        loginsStarted = AppCounter("bnet_relay_logins_started_total", help: "Logins started, by app.", registry: registry)
        callbacks = labeled("bnet_relay_callbacks_total", "Battle.net callbacks, by outcome.")
        exchanges = labeled("bnet_relay_exchanges_total", "Authorization code exchanges, by outcome.")
        pickups = counter("bnet_relay_pickups_total", "Tokens handed to the client that started the login.")
        polls = labeled("bnet_relay_polls_total", "Token endpoint polls, by answer.")
        throttled = labeled("bnet_relay_throttled_total", "Requests refused by a rate limit or cap, by limit.")
        refused = labeled(
            "bnet_relay_refused_total",
            "Requests refused to protect a login, and logins ended by their person (not_me), by reason.")
        userCodeCollisions = counter(
            "bnet_relay_user_code_collisions_total", "New user codes drawn again because an open login held them.")
        revocations = labeled(
            "bnet_relay_revocations_total",
            "Token revocations, by outcome: forwarded to Battle.net, answered without a call (not_issued), or failed.")
        unusableForwardedFor = counter(
            "bnet_relay_unusable_forwarded_for_total",
            "Requests from a trusted proxy whose X-Forwarded-For named no client address (limited as one client).")
        gatewayRequests = labeled(
            "bnet_relay_gateway_requests_total",
            "Game-data gateway answers, by result: cache hit, miss, revalidated (304), refetched, stale, or coalesced into another's miss.")
        gatewayUpstream = labeled(
            "bnet_relay_gateway_upstream_total", "Game-data requests the gateway sent to Battle.net, by status (error: no answer).")
        gatewayRefused = labeled("bnet_relay_gateway_refused_total", "Game-data requests the gateway refused, by reason.")
        gatewayThrottled = labeled(
            "bnet_relay_gateway_throttled_total",
            "Gateway misses held back from Battle.net, by cause: the budget, a network's fair share, or Blizzard's 429.")
        exchangeDuration = CoreMetrics.Timer(
            label: "bnet_relay_exchange_duration_seconds", dimensions: [],
            factory: DescribedMetricsFactory(
                registry: registry, help: "Time to exchange a code and fetch userinfo.", buckets: Self.exchangeBuckets))
    }

    /// Sets `gauge` to `value`, with `labels`; a gauge exists from its first value on, so one the relay does not
    /// have (the gateway's while it is off, the process's off Linux) is not in the text.
    public func set(_ gauge: RelayGauge, to value: Double, labels: [(String, String)] = []) {
        CoreMetrics.Gauge(label: gauge.rawValue, dimensions: labels, factory: DescribedMetricsFactory(registry: registry, help: gauge.help))
            .record(value)
    }

    /// The Prometheus text exposition format 0.0.4, as swift-prometheus writes it: metric families in no fixed order,
    /// gauges as floating-point numbers.
    public func render() -> String {
        registry.emitToString()
    }
}
