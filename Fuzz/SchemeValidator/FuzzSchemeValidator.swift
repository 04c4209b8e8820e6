/// SchemeValidator: against an oracle written here from RFC 3986 section 3.1 and the threat model's list (not the
/// validator's own): a name is accepted exactly when it is 1 to 64 bytes of ASCII, a letter then letters, digits,
/// `+`, `-` or `.`, and in lower case none of the forbidden schemes; an accepted name keeps its spelling, and its
/// other letter cases are accepted too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (_, text) = input(data, size)
    let accepted = try? SchemeValidator.validate(text)
    require((accepted != nil) == oracle(text), "the oracle says \(oracle(text)) for \(text.debugDescription)")
    guard let scheme = accepted else { return 0 }
    require(scheme == text, "spelling not kept: \(scheme.debugDescription) from \(text.debugDescription)")
    require((try? SchemeValidator.validate(scheme.uppercased())) == scheme.uppercased(), "upper case is refused: \(scheme)")
    require((try? SchemeValidator.validate(scheme.lowercased())) == scheme.lowercased(), "lower case is refused: \(scheme)")
    return 0
}

/// The schemes no app may take, spelled here apart from the validator's list.
private let neverAnApp: Set<[UInt8]> = Set(
    ["http", "https", "javascript", "data", "file", "blob", "about", "vbscript", "ws", "wss", "ftp"].map { Array($0.utf8) })

/// Whether `text` is an app scheme, byte by byte: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), 1 to 64 bytes, not
/// forbidden in any letter case.
private func oracle(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    func letter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
    guard (1...64).contains(bytes.count), letter(bytes[0]),
        bytes.allSatisfy({ letter($0) || (48...57).contains($0) || $0 == 43 || $0 == 45 || $0 == 46 })
    else { return false }
    return !neverAnApp.contains(bytes.map { (65...90).contains($0) ? $0 + 32 : $0 })
}
