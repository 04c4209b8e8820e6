import Foundation

/// The error body of an OAuth endpoint (RFC 6749 section 5.2, RFC 8628 section 3.5), one definition for everyone who
/// speaks it: Battle.net (and its emulator), a relay, and the clients in this library.
///
/// Each property is encoded under the wire name its documentation gives; optional ones that are nil are left out.
/// Decoding ignores fields it does not know. ``OAuthError`` is the same refusal as a Swift error, with its HTTP
/// status.
///
/// ```json
/// {"error":"authorization_pending","error_description":"The person has not approved yet.","interval":5}
/// ```
public struct OAuthErrorResponse: Sendable, Hashable, Codable {
    /// The error code (`error`), such as `invalid_client` or `authorization_pending`.
    public var error: String
    /// What happened, for a person (`error_description`).
    public var errorDescription: String?
    /// The seconds a device-grant client waits between polls (`interval`, a relay extension on the token endpoint).
    public var interval: Int?

    /// Creates an error body.
    public init(error: String, errorDescription: String? = nil, interval: Int? = nil) {
        self.error = error
        self.errorDescription = errorDescription
        self.interval = interval
    }

    /// Creates an error body with the code `code`.
    public init(_ code: OAuthErrorCode, errorDescription: String? = nil, interval: Int? = nil) {
        self.init(error: code.rawValue, errorDescription: errorDescription, interval: interval)
    }

    /// The error code, typed.
    public var code: OAuthErrorCode { OAuthErrorCode(error) }

    enum CodingKeys: String, CodingKey {
        case error, errorDescription = "error_description", interval
    }
}

extension OAuthError {
    /// The refusal `response` describes, carried with HTTP status `status`.
    public init(_ response: OAuthErrorResponse, status: Int) {
        self.init(error: response.error, errorDescription: response.errorDescription, status: status)
    }
}
