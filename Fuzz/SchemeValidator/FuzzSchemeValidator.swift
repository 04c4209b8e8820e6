/// SchemeValidator: a validated scheme is RFC 3986's scheme syntax in ASCII, kept in the spelling given, never a
/// forbidden scheme in any letter case, and validates to itself; its other letter cases validate too (schemes are
/// case-insensitive) and keep their own spelling.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (_, text) = input(data, size)
    guard let scheme = try? SchemeValidator.validate(text) else { return 0 }
    require(scheme == text, "spelling not kept: \(scheme.debugDescription) from \(text.debugDescription)")
    require(!SchemeValidator.forbidden.contains(scheme.lowercased()), "forbidden scheme accepted: \(scheme)")
    require((1...64).contains(scheme.utf8.count), "bad length: \(scheme.utf8.count)")
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.".utf8)
    require(scheme.utf8.allSatisfy(allowed.contains), "character outside the scheme syntax: \(scheme.debugDescription)")
    let first = scheme.utf8.first ?? 0
    require(
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
        "does not start with a letter: \(scheme)")
    require((try? SchemeValidator.validate(scheme)) == scheme, "does not re-validate to itself: \(scheme)")
    require((try? SchemeValidator.validate(scheme.uppercased())) == scheme.uppercased(), "upper case is refused: \(scheme)")
    require((try? SchemeValidator.validate(scheme.lowercased())) == scheme.lowercased(), "lower case is refused: \(scheme)")
    return 0
}
