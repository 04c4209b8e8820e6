import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The origin of an http(s) URL (RFC 6454): scheme, host and port. The scheme and host are compared in lower
/// case, IPv6 brackets are dropped and a missing port is the scheme's default, so `HTTPS://Relay.Example.com`
/// and `https://relay.example.com:443/device` have the same origin.
public struct WebOrigin: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`.
    public let scheme: String
    /// The host in lower case, an IPv6 address without brackets.
    public let host: String
    /// The port, the scheme's default (80, 443) when the URL names none.
    public let port: Int

    /// The origin of `url`; nil unless it is an http or https URL with a host.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host.map(Self.normalized), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `https://relay.example.com`, `http://127.0.0.1:8080`, `http://[::1]:8080`.
    public var description: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return port == (scheme == "https" ? 443 : 80) ? "\(scheme)://\(shown)" : "\(scheme)://\(shown):\(port)"
    }

    /// Whether the host is this machine: `localhost`, an address in 127.0.0.0/8, or `::1`.
    public var isLoopback: Bool { Self.isLoopback(host: host) }

    /// Whether `host` is this machine: `localhost`, a dotted-quad address in 127.0.0.0/8, `::1` (in any
    /// spelling, with or without brackets) or an IPv4-mapped `::ffff:127.x.y.z`. Anything else, including
    /// other names that may resolve to a loopback address, is not.
    public static func isLoopback(host: String) -> Bool {
        let host = normalized(host)
        if host == "localhost" { return true }
        if let octets = ipv4Octets(host) { return octets[0] == 127 }
        guard host.contains(":"), let bytes = ipv6Bytes(host) else { return false }
        if bytes[0..<15].allSatisfy({ $0 == 0 }), bytes[15] == 1 { return true }
        return bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
    }

    private static func normalized(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]"), host.count >= 2 { host = String(host.dropFirst().dropLast()) }
        return host
    }

    /// The four octets of a strict dotted-quad IPv4 address (no leading zeros, which some resolvers read as
    /// octal), or nil.
    private static func ipv4Octets(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [Int] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  part.count == 1 || part.first != "0", let value = Int(part), value <= 255
            else { return nil }
            octets.append(value)
        }
        return octets
    }

    /// The API URL a sandbox relay at `relay` names (`sandbox_api_url`: its emulator, where its tokens work), if a
    /// player's token may go there: an http(s) URL on the relay's own host (any port), or on this machine when the
    /// relay is too. Anything else is nil, and the region's API host stays in use.
    public static func sandboxAPI(_ url: URL, of relay: URL) -> URL? {
        guard let origin = WebOrigin(url), let relayOrigin = WebOrigin(relay),
            origin.host == relayOrigin.host || (origin.isLoopback && relayOrigin.isLoopback)
        else { return nil }
        return url
    }

    /// The 16 bytes of an IPv6 address, or nil.
    private static func ipv6Bytes(_ text: String) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let parsed = bytes.withUnsafeMutableBytes { buffer in
            inet_pton(AF_INET6, text, buffer.baseAddress)
        }
        return parsed == 1 ? bytes : nil
    }
}
