import Foundation
import NIOConcurrencyHelpers

/// Caps on long-polls held at once, in all and per client network (an IPv4 address or an IPv6 /64). A long-poll
/// over a cap is answered at once, as a plain poll: its client simply polls again after the interval.
public final class HeldPollLimits: Sendable {
    private struct Held {
        var total = 0
        var byNetwork: [String: Int] = [:]
    }

    private let total: Int
    private let perNetwork: Int
    private let held = NIOLockedValueBox(Held())

    /// Creates the caps.
    public init(total: Int, perNetwork: Int) {
        self.total = total
        self.perNetwork = perNetwork
    }

    /// Takes a slot for one held poll from `network`; false when a cap is reached.
    public func acquire(_ network: String) -> Bool {
        held.withLockedValue { held in
            guard held.total < total, held.byNetwork[network, default: 0] < perNetwork else { return false }
            held.total += 1
            held.byNetwork[network, default: 0] += 1
            return true
        }
    }

    /// Gives a slot back.
    public func release(_ network: String) {
        held.withLockedValue { held in
            held.total -= 1
            let left = held.byNetwork[network, default: 1] - 1
            held.byNetwork[network] = left > 0 ? left : nil
        }
    }
}
