import RelayCore

/// The last check of the relay's database, as `/readyz` and `/metrics` report it.
package struct ReadinessState: Sendable {
    /// Whether the check succeeded (and is recent enough to count).
    package var ready = false
    /// When it ran; nil before the first.
    package var checkedAt: RelayClock.Instant?

    package init(ready: Bool = false, checkedAt: RelayClock.Instant? = nil) {
        self.ready = ready
        self.checkedAt = checkedAt
    }
}

/// Whether the relay's database works, answered from memory: the application's probe checks it on a timer.
package protocol Readiness: Sendable {
    /// The last check's result.
    var state: ReadinessState { get }
}
