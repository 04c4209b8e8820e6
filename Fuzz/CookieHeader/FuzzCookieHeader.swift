/// CookieHeader: in any header lines (the input split at line feeds), a value found for a name follows `name=` in
/// one line and holds no `;`; and when a header has no such cookie, one appended to it (`; name=value`, or as a
/// line of its own) is found with its value.
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
                return line.count >= pair.count && (0...(line.count - pair.count)).contains { line[$0..<($0 + pair.count)].elementsEqual(pair) }
            },
                "\(found.debugDescription) does not follow \(name)= in \(lines.debugDescription)")
            continue
        }
        let appended = lines.dropLast() + [(lines.last ?? "") + "; \(name)=\(value); other=1"]
        require(CookieHeader.value(name, in: Array(appended)) == Substring(value), "appended to \(lines.debugDescription) not found")
        require(CookieHeader.value(name, in: lines + ["\(name)=\(value)"]) == Substring(value), "own line after \(lines.debugDescription) not found")
    }
    return 0
}
