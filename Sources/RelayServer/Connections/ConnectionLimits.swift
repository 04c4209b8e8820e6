import Foundation
import NIOConcurrencyHelpers
import NIOCore
import RelayCore

/// What the clients of one listener may hold: open connections in all, per client network and per allocation (an
/// IPv6 /48 or IPv4 /24), requests in flight per client network and per allocation behind a trusted proxy, and how
/// long a request may take to arrive.
public struct ConnectionCaps: Sendable {
    /// Open connections, all clients together.
    public var total: Int
    /// Open connections from one client network (an IPv4 address or an IPv6 /64); trusted proxies are exempt.
    public var perNetwork: Int
    /// Requests in flight at once from one client network that a trusted proxy forwards, the network read from
    /// `X-Forwarded-For` (a proxy opens a connection per request, so this is what caps one client behind it).
    public var proxiedRequestsPerNetwork: Int
    /// Open connections from one allocation, an IPv6 /48 or IPv4 /24 (65,536 /64s, or 256 addresses), whatever its
    /// networks; trusted proxies are exempt.
    public var perAllocation: Int
    /// Requests in flight at once from one allocation that a trusted proxy forwards.
    public var proxiedRequestsPerAllocation: Int
    /// The longest a request may take to arrive: the first from the moment its connection opens (so a connection
    /// that sends nothing is closed), each later one from its first byte to its last, whatever the pace of its bytes.
    public var requestTimeout: Duration

    /// Creates caps.
    public init(
        total: Int = 10_000, perNetwork: Int = 100, proxiedRequestsPerNetwork: Int = 100, perAllocation: Int = 1_000,
        proxiedRequestsPerAllocation: Int = 1_000, requestTimeout: Duration = .seconds(10)
    ) {
        self.total = total
        self.perNetwork = perNetwork
        self.proxiedRequestsPerNetwork = proxiedRequestsPerNetwork
        self.perAllocation = perAllocation
        self.proxiedRequestsPerAllocation = proxiedRequestsPerAllocation
        self.requestTimeout = requestTimeout
    }

    /// The operations listener's: a few probes and a metrics scraper, on loopback unless the operator says otherwise.
    package static func operations(requestTimeout: Duration) -> ConnectionCaps {
        ConnectionCaps(
            total: 100, perNetwork: 100, proxiedRequestsPerNetwork: 100, perAllocation: 100,
            proxiedRequestsPerAllocation: 100, requestTimeout: requestTimeout)
    }
}

/// The keys a client counts against: its network (an IPv4 address or IPv6 /64) and its allocation (the IPv4 /24 or
/// IPv6 /48 around it; none for a peer that is not an IP address).
struct ClientKeys: Sendable, Hashable {
    let network: String
    let allocation: String?

    /// The keys of a client address; a value that is no address counts as itself, with no allocation.
    init(address text: String) {
        guard let address = IPAddress(text) else {
            self.init(network: text, allocation: nil)
            return
        }
        self.init(network: address.limitKey, allocation: address.prefixKey(address.isV6 ? 48 : 24))
    }

    init(network: String, allocation: String?) {
        self.network = network
        self.allocation = allocation
    }
}

/// One listener's open connections, counted per client network, per allocation and in all, and the requests in
/// flight per forwarded client network and allocation (one lock, shared by every event loop).
package final class ConnectionLimits: Sendable {
    let caps: ConnectionCaps
    private let trusted: [IPRange]
    private let metrics: RelayMetrics
    /// What a refused connection is counted as: over the per-network or total cap, or over the allocation's.
    private let throttles: (network: Throttle, per48: Throttle)
    /// What is open and in flight now.
    private struct Counts {
        var total = 0
        var perNetwork = Tally()
        var perAllocation = Tally()
        var proxied = Tally()
        var proxiedAllocations = Tally()
    }

    private let counts = NIOLockedValueBox(Counts())

    /// Limits for a listener; `throttles` name its refused connections in the metrics.
    package init(
        caps: ConnectionCaps, trusted: [IPRange], metrics: RelayMetrics,
        throttles: (network: Throttle, per48: Throttle) = ConnectionLimits.public
    ) {
        self.caps = caps
        self.trusted = trusted
        self.metrics = metrics
        self.throttles = throttles
    }

    /// The public listener's throttles.
    package static let `public` = (network: Throttle.connections, per48: Throttle.connections48)
    /// The operations listener's throttles.
    package static let operations = (network: Throttle.opsConnections, per48: Throttle.opsConnections48)

    /// Whether `address` is a trusted proxy, which speaks for many clients.
    func isTrustedProxy(_ address: SocketAddress?) -> Bool {
        guard let text = address?.ipAddress, let ip = IPAddress(text) else { return false }
        return trusted.contains { $0.contains(ip) }
    }

    /// The keys a peer counts against, nil for a trusted proxy.
    func keys(of address: SocketAddress?) -> ClientKeys? {
        guard !isTrustedProxy(address) else { return nil }
        return ClientKeys(address: address?.ipAddress ?? "unknown")
    }

    /// The client a trusted proxy forwards a request for: the `X-Forwarded-For` client, read as
    /// ``ClientAddressMiddleware`` reads it.
    func forwardedKeys(peer: SocketAddress?, forwarded: [String]) -> ClientKeys {
        ClientKeys(address: ClientAddressMiddleware(trusted: trusted).resolve(peer: peer?.ipAddress, forwarded: forwarded).address)
    }

    /// Admits a new connection, or says why not.
    func open(_ keys: ClientKeys?) -> Bool {
        let refusal: Throttle? = counts.withLockedValue { c in
            guard c.total < caps.total else { return throttles.network }
            if let keys {
                guard c.perNetwork.take(keys.network, cap: caps.perNetwork) else { return throttles.network }
                if let allocation = keys.allocation, !c.perAllocation.take(allocation, cap: caps.perAllocation) {
                    c.perNetwork.give(keys.network)
                    return throttles.per48
                }
            }
            c.total += 1
            return nil
        }
        if let refusal { metrics.count(refusal) }
        return refusal == nil
    }

    /// Forgets a connection that was admitted.
    func close(_ keys: ClientKeys?) {
        counts.withLockedValue { c in
            c.total -= 1
            if let keys {
                c.perNetwork.give(keys.network)
                if let allocation = keys.allocation { c.perAllocation.give(allocation) }
            }
        }
    }

    /// Counts a forwarded request from `keys` in flight, or says it is over a cap.
    func startProxied(_ keys: ClientKeys) -> Bool {
        let refusal: Throttle? = counts.withLockedValue { c in
            guard c.proxied.take(keys.network, cap: caps.proxiedRequestsPerNetwork) else { return .proxiedRequests }
            if let allocation = keys.allocation, !c.proxiedAllocations.take(allocation, cap: caps.proxiedRequestsPerAllocation) {
                c.proxied.give(keys.network)
                return .proxiedRequests48
            }
            return nil
        }
        if let refusal { metrics.count(refusal) }
        return refusal == nil
    }

    /// Forgets a forwarded request that was counted.
    func finishProxied(_ keys: ClientKeys) {
        counts.withLockedValue { c in
            c.proxied.give(keys.network)
            if let allocation = keys.allocation { c.proxiedAllocations.give(allocation) }
        }
    }

    /// Open connections now.
    var open: Int { counts.withLockedValue { c in c.total } }

    /// Forwarded requests in flight now from `network` (an IPv4 address or IPv6 /64).
    func proxiedInFlight(_ network: String) -> Int { counts.withLockedValue { c in c.proxied.count(network) } }

    /// Forwarded requests in flight now from `allocation` (such as `2001:db8:1:0::/48` or `192.0.2.0/24`).
    func proxiedInFlight(allocation: String) -> Int { counts.withLockedValue { c in c.proxiedAllocations.count(allocation) } }
}

/// Counts per key, each under a cap; a key whose count returns to zero is forgotten.
private struct Tally {
    private var counts: [String: Int] = [:]

    /// Adds one to `key`'s count unless it has reached `cap`.
    mutating func take(_ key: String, cap: Int) -> Bool {
        guard counts[key, default: 0] < cap else { return false }
        counts[key, default: 0] += 1
        return true
    }

    /// Takes one from `key`'s count.
    mutating func give(_ key: String) {
        let left = counts[key, default: 1] - 1
        counts[key] = left > 0 ? left : nil
    }

    func count(_ key: String) -> Int { counts[key, default: 0] }
}
