import Hummingbird

/// Answers what no route serves as Blizzard's API gateway does, `{"code":404,"type":"BLZWEBAPI00000404",
/// "detail":"Not Found"}`, instead of the framework's empty 404.
struct GatewayErrorMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status.code >= 400 && error.status.code < 500 {
            return .gatewayError(error.status)
        }
    }
}
