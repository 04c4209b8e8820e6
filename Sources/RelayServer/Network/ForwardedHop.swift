/// One hop of `X-Forwarded-For`, as proxies write it: `192.0.2.7`, `192.0.2.7:51234`, `2001:db8::7`,
/// `[2001:db8::7]:443`, `[2001:db8::7]`, or a link-local address with its zone, `fe80::7%eth0` (`%25` in brackets).
struct ForwardedHop {
    /// The address, without port, brackets or zone.
    let address: IPAddress
    /// Its text as the hop spelled it, without port, brackets or zone.
    let text: String

    /// Parses a hop; nil when it names no address (`unknown`, an obfuscated name, garbage).
    init?(_ hop: Substring) {
        let trimmed = IPAddress.trimmed(hop)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 80 else { return nil }
        var host = trimmed
        if trimmed.first == "[" {
            guard let close = trimmed.firstIndex(of: "]") else { return nil }
            let rest = trimmed[trimmed.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && Self.isPort(rest.dropFirst())) else { return nil }
            host = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            guard host.contains(":") else { return nil }
        } else if let colon = trimmed.firstIndex(of: ":"), !trimmed[trimmed.index(after: colon)...].contains(":") {
            // One colon: an IPv4 address and a port.
            guard Self.isPort(trimmed[trimmed.index(after: colon)...]) else { return nil }
            host = trimmed[..<colon]
            guard !host.contains("%") else { return nil }
        }
        // Spaces only around the hop, never inside brackets or before a port.
        guard !host.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
        if let percent = host.firstIndex(of: "%") {
            let zone = host[host.index(after: percent)...]
            guard host.contains(":"), !zone.isEmpty, zone.utf8.count <= 32,
                zone.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
            else { return nil }
            host = host[..<percent]
        }
        guard let address = IPAddress(host) else { return nil }
        self.address = address
        text = String(host)
    }

    /// 1 to 5 digits naming at most 65535 (`UInt16(_:)` alone would take a sign: `+443`).
    private static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.utf8.allSatisfy { (48...57).contains($0) } && UInt16(text) != nil
    }
}
