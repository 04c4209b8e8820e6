/// CookieHeader: in any header lines (the input split at line feeds), a value found for a name follows `name=` at
/// the start of a pair (a line's start, or a `;` and spaces) and holds no `;`; a cookie whose name only ends or
/// starts with the name is never it; and when a header has no such cookie, one appended to it (`; name=value`, or
/// as a line of its own) is found with its value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (bytes, text) = input(data, size)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // A cookie value as a server sets it: cookie-octets (RFC 6265 section 4.1.1), here from the input's bytes.
    let octets = bytes.prefix(64).filter { (0x21...0x7E).contains($0) && !"\",;\\".utf8.contains($0) }
    let value = String(decoding: octets, as: UTF8.self)
    for name in ["bnr_login_x7", "__Host-bnr_confirm_Q", "a"] {
        if let found = CookieHeader.value(name, in: lines) {
            require(!found.utf8.contains(UInt8(ascii: ";")), "value \(found.debugDescription) holds a ;")
            let pair = Array("\(name)=\(found)".utf8)
            require(lines.contains { line in
                let line = Array(line.utf8)
                return line.count >= pair.count && (0...(line.count - pair.count)).contains { start in
                    line[start..<(start + pair.count)].elementsEqual(pair) && startsPair(line, at: start)
                }
            },
                "\(found.debugDescription) does not follow \(name)= in \(lines.debugDescription)")
            continue
        }
        for other in ["x\(name)", "\(name)x"] {
            require(CookieHeader.value(name, in: lines + ["\(other)=\(value)"]) == nil, "\(other)= taken for \(name)=")
        }
        let appended = lines.dropLast() + [(lines.last ?? "") + "; \(name)=\(value); other=1"]
        require(CookieHeader.value(name, in: Array(appended)) == Substring(value), "appended to \(lines.debugDescription) not found")
        require(CookieHeader.value(name, in: lines + ["\(name)=\(value)"]) == Substring(value), "own line after \(lines.debugDescription) not found")
    }
    return 0
}

/// Whether a pair starting at byte `start` of `line` begins one: at the line's start, or after a `;` and spaces.
private func startsPair(_ line: [UInt8], at start: Int) -> Bool {
    var index = start
    while index > 0, line[index - 1] == UInt8(ascii: " ") { index -= 1 }
    return index == 0 || line[index - 1] == UInt8(ascii: ";")
}
