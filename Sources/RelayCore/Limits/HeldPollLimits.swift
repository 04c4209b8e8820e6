import Foundation

/// Caps on long-polls held at once, in all and per client network (an IPv4 address or an IPv6 /64). A long-poll
/// over a cap is answered at once, as a plain poll: its client simply polls again after the interval.
public final class HeldPollLimits: @unchecked Sendable {
    private let total: Int
    private let perNetwork: Int
    private let lock = NSLock()
    private var held = 0
    private var byNetwork: [String: Int] = [:]

    /// Creates the caps.
    public init(total: Int, perNetwork: Int) {
        self.total = total
        self.perNetwork = perNetwork
    }

    /// Takes a slot for one held poll from `network`; false when a cap is reached.
    public func acquire(_ network: String) -> Bool {
        lock.withLock {
            guard held < total, byNetwork[network, default: 0] < perNetwork else { return false }
            held += 1
            byNetwork[network, default: 0] += 1
            return true
        }
    }

    /// Gives a slot back.
    public func release(_ network: String) {
        lock.withLock {
            held -= 1
            let left = byNetwork[network, default: 1] - 1
            byNetwork[network] = left > 0 ? left : nil
        }
    }
}
