/// An OAuth error code (the `error` field, RFC 6749 section 5.2, RFC 7009 section 2.2.1 and RFC 8628 section 3.5),
/// one type for everyone who speaks it: the relay and the emulator that send it, and the clients in this library
/// that read it. The codes the RFCs define are constants; any other a server sends is kept as it came.
///
/// ```swift
/// if response.code == .authorizationPending { ... }
/// ```
public struct OAuthErrorCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The code as it is sent, such as `slow_down`.
    public var rawValue: String

    /// The code `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The code `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { rawValue = value }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    // RFC 6749 section 5.2 (the token endpoint) and 4.1.2.1 (the authorization endpoint).
    /// The request is missing a parameter, repeats one or is otherwise malformed.
    public static let invalidRequest: OAuthErrorCode = "invalid_request"
    /// The client is unknown or its authentication failed.
    public static let invalidClient: OAuthErrorCode = "invalid_client"
    /// The grant (a code, a device code) is invalid, expired, used or issued to another client.
    public static let invalidGrant: OAuthErrorCode = "invalid_grant"
    /// The client may not use this grant type.
    public static let unauthorizedClient: OAuthErrorCode = "unauthorized_client"
    /// The server does not support this grant type.
    public static let unsupportedGrantType: OAuthErrorCode = "unsupported_grant_type"
    /// A requested scope is invalid, unknown or not allowed.
    public static let invalidScope: OAuthErrorCode = "invalid_scope"
    /// The resource owner or the server denied the request.
    public static let accessDenied: OAuthErrorCode = "access_denied"
    /// The server met an unexpected condition.
    public static let serverError: OAuthErrorCode = "server_error"
    /// The server is overloaded or down for maintenance; try again later.
    public static let temporarilyUnavailable: OAuthErrorCode = "temporarily_unavailable"
    // RFC 7009 section 2.2.1 (revocation).
    /// The server cannot revoke this type of token.
    public static let unsupportedTokenType: OAuthErrorCode = "unsupported_token_type"
    // RFC 8628 section 3.5 (the device grant's polls).
    /// The person has not finished yet: poll again after the interval.
    public static let authorizationPending: OAuthErrorCode = "authorization_pending"
    /// Polling too fast: add 5 seconds to the interval.
    public static let slowDown: OAuthErrorCode = "slow_down"
    /// The device code expired: start again.
    public static let expiredToken: OAuthErrorCode = "expired_token"
}
