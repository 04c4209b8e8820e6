import CoreMetrics
import NIOConcurrencyHelpers
import Prometheus

/// A counter split by one typed label: a swift-metrics `Counter` per value, each made (so at zero) at once.
public struct LabeledCounter<Label: MetricLabel>: Sendable {
    private let series: [Label: CoreMetrics.Counter]

    init(_ name: String, help: String, registry: PrometheusCollectorRegistry) {
        let factory = DescribedMetricsFactory(registry: registry, help: help)
        series = Dictionary(uniqueKeysWithValues: Label.allCases.map { value in
            (value, CoreMetrics.Counter(label: name, dimensions: [(Label.name, value.rawValue)], factory: factory))
        })
    }

    /// Adds one to the series of `value`.
    public func increment(_ value: Label) {
        series[value]?.increment()
    }
}

/// `bnet_relay_logins_started_total{app}`: split by the apps the relay serves, which only its configuration names.
public struct AppCounter: Sendable {
    private let name: String
    private let factory: DescribedMetricsFactory
    private let series = NIOLockedValueBox([String: CoreMetrics.Counter]())

    init(_ name: String, help: String, registry: PrometheusCollectorRegistry) {
        self.name = name
        factory = DescribedMetricsFactory(registry: registry, help: help)
    }

    /// Makes the series of each of `apps` exist, at zero.
    public func prime(_ apps: [AppRegistration]) {
        for app in apps { _ = counter(app) }
    }

    /// Adds one to the series of `app`.
    public func increment(_ app: AppRegistration) {
        counter(app).increment()
    }

    private func counter(_ app: AppRegistration) -> CoreMetrics.Counter {
        series.withLockedValue { series in
            if let counter = series[app.name] { return counter }
            let counter = CoreMetrics.Counter(label: name, dimensions: [("app", app.name)], factory: factory)
            series[app.name] = counter
            return counter
        }
    }
}
