/// AcceptLanguage: any header lines (the input split at line feeds) give at most `maxMembers` ranges, each `*` or
/// lower-case subtags of letters and digits, with weights in 0...1000, highest first; the ranges written back as a
/// header (`range;q=0.xxx`) read as the same ranges.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (_, text) = input(data, size)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let ranges = AcceptLanguage.ranges(lines)
    require(ranges.count <= AcceptLanguage.maxMembers, "\(ranges.count) ranges")
    for range in ranges {
        require((0...1000).contains(range.weight), "weight \(range.weight)")
        let wellFormed = range.range == "*" || range.range.split(separator: "-", omittingEmptySubsequences: false).allSatisfy {
            (1...8).contains($0.count) && $0.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
        require(wellFormed, "range \(range.range.debugDescription)")
    }
    require(zip(ranges, ranges.dropFirst()).allSatisfy { $0.weight >= $1.weight }, "not by falling weight: \(ranges)")
    let header = ranges.map { range in
        let weight = String(range.weight)
        return range.weight == 1000 ? range.range : "\(range.range);q=0." + String(repeating: "0", count: 3 - weight.count) + weight
    }.joined(separator: ",")
    if header.utf8.count <= AcceptLanguage.maxBytes {
        let again = AcceptLanguage.ranges([header])
        require(again == ranges, "\(ranges) written as \(header.debugDescription) reads \(again)")
    }
    return 0
}
