import Foundation
import RelayCore
import TestSupport

/// A test's ``ManualClock`` as the relay's time source: the relay's wall time is the clock's, and its sleeps, held
/// polls, paces and refills move only when the test advances it.
extension ManualClock: RelayTimeSource {
    public var date: Date { now }
}

extension ManualClock {
    /// The relay's clock reading this one.
    var relay: RelayClock { RelayClock(self) }
}
