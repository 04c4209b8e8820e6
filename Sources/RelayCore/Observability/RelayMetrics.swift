import Foundation

/// The relay's counters and the exchange latency histogram, rendered as Prometheus text.
/// Label values are fixed words chosen by the relay, never request data.
public final class RelayMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private struct Counter: Hashable {
        let name: String
        let label: String
        let value: String
    }

    private var counters: [Counter: Double] = [:]
    private var histogramCounts: [Int] = []
    private var histogramSum = 0.0
    private var histogramTotal = 0
    /// The exchange latency buckets, in seconds.
    public let latencyBuckets: [Double] = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private static let help: [String: String] = [
        "bnet_relay_logins_started_total": "Logins started, by app.",
        "bnet_relay_callbacks_total": "Battle.net callbacks, by outcome.",
        "bnet_relay_exchanges_total": "Authorization code exchanges, by outcome.",
        "bnet_relay_pickups_total": "Tokens handed to the client that started the login.",
        "bnet_relay_polls_total": "Token endpoint polls, by answer.",
        "bnet_relay_throttled_total": "Requests refused by a rate limit, by limit.",
        "bnet_relay_refused_total": "Browser requests refused to protect a login, by reason.",
        "bnet_relay_user_code_collisions_total": "New user codes drawn again because an open login held them.",
    ]

    /// Creates empty metrics.
    public init() {
        histogramCounts = Array(repeating: 0, count: latencyBuckets.count)
    }

    /// Adds one to a counter with a label (`outcome`, `app`, `result` or `limit`).
    public func increment(_ name: String, _ labelName: String, _ labelValue: String) {
        lock.withLock { counters[Counter(name: name, label: labelName, value: labelValue), default: 0] += 1 }
    }

    /// Adds one to a counter without labels.
    public func increment(_ name: String) {
        lock.withLock { counters[Counter(name: name, label: "", value: ""), default: 0] += 1 }
    }

    /// Records one code exchange's duration.
    public func observeExchange(seconds: Double) {
        lock.withLock {
            for (index, bound) in latencyBuckets.enumerated() where seconds <= bound {
                histogramCounts[index] += 1
            }
            histogramSum += seconds
            histogramTotal += 1
        }
    }

    /// Prometheus text exposition format 0.0.4.
    public func render(extra: [(name: String, help: String, value: Double)] = []) -> String {
        lock.withLock {
            var out = ""
            for name in Self.help.keys.sorted() {
                out += "# HELP \(name) \(Self.help[name]!)\n# TYPE \(name) counter\n"
                let series = counters.filter { $0.key.name == name }.sorted { ($0.key.label, $0.key.value) < ($1.key.label, $1.key.value) }
                for (counter, value) in series {
                    out += counter.label.isEmpty
                        ? "\(name) \(format(value))\n" : "\(name){\(counter.label)=\"\(counter.value)\"} \(format(value))\n"
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
