import BattleNet
import HTTPTypes
import Hummingbird
import RelayCore

/// The one place a refusal becomes a response: the JSON body of RFC 6749 section 5.2 (`error`, `error_description`,
/// and `interval` on the token endpoint), `Cache-Control: no-store` on every one, `WWW-Authenticate` on every 401
/// (section 5.2 requires it; Basic unless the caller names another challenge) and ``retryAfterSeconds`` on every 429 and 503.
extension Refusal: HTTPResponseError {
    /// How long a client told "not now" (429 or 503) waits: one policy for every such answer.
    static let retryAfterSeconds = 60
    /// The challenge on a 401: the relay's clients authenticate with HTTP Basic and an empty password, or not at all.
    static let challenge = #"Basic realm="bnet-relay""#

    public var status: HTTPResponse.Status { .init(code: statusCode) }

    /// The seconds for `Retry-After`: ``retryAfterSeconds`` on every 429 and 503, none otherwise.
    var retryAfter: Int? { status == .tooManyRequests || status == .serviceUnavailable ? Self.retryAfterSeconds : nil }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try response()
    }

    /// The response, with `headers` (such as a 405's `Allow`) added to the policy's own.
    func response(headers: HTTPFields = [:]) throws -> Response {
        var fields = headers
        fields[.cacheControl] = "no-store"
        fields[.pragma] = "no-cache"
        if status == .unauthorized, fields[.wwwAuthenticate] == nil { fields[.wwwAuthenticate] = Self.challenge }
        if let retryAfter { fields[.retryAfter] = "\(retryAfter)" }
        return try .json(
            status, message: OAuthErrorResponse(error: error.rawValue, errorDescription: description, interval: interval),
            headers: fields)
    }
}
