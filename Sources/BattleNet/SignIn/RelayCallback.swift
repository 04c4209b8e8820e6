import Foundation

/// The URL a relay in `redirect` mode sends the browser back to the app with:
/// `<app>://bnet-relay/callback?result=approved&callback_code=<value>`, or `result=denied|failed[&error=<code>]`;
/// for a login started with a loopback `redirect_uri`, that address with the same query
/// (``init(loopbackReturn:to:)``).
///
/// It carries no token, code or secret. The `callback_code` of an approval is a one-time value the relay requires,
/// with the `device_code` only the app holds, before it hands out the token: a link opened by another app or a web
/// page cannot pass for the callback, and an app that intercepts the link cannot collect the token without the
/// `device_code`. Anything else is refused.
public struct RelayCallback: Sendable, Hashable {
    /// What the relay says happened at Battle.net.
    public enum Outcome: String, Sendable, Hashable {
        /// The player approved; the token is ready to collect with ``RelayCallback/callbackCode``.
        case approved
        /// The player declined at Battle.net.
        case denied
        /// The sign-in failed at Battle.net or at the relay.
        case failed
    }

    /// The outcome.
    public var outcome: Outcome
    /// The OAuth error code the relay added (`access_denied`, `server_error`), if any.
    public var error: String?
    /// The one-time value of an approval, sent back as `callback_code` with the token request; nil otherwise.
    public var callbackCode: String?

    /// Parses `url` as the callback for the app `scheme`; nil for any other URL: another scheme, host or path, a
    /// user, port or fragment, a missing, repeated or unknown `result`, a repeated or malformed `error`, an
    /// approval without exactly one well-formed `callback_code` (1 to 256 of `A-Z a-z 0-9 - . _ ~`), or a
    /// `callback_code` on any other outcome.
    public init?(url: URL, scheme: String) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              components.scheme?.lowercased() == scheme.lowercased(),
              components.host == "bnet-relay", components.path == "/callback",
              components.user == nil, components.password == nil, components.port == nil, components.fragment == nil,
              let query = components.percentEncodedQuery
        else { return nil }
        self.init(query: query)
    }

    /// Parses the browser's return to a loopback listener: `url` must be `redirect` itself (no fragment) with the
    /// query ``init(url:scheme:)`` accepts; nil for anything else.
    public init?(loopbackReturn url: URL, to redirect: LoopbackRedirect) {
        guard redirect.matches(url),
              let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        else { return nil }
        self.init(query: query)
    }

    /// The callback's query, held to the rules ``init(url:scheme:)`` gives.
    private init?(query: String) {
        guard let pairs = try? FormEncoding.decode(Substring(query)) else { return nil }
        let results = pairs.filter { $0.0 == "result" }
        let errors = pairs.filter { $0.0 == "error" }
        let codes = pairs.filter { $0.0 == "callback_code" }
        guard results.count == 1, let outcome = Outcome(rawValue: results[0].1), errors.count <= 1 else { return nil }
        if let error = errors.first?.1 {
            guard (1...64).contains(error.utf8.count),
                  error.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || $0 == UInt8(ascii: "_") })
            else { return nil }
        }
        if outcome == .approved {
            guard codes.count == 1, Self.isWellFormed(code: codes[0].1) else { return nil }
        } else {
            guard codes.isEmpty else { return nil }
        }
        self.outcome = outcome
        self.error = errors.first?.1
        callbackCode = codes.first?.1
    }

    /// 1 to 256 RFC 3986 unreserved characters.
    private static func isWellFormed(code: String) -> Bool {
        (1...256).contains(code.utf8.count) && code.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("-._~".utf8).contains(byte)
        }
    }
}
