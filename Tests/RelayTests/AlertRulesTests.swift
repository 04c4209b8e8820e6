import Foundation
import RelayCore
import Testing

/// The shipped Prometheus rules cover every limit the relay counts, so that a new throttle is never left unwatched.
@Suite("Prometheus alert rules", .timeLimit(.minutes(1)))
struct AlertRulesTests {
    @Test("Every label of bnet_relay_throttled_total is matched by exactly one alert's limit=~ selector", .timeLimit(.minutes(1)))
    func throttleLabels() throws {
        let rules = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appending(path: "../../deploy/prometheus-alerts.yml"),
            encoding: .utf8)
        let selected = rules.matches(of: /limit=~"([^"]+)"/).flatMap { $0.1.split(separator: "|").map(String.init) }
        for label in Throttle.allCases.map(\.label) {
            #expect(selected.filter { $0 == label }.count == 1, "limit=\(label)")
        }
        #expect(Set(selected).isSubset(of: Set(Throttle.allCases.map(\.label))), "a rule names a limit the relay never counts")
    }

    @Test("The gateway's rules name series and labels the relay exports", .timeLimit(.minutes(1)))
    func gatewaySeries() throws {
        let rules = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appending(path: "../../deploy/prometheus-alerts.yml"),
            encoding: .utf8)
        #expect(rules.contains("bnet_relay_gateway_budget_remaining < "))
        let statuses = rules.matches(of: /bnet_relay_gateway_upstream_total\{status="([^"]+)"\}/).map { String($0.1) }
        #expect(!statuses.isEmpty)
        #expect(Set(statuses).isSubset(of: Set(UpstreamStatus.allCases.map(\.rawValue))))
    }
}
