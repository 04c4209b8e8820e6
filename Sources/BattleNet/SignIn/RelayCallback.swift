import Foundation

/// The URL a relay in `redirect` mode sends the browser back to the app with:
/// `<app>://bnet-relay/callback?result=approved|denied|failed[&error=<code>]`.
///
/// It carries no token, code or secret, only the signal to collect the token; anything else is refused, so a URL
/// opened by another app or a web page cannot pass for it.
public struct RelayCallback: Sendable, Hashable {
    /// What the relay says happened at Battle.net.
    public enum Outcome: String, Sendable, Hashable {
        /// The player approved; the token is ready to collect.
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

    /// Parses `url` as the callback for the app `scheme`; nil for any other URL: another scheme, host or path, a
    /// user, port or fragment, a missing, repeated or unknown `result`, a repeated or malformed `error`.
    public init?(url: URL, scheme: String) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              components.scheme?.lowercased() == scheme.lowercased(),
              components.host == "bnet-relay", components.path == "/callback",
              components.user == nil, components.password == nil, components.port == nil, components.fragment == nil,
              let query = components.percentEncodedQuery,
              let pairs = try? FormEncoding.decode(Substring(query))
        else { return nil }
        let results = pairs.filter { $0.0 == "result" }
        let errors = pairs.filter { $0.0 == "error" }
        guard results.count == 1, let outcome = Outcome(rawValue: results[0].1), errors.count <= 1 else { return nil }
        if let error = errors.first?.1 {
            guard (1...64).contains(error.utf8.count),
                  error.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || $0 == UInt8(ascii: "_") })
            else { return nil }
        }
        self.outcome = outcome
        self.error = errors.first?.1
    }
}
