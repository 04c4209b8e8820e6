import BattleNet
import BattleNetEmulator
import Foundation
import Metrics
import RelayCore
import TestSupport
import Testing

/// The relay's metrics on swift-metrics and swift-prometheus: typed labels reach the text, every series is there at
/// zero before its first event, and each relay counts in a registry of its own.
@Suite("Metrics", .timeLimit(.minutes(2)))
struct MetricsTests {
    /// The series of counter `name` for every value of `Label`, at `value`.
    static func series<Label: MetricLabel>(_ name: String, _: Label.Type, at value: Int = 0) -> [String] {
        Label.allCases.map { name + "{" + Label.name + #"=""# + $0.rawValue + #""} "# + String(value) }
    }

    @Test("Before any event, every value of every typed label is a series at zero, under its # HELP and # TYPE", .timeLimit(.minutes(1)))
    func zeroSeries() {
        let lines = Set(RelayMetrics().render().split(separator: "\n").map(String.init))
        let expected =
            Self.series("bnet_relay_callbacks_total", CallbackOutcome.self)
            + Self.series("bnet_relay_exchanges_total", ExchangeOutcome.self)
            + Self.series("bnet_relay_polls_total", TokenAnswer.self)
            + Self.series("bnet_relay_throttled_total", Throttle.self)
            + Self.series("bnet_relay_refused_total", RefusalReason.self)
            + Self.series("bnet_relay_revocations_total", TokenRevoker.Outcome.self)
            + Self.series("bnet_relay_gateway_requests_total", GatewayResult.self)
            + Self.series("bnet_relay_gateway_upstream_total", UpstreamStatus.self)
            + Self.series("bnet_relay_gateway_refused_total", GatewayRefusal.Reason.self)
            + Self.series("bnet_relay_gateway_throttled_total", GatewayThrottleCause.self)
            + ["bnet_relay_pickups_total 0", "bnet_relay_user_code_collisions_total 0", "bnet_relay_unusable_forwarded_for_total 0"]
        for series in expected { #expect(lines.contains(series), "\(series)") }
        #expect(lines.contains("# HELP bnet_relay_callbacks_total Battle.net callbacks, by outcome."))
        #expect(lines.contains("# TYPE bnet_relay_callbacks_total counter"))
        #expect(lines.contains("# TYPE bnet_relay_exchange_duration_seconds histogram"))
        // Every family has its help text: none is registered through a path that drops it.
        func names(after prefix: String) -> Set<Substring> {
            Set(lines.filter { $0.hasPrefix(prefix) }.map { $0.dropFirst(prefix.count).prefix { $0 != " " } })
        }
        let families = names(after: "# TYPE ")
        let described = names(after: "# HELP ")
        #expect(families.count == 14, "the 13 counters but the apps' (which need apps) and the exchange histogram")
        #expect(families == described)
    }

    @Test("A typed label's value reaches the text under its label name, and only its own series counts", .timeLimit(.minutes(1)))
    func typedLabel() {
        let metrics = RelayMetrics()
        metrics.callbacks.increment(.otherBrowser)
        metrics.callbacks.increment(.otherBrowser)
        metrics.polls.increment(TokenAnswer(poll: OAuthErrorCode("made_up")))
        metrics.polls.increment(TokenAnswer(redemption: .invalidGrant))
        metrics.gatewayUpstream.increment(UpstreamStatus(503))
        metrics.throttled.increment(.loginStart48)
        let text = metrics.render()
        #expect(text.contains(#"bnet_relay_callbacks_total{outcome="other_browser"} 2"# + "\n"))
        #expect(text.contains(#"bnet_relay_callbacks_total{outcome="approved"} 0"# + "\n"))
        #expect(text.contains(#"bnet_relay_polls_total{result="other"} 1"# + "\n"), "an unknown code counts as other")
        #expect(text.contains(#"bnet_relay_polls_total{result="code_invalid_grant"} 1"# + "\n"))
        #expect(text.contains(#"bnet_relay_polls_total{result="invalid_grant"} 0"# + "\n"))
        #expect(text.contains(#"bnet_relay_gateway_upstream_total{status="5xx"} 1"# + "\n"))
        #expect(text.contains(#"bnet_relay_throttled_total{limit="login_start_48"} 1"# + "\n"))
    }

    @Test("The exchange histogram keeps its buckets, from 10 ms to 10 s, and counts a duration in each bound above it", .timeLimit(.minutes(1)))
    func exchangeHistogram() {
        let metrics = RelayMetrics()
        metrics.exchangeDuration.record(duration: .milliseconds(30))
        let text = metrics.render()
        let buckets = text.matches(of: /bnet_relay_exchange_duration_seconds_bucket\{le="([^"]+)"\} (\d+)/)
            .map { (String($0.1), Int($0.2)!) }
        #expect(buckets.map(\.0) == ["0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1.0", "2.5", "5.0", "10.0", "+Inf"])
        #expect(buckets.map(\.1) == [0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1])
        #expect(text.contains("bnet_relay_exchange_duration_seconds_sum 0.03\n"))
        #expect(text.contains("bnet_relay_exchange_duration_seconds_count 1\n"))
    }

    @Test("Two relays in one process count in registries of their own: a login at one is not counted at the other", .timeLimit(.minutes(1)))
    func twoRelays() async throws {
        let emulator = try await RunningEmulator.shared
        try await withRelay(emulator: emulator) { first in
            try await withRelay(emulator: emulator) { second in
                _ = try await first.startLogin()
                _ = try await first.startLogin()
                let started = #"bnet_relay_logins_started_total{app="d3"} "#
                #expect(try await first.ops("/metrics").text.contains(started + "2\n"))
                #expect(try await second.ops("/metrics").text.contains(started + "0\n"))
            }
        }
    }
}
