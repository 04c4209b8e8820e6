import HTTPTypes
import Hummingbird
import Logging
import RelayCore

/// One log line per request (routine poll answers and health probes at debug, the rest at info): method, route
/// pattern (never the URI, which may carry codes and states), status, duration, client address; the request id is
/// in the logger's metadata. It sits outside ``RefusalMiddleware``, so it logs the status the client really got.
struct RequestLogMiddleware: RouterMiddleware {
    /// What the duration is measured by.
    let clock: RelayClock

    func handle(_ request: Request, context: RelayContext, next: (Request, RelayContext) async throws -> Response)
        async throws -> Response
    {
        let start = clock.now
        let response = try await next(request, context)
        let elapsed = clock.now - start
        let route = context.endpointPath
        context.logger.log(
            level: Self.isRoutine(route: route, status: response.status) ? .debug : .info,
            "request",
            metadata: [
                LogKey.httpMethod: "\(request.method.rawValue)", LogKey.httpRoute: "\(route ?? "unmatched")",
                LogKey.httpStatus: "\(response.status.code)", LogKey.clientAddress: "\(context.clientAddress)",
                LogKey.durationMS: "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
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
}
