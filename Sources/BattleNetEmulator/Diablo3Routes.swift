import BattleNet
import Foundation
import HTTPTypes
import Hummingbird

/// The Diablo III profile endpoints, with Bearer authentication as the API gateway requires; the community and
/// game-data endpoints are in `Diablo3DataRoutes.swift`.
struct Diablo3Routes {
    let state: EmulatorState

    func register(on router: Router<BasicRequestContext>) {
        router.get("d3/profile/:account") { request, context in
            await authorized(request) { try await profile(context).profile }
        }
        router.get("d3/profile/:account/hero/:hero") { request, context in
            await authorized(request) { try await hero(context).hero }
        }
        router.get("d3/profile/:account/hero/:hero/items") { request, context in
            await authorized(request) { try await hero(context).items }
        }
        router.get("d3/profile/:account/hero/:hero/follower-items") { request, context in
            await authorized(request) { try await hero(context).followerItems }
        }
        registerData(on: router)
    }

    /// A resource that does not exist, answered as `notFoundStyle` says.
    struct NotFound: Error {
        var reason: String
    }

    /// Checks the Bearer token, then answers `body` as JSON with `headers`, or Blizzard's error.
    func authorized(
        _ request: Request, headers: HTTPFields = [:], _ body: () async throws -> Data
    ) async -> Response {
        await state.increment("d3")
        if request.queryPairs?.value("access_token") != nil || request.headers[.authorization] == nil {
            return .gatewayError(.unauthorized)
        }
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer "),
            await state.validToken(String(header.dropFirst(7))) != nil
        else {
            return .gatewayError(.unauthorized)
        }
        do {
            return .json(.ok, try await body(), headers: headers)
        } catch let error as NotFound {
            switch state.configuration.notFoundStyle {
            case .gateway404: return .gatewayError(.notFound)
            case .legacy200: return .json(.ok, ["code": "NOTFOUND", "reason": error.reason])
            }
        } catch {
            return .gatewayError(.internalServerError)
        }
    }

    private func profile(_ context: BasicRequestContext) async throws -> EmulatorPlayer {
        guard let raw = context.parameters.get("account"), let decoded = raw.removingPercentEncoding,
            let tag = try? BattleTag(parsing: decoded), let player = await state.player(battleTag: tag)
        else { throw NotFound(reason: "The account could not be found.") }
        return player
    }

    private func hero(_ context: BasicRequestContext) async throws -> EmulatorPlayer.HeroDocuments {
        let player = try await profile(context)
        guard let id = context.parameters.get("hero", as: Int.self), let hero = player.heroes[id] else {
            throw NotFound(reason: "The hero could not be found.")
        }
        return hero
    }
}
