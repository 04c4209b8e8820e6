import HTTPTypes
import Hummingbird
import Logging
import RelayCore

/// One log line per request: method, route pattern (never the URI, which may carry codes and states),
/// status, duration, client address, request id. Also answers every error as JSON and sets the security
/// headers every response carries.
struct RequestLogMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: RelayContext, next: (Request, RelayContext) async throws -> Response)
        async throws -> Response
    {
        let clock = ContinuousClock()
        let start = clock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as LoginStoreUnavailable {
            context.logger.error("login store unavailable", metadata: ["reason": "\(error.reason)"])
            response = .jsonError(
                .serviceUnavailable, "temporarily_unavailable",
                "The relay cannot use its database right now; try again in a minute.", headers: [.retryAfter: "30"])
        } catch let error as HTTPError {
            response = .jsonError(
                error.status, Self.code(for: error.status), Self.message(for: error.status), headers: error.headers)
        } catch {
            context.logger.error("unhandled error", metadata: ["error.type": "\(type(of: error))"])
            response = .jsonError(.internalServerError, "server_error", "The relay failed to answer; try again.")
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "no-referrer"
        response.headers[.xFrameOptions] = "DENY"
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = "default-src 'none'; frame-ancestors 'none'"
        }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        response.headers[.xRequestID] = context.id
        let elapsed = clock.now - start
        context.logger.info(
            "request",
            metadata: [
                "method": "\(request.method.rawValue)", "route": "\(context.endpointPath ?? "unmatched")",
                "status": "\(response.status.code)", "client": "\(context.clientAddress)",
                "ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
            ])
        return response
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
