import Foundation
import NIOCore
import RelayCore

/// What the clients of one listener may hold: open connections in all and per client network, requests in flight
/// per client network behind a trusted proxy, and how long a request may take to arrive.
public struct ConnectionCaps: Sendable {
    /// Open connections, all clients together.
    public var total: Int
    /// Open connections from one client network (an IPv4 address or an IPv6 /64); trusted proxies are exempt.
    public var perNetwork: Int
    /// Requests in flight at once from one client network that a trusted proxy forwards, the network read from
    /// `X-Forwarded-For` (a proxy opens a connection per request, so this is what caps one client behind it).
    public var proxiedRequestsPerNetwork: Int
    /// The longest a request may take to arrive: the first from the moment its connection opens (so a connection
    /// that sends nothing is closed), each later one from its first byte to its last, whatever the pace of its bytes.
    public var requestTimeout: Duration

    /// Creates caps.
    public init(
        total: Int = 10_000, perNetwork: Int = 100, proxiedRequestsPerNetwork: Int = 100,
        requestTimeout: Duration = .seconds(10)
    ) {
        self.total = total
        self.perNetwork = perNetwork
        self.proxiedRequestsPerNetwork = proxiedRequestsPerNetwork
        self.requestTimeout = requestTimeout
    }

    /// The operations listener's: a few probes and a metrics scraper, on loopback unless the operator says otherwise.
    static func operations(requestTimeout: Duration) -> ConnectionCaps {
        ConnectionCaps(total: 100, perNetwork: 100, proxiedRequestsPerNetwork: 100, requestTimeout: requestTimeout)
    }
}

/// One listener's open connections, counted per client network and in all, and the requests in flight per
/// forwarded client network (one lock, shared by every event loop).
final class ConnectionLimits: @unchecked Sendable {
    let caps: ConnectionCaps
    private let trusted: [IPRange]
    private let metrics: RelayMetrics
    /// The `limit` label of `bnet_relay_throttled_total` for a refused connection.
    private let refusalLabel: String
    private let lock = NSLock()
    private var total = 0
    private var perNetwork = Tally()
    private var proxied = Tally()

    /// Limits for a listener; `refusalLabel` names its refused connections in the metrics.
    init(caps: ConnectionCaps, trusted: [IPRange], metrics: RelayMetrics, refusalLabel: String = "connections") {
        self.caps = caps
        self.trusted = trusted
        self.metrics = metrics
        self.refusalLabel = refusalLabel
        metrics.prime(.throttled, values: [refusalLabel] + (trusted.isEmpty ? [] : [Self.proxiedLabel]))
    }

    static let proxiedLabel = "proxied_requests"

    /// Whether `address` is a trusted proxy, which speaks for many clients.
    func isTrustedProxy(_ address: SocketAddress?) -> Bool {
        guard let text = address?.ipAddress, let ip = IPAddress(text) else { return false }
        return trusted.contains { $0.contains(ip) }
    }

    /// The network a peer counts against, nil for a trusted proxy.
    func network(of address: SocketAddress?) -> String? {
        guard !isTrustedProxy(address) else { return nil }
        return address?.ipAddress.flatMap { IPAddress($0)?.limitKey } ?? "unknown"
    }

    /// The client network a trusted proxy forwards a request for: the `X-Forwarded-For` client, read as
    /// ``ClientAddressMiddleware`` reads it, as its IPv4 address or IPv6 /64.
    func forwardedNetwork(peer: SocketAddress?, forwarded: [String]) -> String {
        let client = ClientAddressMiddleware(trusted: trusted).resolve(peer: peer?.ipAddress, forwarded: forwarded)
        return IPAddress(client)?.limitKey ?? client
    }

    /// Admits a new connection, or says why not.
    func open(_ network: String?) -> Bool {
        let admitted = lock.withLock {
            guard total < caps.total else { return false }
            if let network, !perNetwork.take(network, cap: caps.perNetwork) { return false }
            total += 1
            return true
        }
        if !admitted { metrics.increment(.throttled, refusalLabel) }
        return admitted
    }

    /// Forgets a connection that was admitted.
    func close(_ network: String?) {
        lock.withLock {
            total -= 1
            if let network { perNetwork.give(network) }
        }
    }

    /// Counts a forwarded request from `network` in flight, or says it is over the cap.
    func startProxied(_ network: String) -> Bool {
        let admitted = lock.withLock { proxied.take(network, cap: caps.proxiedRequestsPerNetwork) }
        if !admitted { metrics.increment(.throttled, Self.proxiedLabel) }
        return admitted
    }

    /// Forgets a forwarded request that was counted.
    func finishProxied(_ network: String) {
        lock.withLock { proxied.give(network) }
    }

    /// Open connections now.
    var open: Int { lock.withLock { total } }

    /// Forwarded requests in flight now from `network`.
    func proxiedInFlight(_ network: String) -> Int { lock.withLock { proxied.count(network) } }
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
