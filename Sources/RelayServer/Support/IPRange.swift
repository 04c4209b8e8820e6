import Foundation

/// An IP address or CIDR range, IPv4 or IPv6, for `--trusted-proxy`.
struct IPRange: Sendable, Hashable {
    let bytes: [UInt8]
    let prefix: Int

    /// Parses `10.0.0.1`, `10.0.0.0/8`, `::1` or `fd00::/8`.
    init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        guard let bytes = IPRange.parse(parts[0]) else { return nil }
        let bits = bytes.count * 8
        if parts.count == 2 {
            guard let prefix = Int(parts[1]), (0...bits).contains(prefix) else { return nil }
            self.prefix = prefix
        } else {
            prefix = bits
        }
        self.bytes = bytes
    }

    /// Whether `address` falls in the range.
    func contains(_ address: String) -> Bool {
        guard let other = IPRange.parse(address), other.count == bytes.count else { return false }
        var remaining = prefix
        for index in bytes.indices where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
            if bytes[index] & mask != other[index] & mask { return false }
            remaining -= 8
        }
        return true
    }

    /// The bytes of an IPv4 or IPv6 address (IPv4-mapped IPv6 addresses are read as IPv4).
    static func parse(_ text: String) -> [UInt8]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var v4 = in_addr()
        if inet_pton(AF_INET, trimmed, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, trimmed, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff { return Array(bytes[12...]) }
        return bytes
    }
}
