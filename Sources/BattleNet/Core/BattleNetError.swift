import Foundation

/// Everything that can go wrong talking to Battle.net, each with a message a person can act on.
public enum BattleNetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The OAuth server refused a request (RFC 6749 section 5.2): `error`, `error_description`, HTTP status.
    case oauth(OAuthError)
    /// The profile or hero does not exist (HTTP 404 from the gateway, or HTTP 200 with `"code":"NOTFOUND"`).
    case notFound(String)
    /// The API refused the token's access to this resource (HTTP 403).
    case forbidden(String)
    /// The API refused a player endpoint (HTTP 403) that needs a player's token with `scope` (`wow.profile`): the
    /// token is an application's, or its sign-in did not grant the scope.
    case missingScope(scope: String, what: String)
    /// The access token was rejected (HTTP 401): expired, revoked or never valid.
    case invalidToken
    /// Too many requests (HTTP 429), still so after the allowed retries. `retryAfter` is the server's advice.
    case rateLimited(retryAfter: Duration?)
    /// The server failed (HTTP 5xx).
    case serverError(status: Int)
    /// An HTTP status this library does not expect.
    case unexpectedStatus(Int)
    /// No answer within the timeout.
    case timeout
    /// The server could not be reached (refused connection, DNS, TLS, connection dropped).
    case unreachable(String)
    /// The response was larger than the cap.
    case responseTooLarge(limit: Int)
    /// The response was not the JSON expected.
    case malformedResponse(String)
    /// The API answered HTTP 200 with a legacy error `code` other than `NOTFOUND`, such as `MAINTENANCE` or
    /// `LIMITED`, and its `reason`.
    case unavailable(code: String, reason: String?)

    public var description: String {
        switch self {
        case .oauth(let error):
            error.description
        case .notFound(let what):
            // Profile and hero lookups name a BattleTag (`Name#1234`), whose letter case matters; game data does not.
            "\(what) was not found: check the spelling"
                + (what.contains("#") ? " and letter case of the BattleTag" : "") + ", and the region."
        case .forbidden(let what):
            "Battle.net refused access to \(what) (HTTP 403): the token lacks the required scope or client permission."
        case .missingScope(let scope, let what):
            "Battle.net refused access to \(what) (HTTP 403): it needs a player's sign-in that granted the scope "
                + "\(scope); sign in again asking for \(scope)."
        case .invalidToken:
            "Battle.net rejected the access token (HTTP 401): it has expired or was revoked; sign in again."
        case .rateLimited(let retryAfter):
            "Battle.net is rate limiting this client (HTTP 429)"
                + (retryAfter.map { ": retry in \($0.components.seconds) s." } ?? ": retry in a moment.")
        case .serverError(let status):
            "Battle.net had a server error (HTTP \(status)); try again later."
        case .unexpectedStatus(let status):
            "Battle.net answered with unexpected HTTP status \(status)."
        case .timeout:
            "Battle.net did not answer in time; check the network and try again."
        case .unreachable(let reason):
            "Could not reach the server: \(reason)."
        case .responseTooLarge(let limit):
            "The response was larger than the \(limit)-byte limit and was refused."
        case .malformedResponse(let detail):
            "The response was not the JSON expected: \(detail)."
        case .unavailable(let code, let reason):
            "Battle.net's API is not serving this now (\(code)" + (reason.map { ": \($0)" } ?? "")
                + "); it is usually maintenance or limited mode: try again later."
        }
    }
}

/// An OAuth 2.0 error response (RFC 6749 section 5.2).
public struct OAuthError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The error code, such as `invalid_grant` or `invalid_client`.
    public var error: String
    /// The server's human-readable explanation, if it gave one.
    public var errorDescription: String?
    /// The HTTP status that carried the error.
    public var status: Int

    /// Creates an OAuth error.
    public init(error: String, errorDescription: String? = nil, status: Int) {
        self.error = error
        self.errorDescription = errorDescription
        self.status = status
    }

    enum CodingKeys: String, CodingKey {
        case error, errorDescription = "error_description", status
    }

    public var description: String {
        let hint: String =
            switch error {
            case "invalid_client": " Check the client id and secret."
            case "invalid_grant": " The code was already used, has expired, or the redirect URI differs."
            case "unauthorized_client": " This client may not use this grant."
            case "access_denied": " The person declined."
            default: ""
            }
        return "OAuth error \(error) (HTTP \(status))" + (errorDescription.map { ": \($0)." } ?? ".") + hint
    }
}
