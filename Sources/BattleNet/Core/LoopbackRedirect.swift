import Foundation

/// A loopback return address for a native app's sign-in (RFC 8252 section 7.3): `http://127.0.0.1:PORT/path` or
/// `http://[::1]:PORT/path`, with any port. One definition for the client that listens there and the relay that
/// redirects the browser there.
///
/// Nothing else passes ``init(validating:)``: no other host (`localhost` included: RFC 8252 section 8.3 asks for
/// the literal address, which no resolver or firewall rule can redirect), no `https`, no user, no query, no
/// fragment, no missing, out-of-range or zero-padded port, and a path of at most 128 of `A-Z a-z 0-9 - . _ ~ /`.
public struct LoopbackRedirect: Sendable, Hashable, CustomStringConvertible {
    /// Which loopback address.
    public enum Host: String, Sendable, Hashable {
        /// `127.0.0.1`.
        case ipv4 = "127.0.0.1"
        /// `[::1]`.
        case ipv6 = "[::1]"
    }

    /// The loopback address.
    public let host: Host
    /// The port, 1 to 65535.
    public let port: Int
    /// The path, starting with `/`.
    public let path: String

    /// The address `http://host:port/path`; nil when the port is out of range or the path is not one
    /// ``init(validating:)`` accepts.
    public init?(host: Host, port: Int, path: String) {
        guard (1...65535).contains(port), Self.isAllowed(path: path) else { return nil }
        (self.host, self.port, self.path) = (host, port, path)
    }

    /// Parses `string`, throwing a ``LoopbackRedirectError`` whose description says what is wrong.
    public init(validating string: String) throws(LoopbackRedirectError) {
        guard string.utf8.count <= 200 else { throw .tooLong }
        guard let separator = string.range(of: "://") else { throw .notAURL }
        let scheme = string[..<separator.lowerBound].lowercased()
        guard scheme == "http" else { throw scheme == "https" ? .https : .notHTTP(String(scheme)) }
        let rest = string[separator.upperBound...]
        guard !rest.contains("#") else { throw .fragment }
        guard !rest.contains("?") else { throw .query }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        guard !authority.contains("@") else { throw .userInfo }
        let hostPart: Substring
        let portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .notLoopback(String(authority)) }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { throw .notLoopback(String(authority)) }
            portPart = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        } else {
            (hostPart, portPart) = (authority, nil)
        }
        guard let host = Host(rawValue: hostPart.lowercased()) else {
            throw hostPart.lowercased() == "localhost" ? .localhost : .notLoopback(String(hostPart))
        }
        guard let portPart, !portPart.isEmpty else { throw .missingPort }
        guard portPart.count <= 5, portPart.first != "0", portPart.allSatisfy({ ("0"..."9").contains($0) }),
              let port = Int(portPart), (1...65535).contains(port)
        else { throw .badPort(String(portPart)) }
        let path = String(rest[slash...])
        guard Self.isAllowed(path: path) else { throw .badPath }
        (self.host, self.port, self.path) = (host, port, path)
    }

    /// The address as a string: `http://127.0.0.1:PORT/path`.
    public var description: String { "http://\(host.rawValue):\(port)\(path)" }

    /// The address as a URL.
    public var url: URL { URL(string: description)! }

    /// Whether `url` is this address, with any query: the browser's return to the listener.
    public func matches(_ url: URL) -> Bool {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return false }
        var bare = components
        bare.query = nil
        return bare.string == description && components.fragment == nil
    }

    private static func isAllowed(path: String) -> Bool {
        path.hasPrefix("/") && path.utf8.count <= 128 && path.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("-._~/".utf8).contains(byte)
        }
    }
}

/// Why a return address is not a loopback address ``LoopbackRedirect`` accepts; `description` is a sentence a
/// relay can send as an OAuth `error_description`.
public enum LoopbackRedirectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not of the form `scheme://...`.
    case notAURL
    /// `https`: a loopback listener speaks plain HTTP, and nothing else is accepted.
    case https
    /// Another scheme.
    case notHTTP(String)
    /// `localhost` rather than a literal loopback address.
    case localhost
    /// Another host.
    case notLoopback(String)
    /// A user or password before the host.
    case userInfo
    /// No port.
    case missingPort
    /// A port that is not 1 to 65535.
    case badPort(String)
    /// A query.
    case query
    /// A fragment.
    case fragment
    /// A path with characters other than `A-Z a-z 0-9 - . _ ~ /`, not starting with `/` or longer than 128.
    case badPath
    /// Longer than 200 characters.
    case tooLong

    public var description: String {
        let form = "http://127.0.0.1:PORT/path or http://[::1]:PORT/path"
        return switch self {
        case .notAURL: "redirect_uri is not a URL; it must be \(form)."
        case .https: "redirect_uri must use http: a loopback return address is \(form)."
        case .notHTTP(let scheme): "redirect_uri's scheme \"\(scheme.prefix(20))\" is not accepted; it must be \(form)."
        case .localhost: "redirect_uri must name the loopback address itself (127.0.0.1 or [::1]), not localhost."
        case .notLoopback(let host): "redirect_uri's host \"\(host.prefix(64))\" is not a loopback address; it must be \(form)."
        case .userInfo: "redirect_uri must not carry a user or password."
        case .missingPort: "redirect_uri must name the port the client listens on: \(form)."
        case .badPort(let port): "redirect_uri's port \"\(port.prefix(10))\" is not a port number from 1 to 65535."
        case .query: "redirect_uri must not carry a query; the relay adds its own."
        case .fragment: "redirect_uri must not carry a fragment."
        case .badPath: "redirect_uri's path must start with / and hold at most 128 of A-Z a-z 0-9 - . _ ~ /."
        case .tooLong: "redirect_uri is longer than 200 characters."
        }
    }
}
