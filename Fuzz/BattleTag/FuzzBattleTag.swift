/// BattleTag: parsing never crashes; a parsed tag's display form and path component (plain ASCII) parse back
/// to the same tag, whether it came from `Name#1234` text or from a path component.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (_, text) = input(data, size)
    if let tag = try? BattleTag(parsing: text) { check(tag, from: text) }
    if let tag = try? BattleTag(pathComponent: text) { check(tag, from: text) }
    return 0
}

private func check(_ tag: BattleTag, from text: String) {
    let path = tag.pathComponent
    require(path.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") },
        "path component \(path.debugDescription) is not a safe path segment (from \(text.debugDescription))")
    require((try? BattleTag(pathComponent: path)) == tag, "\(path) does not parse back to \(tag) (from \(text.debugDescription))")
    require((try? BattleTag(parsing: tag.description)) == tag, "\(tag.description.debugDescription) does not parse back (from \(text.debugDescription))")
    require((2...24).contains(tag.name.count) && (1...10).contains(tag.code.count), "bad parts: \(tag)")
}
