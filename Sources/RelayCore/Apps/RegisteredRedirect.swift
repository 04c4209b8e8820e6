/// A redirect URI an app registered for the authorization endpoint (RFC 8252 section 7): a private-use scheme
/// (`com.example.app:/oauth2redirect`, `myapp://callback`), a claimed `https` URL, or a loopback address
/// (`http://127.0.0.1/PATH`, `http://[::1]/PATH`, `http://localhost/PATH`) whose port the client picks at run time.
///
/// A request's `redirect_uri` matches byte for byte, with the one allowance of RFC 8252 section 7.3: a loopback
/// registration matches any port. Nothing with a fragment, a wildcard, a user or password, white space, or plain
/// `http` to anything but loopback is registered.
public struct RegisteredRedirect: Sendable, Hashable, CustomStringConvertible {
    /// What kind of return it is.
    public enum Kind: String, Sendable, Hashable {
        /// An app's own URL scheme (RFC 8252 section 7.1).
        case privateUseScheme = "private-use scheme"
        /// An `https` URL the app claims on the device (RFC 8252 section 7.2).
        case claimedHTTPS = "claimed https URL"
        /// A port on the device's loopback interface (RFC 8252 section 7.3).
        case loopback
    }

    /// The loopback hosts, as they are written in a URI.
    static let loopbackHosts = ["127.0.0.1", "[::1]", "localhost"]

    /// The URI as registered; for loopback, without a port.
    public let uri: String
    /// What kind of return it is.
    public let kind: Kind

    /// Parses a registration, throwing a ``RedirectURIError`` whose description names what is not allowed.
    public init(validating string: String) throws(RedirectURIError) {
        guard (1...512).contains(string.utf8.count) else { throw .badLength }
        guard string.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7f }) else { throw .notPrintable }
        guard !string.contains("#") else { throw .fragment }
        guard !string.contains("*") else { throw .wildcard }
        guard let colon = string.firstIndex(of: ":") else { throw .noScheme }
        let scheme = string[..<colon].lowercased()
        let rest = string[string.index(after: colon)...]
        let authority = rest.hasPrefix("//") ? Self.authority(of: rest) : ""
        guard !authority.contains("@") else { throw .userInfo }
        switch scheme {
        case "http":
            guard let loopback = Self.loopback(rest) else { throw .plainHTTP }
            uri = "http://\(loopback.host)\(loopback.path)"
            kind = .loopback
        case "https":
            guard !authority.isEmpty else { throw .noHost }
            uri = string
            kind = .claimedHTTPS
        default:
            do {
                _ = try SchemeValidator.validate(String(string[..<colon]))
            } catch {
                throw .badScheme(String(scheme.prefix(32)))
            }
            guard !rest.isEmpty else { throw .noPath }
            uri = string
            kind = .privateUseScheme
        }
    }

    public var description: String { uri }

    /// Whether a request's `redirect_uri` is this registration: the same bytes, or for loopback the same host and
    /// path with any port (RFC 8252 section 7.3).
    public func matches(_ requested: String) -> Bool {
        guard kind == .loopback else { return requested == uri }
        guard requested.hasPrefix("http:"), let loopback = Self.loopback(requested.dropFirst(5)) else { return false }
        return "http://\(loopback.host)\(loopback.path)" == uri
    }

    /// `//authority` of a URI's part after the scheme, without the slashes.
    private static func authority(of rest: Substring) -> Substring {
        let start = rest.index(rest.startIndex, offsetBy: 2)
        let end = rest[start...].firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        return rest[start..<end]
    }

    /// The host and path (with its query) of `//HOST[:PORT]PATH` when HOST is a loopback host and PORT, if
    /// present, a port number; nil otherwise.
    private static func loopback(_ rest: Substring) -> (host: String, path: String)? {
        guard rest.hasPrefix("//") else { return nil }
        let authority = authority(of: rest)
        let path = String(rest[authority.endIndex...])
        guard path.isEmpty || path.hasPrefix("/") else { return nil }
        for host in loopbackHosts where authority.lowercased().hasPrefix(host) {
            let port = authority.dropFirst(host.count)
            guard port.isEmpty || Self.isPort(port.dropFirst()) && port.hasPrefix(":") else { continue }
            return (host, path.isEmpty ? "/" : path)
        }
        return nil
    }

    private static func isPort(_ text: Substring) -> Bool {
        text.count <= 5 && text.first != "0" && text.allSatisfy(\.isASCIIDigitCharacter)
            && Int(text).map { (1...65535).contains($0) } == true
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}

/// Why a redirect URI cannot be registered; `description` is a sentence for `check-config`.
public enum RedirectURIError: Error, Sendable, Hashable, CustomStringConvertible {
    case badLength
    case notPrintable
    case fragment
    case wildcard
    case noScheme
    case userInfo
    case plainHTTP
    case noHost
    case badScheme(String)
    case noPath

    public var description: String {
        switch self {
        case .badLength: "a redirect URI must be 1 to 512 characters"
        case .notPrintable: "a redirect URI must not contain white space or characters outside printable ASCII"
        case .fragment: "a redirect URI must not have a fragment (#...): RFC 6749 section 3.1.2 forbids it"
        case .wildcard: "a redirect URI is matched exactly: a wildcard (*) is not allowed"
        case .noScheme: "a redirect URI needs a scheme, such as com.example.app:/oauth2redirect"
        case .userInfo: "a redirect URI must not carry a user or password (user@host)"
        case .plainHTTP:
            "plain http is allowed only to loopback (http://127.0.0.1/PATH, http://[::1]/PATH, http://localhost/PATH): use https or the app's own scheme"
        case .noHost: "an https redirect URI needs a host"
        case .badScheme(let scheme):
            "'\(scheme)' is not a scheme an app may register: a private-use scheme is a letter, then letters, digits, '+', '-' or '.', and never a web, script or file scheme"
        case .noPath: "a private-use scheme redirect URI needs a path, such as com.example.app:/oauth2redirect"
        }
    }
}
