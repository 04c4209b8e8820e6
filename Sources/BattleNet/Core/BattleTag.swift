import Foundation

/// A Battle.net account identifier such as `Name#1234`.
///
/// Equality is exact and case-sensitive, because Battle.net profile lookups are.
/// Names are stored in Unicode NFC form so that composed and decomposed input
/// (`Zoë` typed either way) produce the same URL path.
public struct BattleTag: Hashable, Sendable, Codable, LosslessStringConvertible {
    /// The part before the `#`: 2 to 24 letters or digits in any script.
    public let name: String
    /// The numeric part after the `#`, kept as its digits.
    public let code: String

    /// Creates a BattleTag from its two parts, validating both.
    public init(name: String, code: String) throws(ParseError) {
        let normalized = name.precomposedStringWithCanonicalMapping
        guard Self.isValidName(normalized) else { throw .invalidName(name) }
        guard Self.isValidCode(code) else { throw .invalidCode(code) }
        self.name = normalized
        self.code = code
    }

    /// Parses `Name#1234` or the URL path form `Name-1234`, ignoring surrounding whitespace.
    ///
    /// The last `#` or `-` separates the name from the code.
    public init(parsing string: String) throws(ParseError) {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        guard let separator = trimmed.lastIndex(where: { $0 == "#" || $0 == "-" }),
              separator != trimmed.index(before: trimmed.endIndex)
        else { throw .missingCode(trimmed) }
        let name = String(trimmed[..<separator])
        let code = String(trimmed[trimmed.index(after: separator)...])
        try self.init(name: name, code: code)
    }

    /// Parses a percent-encoded URL path component such as `%EC%A0%84%EC%82%AC-1234`.
    public init(pathComponent: String) throws(ParseError) {
        guard let decoded = pathComponent.removingPercentEncoding else {
            throw .invalidName(pathComponent)
        }
        try self.init(parsing: decoded)
    }

    /// Parses `Name#1234` or `Name-1234`, returning `nil` when the text is not a BattleTag.
    public init?(_ description: String) {
        guard let tag = try? BattleTag(parsing: description) else { return nil }
        self = tag
    }

    /// The display form, `Name#1234`.
    public var description: String { "\(name)#\(code)" }

    /// The form used in API paths, `Name-1234`, with the name percent-encoded as UTF-8.
    ///
    /// RFC 3986 unreserved characters are kept; everything else becomes upper-case `%XX`.
    /// The case of the name is preserved because lookups are case-sensitive.
    public var pathComponent: String { Self.percentEncoded(name) + "-" + code }

    /// Decodes a single string in either the `Name#1234` or the `Name-1234` form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        do {
            try self.init(parsing: string)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the BattleTag as the single string `Name#1234`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Why a piece of text is not a BattleTag.
    public enum ParseError: Error, CustomStringConvertible, Equatable, Sendable {
        /// The text was empty or only whitespace.
        case empty
        /// The text (associated value) has no `#1234` code after the name.
        case missingCode(String)
        /// The code (associated value) is not 1 to 10 ASCII digits.
        case invalidCode(String)
        /// The name (associated value) is empty, too short or long, or contains
        /// whitespace, punctuation or control characters.
        case invalidName(String)

        /// A message a person can act on.
        public var description: String {
            let hint = "expected Name#1234 (your BattleTag is shown in the Battle.net app)"
            switch self {
            case .empty:
                return "No BattleTag given: \(hint)"
            case .missingCode(let text):
                return "\"\(text)\" is not a BattleTag: the #1234 code is missing; \(hint)"
            case .invalidCode(let code):
                return "\"\(code)\" is not a valid BattleTag code: use 1 to 10 digits after the #; \(hint)"
            case .invalidName(let name) where name.isEmpty:
                return "The BattleTag name before the # is missing: \(hint)"
            case .invalidName(let name):
                return "\"\(name)\" is not a valid BattleTag name: use 2 to 24 letters or digits "
                    + "without spaces or punctuation; \(hint)"
            }
        }
    }

    private static func isValidName(_ name: String) -> Bool {
        guard (2...24).contains(name.count),
              let first = name.unicodeScalars.first, !isMark(first)
        else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .nonspacingMark, .spacingMark:
                return true
            default:
                return false
            }
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .nonspacingMark || category == .spacingMark
    }

    private static func isValidCode(_ code: String) -> Bool {
        (1...10).contains(code.utf8.count) && code.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    private static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var result = String.UnicodeScalarView()
        for byte in text.utf8 {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E:
                result.append(Unicode.Scalar(byte))
            default:
                result.append("%")
                result.append(hex[Int(byte >> 4)])
                result.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(result)
    }
}
