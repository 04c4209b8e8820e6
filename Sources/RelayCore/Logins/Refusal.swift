import BattleNet

/// Why the relay refuses a request, as OAuth says it (RFC 6749 section 5.2, RFC 8628 section 3.5): an error code, a
/// description a person can act on, and the HTTP status. Everything that refuses throws one; the server renders it
/// in one place, with the headers its status calls for.
public struct Refusal: Error, Sendable, Equatable {
    /// The OAuth error code, such as `invalid_client`.
    public var error: OAuthErrorCode
    /// What happened and what to do, for a person.
    public var description: String
    /// The HTTP status code.
    public var statusCode: Int
    /// The polling interval in seconds, on the token endpoint's answers (RFC 8628 section 3.5).
    public var interval: Int?

    /// Creates a refusal; 400 unless said otherwise.
    public init(_ error: OAuthErrorCode, _ description: String, status: Int = 400, interval: Int? = nil) {
        self.error = error
        self.description = description
        statusCode = status
        self.interval = interval
    }

    /// The same refusal, telling the client its polling interval.
    public func with(interval: Int) -> Refusal {
        var refusal = self
        refusal.interval = interval
        return refusal
    }

    /// The store cannot read or write: 503, and the client tries again later.
    public static let storeUnavailable = Refusal(
        .temporarilyUnavailable, "The relay cannot use its database right now; try again in a minute.", status: 503)
}

extension OAuthErrorCode {
    /// The relay's own code for a path it does not serve (404), beside the OAuth ones.
    public static let notFound: OAuthErrorCode = "not_found"
    /// The relay's own code for a method a path does not take (405).
    public static let methodNotAllowed: OAuthErrorCode = "method_not_allowed"
    /// A bearer token that is not (or no longer) good (RFC 6750 section 3.1).
    public static let invalidToken: OAuthErrorCode = "invalid_token"
    /// The relay's own code for a body over its limit (413).
    public static let requestTooLarge: OAuthErrorCode = "request_too_large"
}
