import HTTPTypes
import Hummingbird
import Logging
import RelayCore

/// One log line per request (routine poll answers and health probes at debug, the rest at info): method, route
/// pattern (never the URI, which may carry codes and states), status, duration, client address, request id. Also
/// answers every error as JSON and sets the security headers every response carries.
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
        Self.addSecurityHeaders(to: &response.headers, requestID: context.id)
        let elapsed = clock.now - start
        let route = context.endpointPath
        context.logger.log(
            level: Self.isRoutine(route: route, status: response.status) ? .debug : .info,
            "request",
            metadata: [
                "method": "\(request.method.rawValue)", "route": "\(route ?? "unmatched")",
                "status": "\(response.status.code)", "client": "\(context.clientAddress)",
                "ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
            ])
        return response
    }

    /// Answers logged at debug rather than info: a poll's refusal (a client polling every 5 s would write a dozen lines
    /// a minute; `/metrics` counts them by result) and successful health probes. At info they cost 13% of a poll.
    static func isRoutine(route: String?, status: HTTPResponse.Status) -> Bool {
        switch route {
        case "/oauth/token": status == .badRequest
        case "/healthz", "/readyz", "/metrics": status == .ok
        default: false
        }
    }

    /// The headers every response carries. Handlers never set the fixed ones, so they are appended without a lookup;
    /// a handler's own `Content-Security-Policy` and `Cache-Control` win.
    static func addSecurityHeaders(to headers: inout HTTPFields, requestID: String) {
        var hasPolicy = false
        var hasCacheControl = false
        var hasReferrerPolicy = false
        for field in headers {
            if field.name == .contentSecurityPolicy { hasPolicy = true }
            if field.name == .cacheControl { hasCacheControl = true }
            if field.name == .referrerPolicy { hasReferrerPolicy = true }
        }
        headers.append(HTTPField(name: .xContentTypeOptions, value: "nosniff"))
        if !hasReferrerPolicy { headers.append(HTTPField(name: .referrerPolicy, value: "no-referrer")) }
        headers.append(HTTPField(name: .xFrameOptions, value: "DENY"))
        if !hasPolicy { headers.append(HTTPField(name: .contentSecurityPolicy, value: "default-src 'none'; frame-ancestors 'none'")) }
        if !hasCacheControl { headers.append(HTTPField(name: .cacheControl, value: "no-store")) }
        headers.append(HTTPField(name: .xRequestID, value: requestID))
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
