/// ForwardedHop: against an oracle written here from RFC 4291 section 2.2, RFC 791's dotted quad and the forms
/// proxies write (not the parser's own code, nor the `inet_pton` it calls): a hop parses exactly when the oracle finds
/// an address in it, and to the same 128 bits; its text keeps no port, bracket or zone; the same address with a port
/// (and brackets, for IPv6) parses to it again; nothing crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (_, text) = input(data, size)
    let hop = ForwardedHop(Substring(text))
    let expected = oracle(Array(text.utf8))
    require((hop == nil) == (expected == nil), "the oracle says \(expected.map { "\($0)" } ?? "nothing") for \(text.debugDescription)")
    guard let hop, let expected else { return 0 }
    require(
        hop.address.isV6 == expected.isV6 && hop.address.high == expected.high && hop.address.low == expected.low,
        "the oracle reads another address, \(expected), in \(text.debugDescription)")
    require(!hop.text.contains { "[]% ".contains($0) }, "text keeps a port, bracket or zone: \(hop.text.debugDescription)")
    require(IPAddress(hop.text) == hop.address, "text and address disagree: \(hop.text.debugDescription)")
    let withPort = hop.address.isV6 || hop.text.contains(":") ? "[\(hop.text)]:443" : "\(hop.text):443"
    require(ForwardedHop(Substring(withPort))?.address == hop.address, "with a port it differs: \(withPort.debugDescription)")
    return 0
}

/// The address a hop names, as the oracle reads it: IPv4 (and IPv4-mapped IPv6) in the low 32 bits.
private struct Expected: CustomStringConvertible {
    let isV6: Bool, high: UInt64, low: UInt64
    var description: String { "v6=\(isV6) \(String(high, radix: 16)):\(String(low, radix: 16))" }
}

private let colon = UInt8(ascii: ":"), dot = UInt8(ascii: "."), percent = UInt8(ascii: "%")

/// A hop, byte by byte: ASCII, trimmed of spaces and tabs, at most 80 bytes; `[v6]`, `[v6]:port`, `v4:port` (one
/// colon) or a bare address; a zone (`%` then 1 to 32 of letters, digits, `.`, `_`, `-`) only on IPv6; the address
/// itself at most 45 bytes.
private func oracle(_ raw: [UInt8]) -> Expected? {
    guard raw.allSatisfy({ $0 < 0x80 }) else { return nil }
    var bytes = raw[...]
    while let first = bytes.first, first == 32 || first == 9 { bytes = bytes.dropFirst() }
    while let last = bytes.last, last == 32 || last == 9 { bytes = bytes.dropLast() }
    guard (1...80).contains(bytes.count) else { return nil }
    var host = bytes
    if bytes.first == UInt8(ascii: "[") {
        guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
        let rest = bytes[(close + 1)...]
        guard rest.isEmpty || (rest.first == colon && isPort(rest.dropFirst())) else { return nil }
        host = bytes[(bytes.startIndex + 1)..<close]
        guard host.contains(colon) else { return nil }
    } else if bytes.filter({ $0 == colon }).count == 1 {
        let at = bytes.firstIndex(of: colon)!
        guard isPort(bytes[(at + 1)...]), !bytes[..<at].contains(percent) else { return nil }
        host = bytes[..<at]
    }
    guard !host.contains(32), !host.contains(9) else { return nil }
    if let at = host.firstIndex(of: percent) {
        let zone = host[(at + 1)...]
        guard host.contains(colon), (1...32).contains(zone.count), zone.allSatisfy(isZoneByte) else { return nil }
        host = host[..<at]
    }
    guard host.count <= 45 else { return nil }
    if let v4 = dottedQuad(host) { return Expected(isV6: false, high: 0, low: UInt64(v4)) }
    guard let groups = ipv6Groups(host) else { return nil }
    let high = groups[0..<4].reduce(UInt64(0)) { $0 << 16 | UInt64($1) }
    let low = groups[4..<8].reduce(UInt64(0)) { $0 << 16 | UInt64($1) }
    if high == 0, low >> 32 == 0xffff { return Expected(isV6: false, high: 0, low: low & 0xffff_ffff) }
    return Expected(isV6: true, high: high, low: low)
}

private func isZoneByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == dot || byte == 95 || byte == 45
}

private func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
private func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (65...70).contains(byte) || (97...102).contains(byte) }
private func hexValue(_ byte: UInt8) -> UInt8 { isDigit(byte) ? byte - 48 : (byte | 0x20) - 87 }

/// 1 to 5 digits, at most 65535.
private func isPort(_ bytes: ArraySlice<UInt8>) -> Bool {
    (1...5).contains(bytes.count) && bytes.allSatisfy(isDigit) && bytes.reduce(0) { $0 * 10 + Int($1 - 48) } <= 65535
}

/// Four decimal parts of 0 to 255, without leading zeros, as one 32-bit number.
private func dottedQuad(_ bytes: ArraySlice<UInt8>) -> UInt32? {
    let parts = bytes.split(separator: dot, omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    var value: UInt32 = 0
    for part in parts {
        guard (1...3).contains(part.count), part.allSatisfy(isDigit), part.count == 1 || part.first != 48 else { return nil }
        let number = part.reduce(0) { $0 * 10 + Int($1 - 48) }
        guard number <= 255 else { return nil }
        value = value << 8 | UInt32(number)
    }
    return value
}

/// RFC 4291 section 2.2: eight groups of 1 to 4 hex digits, one `::` standing for one or more zero groups, the last
/// two groups optionally written as a dotted quad.
private func ipv6Groups(_ bytes: ArraySlice<UInt8>) -> [UInt16]? {
    let text = Array(bytes)
    var gap: Int?
    for index in text.indices.dropLast() where text[index] == colon && text[index + 1] == colon {
        guard gap == nil else { return nil }
        gap = index
    }
    func groups(_ side: ArraySlice<UInt8>, last: Bool) -> [UInt16]? {
        guard !side.isEmpty else { return [] }
        let parts = side.split(separator: colon, omittingEmptySubsequences: false)
        var result: [UInt16] = []
        for (index, part) in parts.enumerated() {
            if last, index == parts.count - 1, part.contains(dot) {
                guard let v4 = dottedQuad(part) else { return nil }
                result += [UInt16(v4 >> 16), UInt16(v4 & 0xffff)]
            } else {
                guard (1...4).contains(part.count), part.allSatisfy(isHexDigit) else { return nil }
                result.append(part.reduce(0) { $0 << 4 | UInt16(hexValue($1)) })
            }
        }
        return result
    }
    guard let gap else {
        guard let all = groups(text[...], last: true), all.count == 8 else { return nil }
        return all
    }
    guard let left = groups(text[..<gap], last: false), let right = groups(text[(gap + 2)...], last: true),
        left.count + right.count <= 7
    else { return nil }
    return left + Array(repeating: 0, count: 8 - left.count - right.count) + right
}
