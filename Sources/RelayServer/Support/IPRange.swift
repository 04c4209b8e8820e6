#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as a 128-bit number. IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`) read as IPv4.
struct IPAddress: Sendable, Hashable {
    /// Whether the address is IPv6 (and `value` holds 128 bits, not 32).
    let isV6: Bool
    let value: UInt128

    /// Parses an address, ignoring surrounding spaces and tabs; nil when it is not one.
    init?(_ text: some StringProtocol) {
        let trimmed = String(Self.trimmed(Substring(text)))
        guard !trimmed.isEmpty, trimmed.utf8.count <= 45 else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, trimmed, &v4) == 1 {
            self.init(v4: withUnsafeBytes(of: &v4) { Self.number($0) })
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, trimmed, &v6) == 1 else { return nil }
        let value = withUnsafeBytes(of: &v6) { Self.number($0) }
        if value >> 32 == 0xffff { self.init(v4: value & 0xffff_ffff) } else { self.init(isV6: true, value: value) }
    }

    /// `text` without surrounding spaces and tabs.
    static func trimmed(_ text: Substring) -> Substring {
        var utf8 = text.utf8[...]
        while let first = utf8.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { utf8 = utf8.dropFirst() }
        while let last = utf8.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { utf8 = utf8.dropLast() }
        return Substring(utf8)
    }

    /// What per-client limits count against: an IPv4 address as itself, an IPv6 address as its /64 network,
    /// such as `2001:db8:0:1::/64`.
    var limitKey: String {
        guard isV6 else { return (0..<4).map { String(value >> (24 - 8 * $0) & 0xff) }.joined(separator: ".") }
        let groups = (0..<4).map { String(value >> (112 - 16 * $0) & 0xffff, radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    private init(v4 value: UInt128) { self.init(isV6: false, value: value) }

    private init(isV6: Bool, value: UInt128) {
        self.isV6 = isV6
        self.value = value
    }

    private static func number(_ bytes: UnsafeRawBufferPointer) -> UInt128 {
        bytes.reduce(0) { $0 << 8 | UInt128($1) }
    }
}

/// An IP address or CIDR range, IPv4 or IPv6, for `--trusted-proxy`.
struct IPRange: Sendable, Hashable {
    let network: IPAddress
    let prefix: Int

    /// Parses `10.0.0.1`, `10.0.0.0/8`, `::1` or `fd00::/8`.
    init?(_ text: String) {
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
        let shift = (network.isV6 ? 128 : 32) - prefix
        return shift >= 128 || address.value >> shift == network.value >> shift
    }
}
