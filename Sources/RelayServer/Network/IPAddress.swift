#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as 128 bits, kept in two halves (`UInt128` needs macOS 15 / iOS 18). IPv4-mapped IPv6
/// addresses (`::ffff:10.0.0.1`) read as IPv4, whose 32 bits sit at the low end of `low`.
package struct IPAddress: Sendable, Hashable {
    /// Whether the address is IPv6 (and both halves count, not only the low 32 bits).
    let isV6: Bool
    /// The first 64 bits.
    let high: UInt64
    /// The last 64 bits.
    let low: UInt64

    /// Parses an address, ignoring surrounding spaces and tabs; nil when it is not one.
    package init?(_ text: some StringProtocol) {
        let trimmed = String(Self.trimmed(Substring(text)))
        // A NUL would end the C string inet_pton reads, which would then parse only what comes before it.
        guard !trimmed.isEmpty, trimmed.utf8.count <= 45, !trimmed.utf8.contains(0) else { return nil }
        // inet_pton writes the address in network order: 4 bytes for IPv4, 16 for IPv6.
        var bytes = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, trimmed, &bytes) == 1 {
            self.init(isV6: false, high: 0, low: Self.number(bytes.prefix(4)))
            return
        }
        guard inet_pton(AF_INET6, trimmed, &bytes) == 1 else { return nil }
        let (high, low) = (Self.number(bytes.prefix(8)), Self.number(bytes.suffix(8)))
        if high == 0, low >> 32 == 0xffff {
            self.init(isV6: false, high: 0, low: low & 0xffff_ffff)
        } else {
            self.init(isV6: true, high: high, low: low)
        }
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
        isV6 ? prefixKey(64) : String(prefixKey(32).dropLast(3))
    }

    /// The network of the first `bits` bits (IPv6, at most 64) or `bits` of the 32 (IPv4), as a limit key such as
    /// `2001:db8:1:0::/48` or `192.0.2.0/24`.
    func prefixKey(_ bits: Int) -> String {
        guard isV6 else {
            let masked = low & Self.mask(32 + bits)
            return (0..<4).map { String(masked >> (24 - 8 * $0) & 0xff) }.joined(separator: ".") + "/\(bits)"
        }
        let masked = high & Self.mask(bits)
        return (0..<4).map { String(masked >> (48 - 16 * $0) & 0xffff, radix: 16) }.joined(separator: ":") + "::/\(bits)"
    }

    /// Whether the first `bits` of the 128 equal those of `other`.
    func sharesPrefix(_ bits: Int, with other: IPAddress) -> Bool {
        let highMask = Self.mask(bits), lowMask = Self.mask(bits - 64)
        return high & highMask == other.high & highMask && low & lowMask == other.low & lowMask
    }

    private init(isV6: Bool, high: UInt64, low: UInt64) {
        self.isV6 = isV6
        self.high = high
        self.low = low
    }

    /// The first `bits` bits of 64 set (none for 0 or less, all for 64 or more).
    private static func mask(_ bits: Int) -> UInt64 {
        bits <= 0 ? 0 : bits >= 64 ? .max : ~(UInt64.max >> bits)
    }

    private static func number(_ bytes: some Collection<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
