import HTTPTypes

/// A language the relay's pages are written in: those of Blizzard's locales. English is the default.
enum PageLanguage: String, CaseIterable, Sendable {
    case english = "en", german = "de", french = "fr", spanish = "es", italian = "it", portuguese = "pt"
    case russian = "ru", korean = "ko", traditionalChinese = "zh-Hant", simplifiedChinese = "zh-Hans"

    /// The `lang` attribute of the page's `<html>` (a BCP 47 tag).
    var tag: String { rawValue }

    /// The page texts in this language.
    var text: PageText {
        switch self {
        case .english: .english
        case .german: .german
        case .french: .french
        case .spanish: .spanish
        case .italian: .italian
        case .portuguese: .portuguese
        case .russian: .russian
        case .korean: .korean
        case .traditionalChinese: .traditionalChinese
        case .simplifiedChinese: .simplifiedChinese
        }
    }

    /// The language a request's `Accept-Language` prefers (RFC 9110 section 12.5.4): ranges by falling weight,
    /// ties in the order given; `q=0` rules a language out; English when nothing listed is offered.
    init(request headers: HTTPFields) {
        let ranges = AcceptLanguage.ranges(headers[values: .acceptLanguage].joined(separator: ","))
        let excluded = Set(ranges.filter { $0.weight == 0 }.compactMap { Self(range: $0.range) })
        self = ranges.filter { $0.weight > 0 }.lazy.compactMap { Self(range: $0.range) }.first { !excluded.contains($0) }
            ?? .english
    }

    /// The language a language range names (RFC 4647 lookup, lower-cased): `de-AT` is German, `zh-TW`, `zh-HK`,
    /// `zh-MO` and `zh-Hant…` Traditional Chinese, any other `zh` Simplified; `*` is English.
    init?(range: String) {
        let subtags = range.split(separator: "-").map(String.init)
        switch subtags.first {
        case "*": self = .english
        case "zh":
            let traditional = subtags.dropFirst().contains { ["hant", "tw", "hk", "mo"].contains($0) }
            self = traditional ? .traditionalChinese : .simplifiedChinese
        case let primary?:
            guard let language = Self.allCases.first(where: { $0.rawValue == primary }) else { return nil }
            self = language
        case nil:
            return nil
        }
    }
}

/// The `Accept-Language` grammar (RFC 9110 section 12.5.4, RFC 4647 section 2.1): a comma-separated list of
/// language ranges, each with an optional `;q=` weight. Malformed members are skipped, not the whole header.
enum AcceptLanguage {
    /// A language range in lower case with its weight (0...1000, thousandths).
    struct Range: Equatable {
        var range: String
        var weight: Int
    }

    /// The well-formed ranges of `value`, highest weight first, ties in the order given; at most the first 64
    /// members are read.
    static func ranges(_ value: String) -> [Range] {
        let members = value.split(separator: ",", omittingEmptySubsequences: true).prefix(64)
        let parsed = members.compactMap(member)
        return parsed.enumerated().sorted { ($0.element.weight, $1.offset) > ($1.element.weight, $0.offset) }
            .map(\.element)
    }

    private static func member(_ text: Substring) -> Range? {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false).map(trimmed)
        guard let range = parts.first.map({ $0.lowercased() }), isRange(range) else { return nil }
        var weight = 1000
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(trimmed)
            guard pair.count == 2, pair[0].lowercased() == "q", let parsed = qvalue(pair[1]) else { return nil }
            weight = parsed
        }
        return Range(range: range, weight: weight)
    }

    /// `*`, or 1–8 letters followed by `-` and 1–8 letters or digits, any number of times.
    private static func isRange(_ text: String) -> Bool {
        if text == "*" { return true }
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (1...8).contains(first.count), first.allSatisfy(isLetter) else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { isLetter($0) || isDigit($0) } }
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    private static func qvalue(_ text: String) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 3, fraction.allSatisfy(isDigit) else { return nil }
        let thousandths = Int(fraction + String(repeating: "0", count: 3 - fraction.count)) ?? 0
        if whole == "1" { return thousandths == 0 ? 1000 : nil }
        return thousandths
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    private static func isLetter(_ character: Character) -> Bool { character.isASCII && character.isLetter }
    private static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
}
