/// SchemeValidator: a validated scheme is lower-case ASCII of RFC 3986's scheme syntax, never forbidden, and
/// validates to itself, in any letter case.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (_, text) = input(data, size)
    guard let scheme = try? SchemeValidator.validate(text) else { return 0 }
    require(!SchemeValidator.forbidden.contains(scheme), "forbidden scheme accepted: \(scheme)")
    require(scheme == scheme.lowercased(), "not lower-cased: \(scheme)")
    require((1...64).contains(scheme.utf8.count), "bad length: \(scheme.utf8.count)")
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789+-.".utf8)
    require(scheme.utf8.allSatisfy(allowed.contains), "character outside the scheme syntax: \(scheme.debugDescription)")
    require(scheme.utf8.first.map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } == true, "does not start with a letter: \(scheme)")
    require((try? SchemeValidator.validate(scheme)) == scheme, "does not re-validate to itself: \(scheme)")
    require((try? SchemeValidator.validate(scheme.uppercased())) == scheme, "upper case validates differently: \(scheme)")
    return 0
}
