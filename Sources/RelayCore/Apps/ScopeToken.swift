/// OAuth scope tokens as RFC 6749 section 3.3 allows them: one or more of `!`, `#`-`[`, `]`-`~` (printable ASCII
/// without space, `"` and `\`). The relay also refuses `,`, which separates entries of its list-valued
/// environment variables (`BNET_RELAY_APPS`) and which no Battle.net scope contains.
public enum ScopeToken {
    /// Splits a space-separated scope list and checks every token; `setting` names where it came from in the error.
    public static func parseList(_ text: String, setting: String) throws(AppArgumentError) -> [String] {
        let tokens = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !tokens.isEmpty else {
            throw AppArgumentError(message: "\(setting): no scope given; expected space-separated scopes such as `openid d3.profile`")
        }
        for token in tokens {
            if let bad = token.unicodeScalars.first(where: { !isAllowed($0) }) {
                let shown = bad.value < 0x21 || bad.value > 0x7E ? "U+" + String(bad.value, radix: 16, uppercase: true) : "`\(bad)`"
                throw AppArgumentError(
                    message: "\(setting): scope '\(String(token.prefix(64)))' contains \(shown), which an OAuth scope may not "
                        + "(RFC 6749 section 3.3: printable ASCII without space, `\"` and `\\`; the relay also refuses `,`)")
            }
        }
        return tokens
    }

    /// Whether `scalar` may appear in a scope token here.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21, 0x23...0x2B, 0x2D...0x5B, 0x5D...0x7E: true
        default: false
        }
    }
}
