import Hummingbird

/// Enforces Blizzard's quota per client on the API paths (``EmulatorAPILimits``): past it, Blizzard's 429
/// (`{"code":429,"type":"BLZWEBAPI00000429","detail":"Too Many Requests"}`) with `Retry-After`, counted as
/// `api.rate_limited`.
struct QuotaMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let state: EmulatorState

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard EmulatorAPILimits.isAPI(request.uri.path) else { return try await next(request, context) }
        let header = request.headers[.authorization]
        let bearer = header.flatMap { $0.lowercased().hasPrefix("bearer ") ? String($0.dropFirst(7)) : nil }
        if let wait = await state.admitAPIRequest(bearer: bearer) {
            await state.increment("api.rate_limited")
            return .gatewayError(.tooManyRequests, headers: [.retryAfter: String(wait)])
        }
        return try await next(request, context)
    }
}
