import HTTPTypes
import Hummingbird
import Logging
import RelayCore

/// Turns every error a handler throws into the relay's JSON error body (RFC 6749 section 5.2): errors that know
/// their status (``HTTPResponseError``: the relay's refusals, an unavailable store) answer for themselves; the
/// router's own (`404`, `405`, `413`) get a description a person can act on; anything else is a logged `500`.
struct ErrorMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: RelayContext, next: (Request, RelayContext) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            return .jsonError(error.status, Self.code(for: error.status), Self.message(for: error.status), headers: error.headers)
        } catch let error as LoginStoreUnavailable {
            context.logger.error("login store unavailable", metadata: [LogKey.errorReason: "\(error.reason)"])
            return try error.response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            return try error.response(from: request, context: context)
        } catch {
            context.logger.error("unhandled error", metadata: [LogKey.errorType: "\(type(of: error))"])
            return .jsonError(.internalServerError, "server_error", "The relay failed to answer; try again.")
        }
    }

    static func code(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "not_found"
        case .methodNotAllowed: "method_not_allowed"
        case .contentTooLarge: "request_too_large"
        default: status.code < 500 ? "invalid_request" : "server_error"
        }
    }

    static func message(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "No such endpoint. See the README's API reference."
        case .methodNotAllowed: "This endpoint does not accept this method."
        case .contentTooLarge: "The request body is too large (16 KiB at most)."
        default: status.code < 500 ? "The request was not understood." : "The relay failed to answer; try again."
        }
    }
}

/// The relay's OAuth-style refusals know their status and body.
extension LoginService.Refusal: HTTPResponseError {
    public var status: HTTPResponse.Status { .init(code: statusCode) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        .jsonError(status, error, description, headers: status == .serviceUnavailable ? [.retryAfter: "60"] : [:])
    }
}

/// A store that cannot read or write answers 503 with `Retry-After`; the relay retries nothing by itself.
extension LoginStoreUnavailable: HTTPResponseError {
    public var status: HTTPResponse.Status { .serviceUnavailable }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        .jsonError(
            .serviceUnavailable, "temporarily_unavailable", "The relay cannot use its database right now; try again in a minute.",
            headers: [.retryAfter: "30"])
    }
}
