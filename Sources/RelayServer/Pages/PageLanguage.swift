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
        let ranges = AcceptLanguage.ranges(headers[values: .acceptLanguage])
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
