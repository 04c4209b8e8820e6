import BattleNet
import Foundation
import Hummingbird

/// Game data's caching headers as Blizzard sends them: `Last-Modified` and `Cache-Control: public, max-age=…` on
/// every game-data answer with data, and 304 Not Modified (no body) for an `If-Modified-Since` not older than the
/// data. Counts `api.served` and `api.not_modified` for every API answer.
struct GameDataCacheMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let state: EmulatorState

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        guard EmulatorAPILimits.isAPI(path) else { return try await next(request, context) }
        var response = try await next(request, context)
        guard response.status == .ok, EmulatorAPILimits.isGameData(path) else {
            if response.status == .ok { await state.increment("api.served") }
            return response
        }
        let modified = await state.lastModified()
        response.headers[.lastModified] = HTTPDate.format(modified)
        if response.headers[.cacheControl] == nil {  // StarCraft II's ladders send their own, as recorded
            response.headers[.cacheControl] = "public, max-age=\(state.configuration.apiLimits.gameDataMaxAge)"
        }
        if let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.parse), since >= modified {
            await state.increment("api.not_modified")
            var headers = response.headers
            headers[.contentType] = nil
            headers[.contentLength] = nil
            return Response(status: .notModified, headers: headers)
        }
        await state.increment("api.served")
        return response
    }
}
