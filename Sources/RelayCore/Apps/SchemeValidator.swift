/// Checks that an app name is a URL scheme the relay may redirect to (RFC 3986 section 3.1), and never one
/// that would make the relay an open redirector or run script.
public enum SchemeValidator {
    /// Why a name is refused.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// Empty or longer than 64 characters.
        case badLength
        /// Not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
        case badSyntax
        /// A scheme that browsers treat as web, script or local content.
        case forbidden(String)

        public var description: String {
            switch self {
            case .badLength: "an app name must be 1 to 64 characters"
            case .badSyntax:
                "an app name must be a URL scheme: a letter, then letters, digits, '+', '-' or '.'"
            case .forbidden(let scheme): "'\(scheme)' can never be an app scheme"
            }
        }
    }

    /// Schemes never served.
    public static let forbidden: Set<String> = ["http", "https", "javascript", "data", "file", "blob", "about", "vbscript", "ws", "wss", "ftp"]

    /// Returns the name, spelled as given, if it is acceptable. Schemes are case-insensitive, so the forbidden
    /// ones are refused in any case; the relay matches names ignoring case (``AppRegistry``).
    public static func validate(_ name: String) throws(Error) -> String {
        let scalars = Array(name.unicodeScalars)
        guard (1...64).contains(scalars.count) else { throw .badLength }
        guard let first = scalars.first, first.isASCIILetter,
            scalars.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == "+" || $0 == "-" || $0 == "." })
        else { throw .badSyntax }
        let lowered = name.lowercased()
        guard !forbidden.contains(lowered) else { throw .forbidden(lowered) }
        return name
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
