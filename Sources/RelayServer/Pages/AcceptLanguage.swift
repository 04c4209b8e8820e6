/// The `Accept-Language` grammar (RFC 9110 section 12.5.4, RFC 4647 section 2.1): a comma-separated list of
/// language ranges, each with an optional `;q=` weight. Malformed members are skipped, not the whole header.
///
/// The header is read within a budget, so that what a page costs does not grow with what a client sends: the first
/// ``maxBytes`` bytes of its lines together (a member cut by that limit is dropped), at most ``maxMembers`` members,
/// and a member with more than one parameter is malformed (the grammar allows only the weight). Browsers send a few
/// dozen bytes.
enum AcceptLanguage {
    /// Bytes read, all header lines together.
    static let maxBytes = 256
    /// Members read (empty ones between commas not counted).
    static let maxMembers = 16

    /// A language range in lower case with its weight (0...1000, thousandths).
    struct Range: Equatable {
        var range: String
        var weight: Int
    }

    /// The well-formed ranges of the header `lines`, read within the budget, highest weight first, ties in the
    /// order given.
    static func ranges(_ lines: [String]) -> [Range] {
        var parsed: [Range] = []
        var bytesLeft = maxBytes
        var membersLeft = maxMembers
        for line in lines where bytesLeft > 0 && membersLeft > 0 {
            var text = line.utf8[...]
            if text.count > bytesLeft {
                // Only whole members: up to the last comma within the budget.
                text = text.prefix(bytesLeft)
                text = text[..<(text.lastIndex(of: UInt8(ascii: ",")) ?? text.startIndex)]
            }
            bytesLeft -= text.count + 1
            for member in text.split(separator: UInt8(ascii: ",")).lazy.filter({ !isBlank($0) }).prefix(membersLeft) {
                membersLeft -= 1
                if let range = Self.member(member) { parsed.append(range) }
            }
        }
        return parsed.enumerated().sorted { ($0.element.weight, $1.offset) > ($1.element.weight, $0.offset) }
            .map(\.element)
    }

    private static func member(_ text: Substring.UTF8View) -> Range? {
        let parts = text.split(separator: UInt8(ascii: ";"), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count <= 2, let range = lowercasedRange(trimmed(parts[0])) else { return nil }
        guard parts.count == 2 else { return Range(range: range, weight: 1000) }
        let parameter = trimmed(parts[1])
        guard parameter.count > 2, parameter.prefix(2).elementsEqual("q=".utf8) || parameter.prefix(2).elementsEqual("Q=".utf8),
            let weight = qvalue(parameter.dropFirst(2))
        else { return nil }
        return Range(range: range, weight: weight)
    }

    /// `*`, or 1–8 letters followed by `-` and 1–8 letters or digits, any number of times; lower-cased.
    private static func lowercasedRange(_ text: Substring.UTF8View) -> String? {
        if text.elementsEqual("*".utf8) { return "*" }
        let subtags = text.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let first = subtags.first, (1...8).contains(first.count), first.allSatisfy(isLetter),
            subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { isLetter($0) || isDigit($0) } })
        else { return nil }
        return String(decoding: text.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    private static func qvalue(_ text: Substring.UTF8View) -> Int? {
        guard let whole = text.first, whole == UInt8(ascii: "0") || whole == UInt8(ascii: "1") else { return nil }
        var rest = text.dropFirst()
        if !rest.isEmpty {
            guard rest.first == UInt8(ascii: "."), rest.count <= 4 else { return nil }
            rest = rest.dropFirst()
        }
        guard rest.allSatisfy(isDigit) else { return nil }
        let thousandths = rest.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } * [1000, 100, 10, 1][rest.count]
        if whole == UInt8(ascii: "1") { return thousandths == 0 ? 1000 : nil }
        return thousandths
    }

    private static func trimmed(_ text: Substring.UTF8View) -> Substring.UTF8View {
        var text = text
        while let first = text.first, isBlank(first) { text = text.dropFirst() }
        while let last = text.last, isBlank(last) { text = text.dropLast() }
        return text
    }

    private static func isBlank(_ text: Substring.UTF8View) -> Bool { text.allSatisfy(isBlank) }
    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
