/// An IP address or CIDR range, IPv4 or IPv6, for `--trusted-proxy`.
package struct IPRange: Sendable, Hashable {
    let network: IPAddress
    package let prefix: Int

    /// Parses `10.0.0.1`, `10.0.0.0/8`, `::1` or `fd00::/8`.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1)
        guard let first = parts.first, let network = IPAddress(first) else { return nil }
        let bits = network.isV6 ? 128 : 32
        if parts.count == 2 {
            guard let prefix = Int(parts[1]), (0...bits).contains(prefix) else { return nil }
            self.prefix = prefix
        } else {
            prefix = bits
        }
        self.network = network
    }

    /// Whether `address` falls in the range.
    func contains(_ address: IPAddress) -> Bool {
        guard address.isV6 == network.isV6 else { return false }
        return network.sharesPrefix(network.isV6 ? prefix : 96 + prefix, with: address)
    }
}
