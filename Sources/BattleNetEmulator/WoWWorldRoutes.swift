import BattleNet
import Foundation
import HTTPTypes
import Hummingbird

/// World of Warcraft's game data as the gateway answers it: realms, connected realms, the WoW Token, the auction
/// house, Mythic+ leaderboards and affixes. Any valid token; each family in the namespace Blizzard documents for it
/// (dynamic, or static for the affixes), in any game's (`dynamic-classicann-eu`), the gateway's 404 otherwise. The
/// recordings (EU's realm and connected-realm indexes, Aggramar, connected realm 509 and its Atal'Dazar board, EU's
/// token and affixes, US commodities and connected realm 4's auctions) are served byte for byte in their region;
/// every game and region also has the emulator's own realms (`WoWWorldDocuments`); the region-wide answers (token,
/// commodities, affixes) are the recording with the region's host and namespace elsewhere. Mythic+, the token,
/// commodities and auctions are retail's (the token also progression Classic's); the other games answer 404 there,
/// as Blizzard does for paths of another game.
struct WoWWorldRoutes {
    let state: EmulatorState

    /// A request's game and region, and the namespace asked.
    private struct Asked {
        var game: EmulatorWoWGame
        var region: String
        var namespace: String

        var documents: WoWWorldDocuments { WoWWorldDocuments(game: game, region: region) }
        var isRetail: Bool { game == .retail }
    }

    /// The recorded realm Aggramar (EU), with the connected realm its recording names.
    static let aggramar = EmulatorWoWRealm(id: 500, slug: "aggramar", name: "Aggramar", connectedRealmID: 1325)

    func register(on router: Router<BasicRequestContext>) {
        router.get("data/wow/realm/index") { request, _ in
            await answer(request) { asked in
                recorded(asked, "eu", EmulatorSamples.wowRealmIndex) ?? asked.documents.realmIndex().data
            }
        }
        router.get("data/wow/realm/:slug") { request, context in
            let slug = (context.parameters.get("slug") ?? "").lowercased()
            return await answer(request) { asked in
                if slug == "aggramar", let body = recorded(asked, "eu", EmulatorSamples.wowRealmAggramar) { return body }
                return asked.documents.realms.first { $0.slug == slug }.map { asked.documents.realm($0).data }
            }
        }
        router.get("data/wow/connected-realm/index") { request, _ in
            await answer(request) { asked in
                recorded(asked, "eu", EmulatorSamples.wowConnectedRealmIndex) ?? asked.documents.connectedRealmIndex().data
            }
        }
        router.get("data/wow/connected-realm/:id") { request, context in
            let id = context.parameters.get("id", as: Int.self)
            return await answer(request) { asked in
                if id == 509, let body = recorded(asked, "eu", EmulatorSamples.wowConnectedRealm509) { return body }
                // Aggramar's recording names connected realm 1325, of which there is none: it gets a generated one.
                if id == Self.aggramar.connectedRealmID, asked.isRetail, asked.region == "eu" {
                    return asked.documents.connectedRealm(Self.aggramar).data
                }
                return asked.documents.realms.first { $0.id == id }.map { asked.documents.connectedRealm($0).data }
            }
        }
        router.get("data/wow/token/index") { request, _ in
            await answer(request) { asked in
                guard asked.game == .retail || asked.game == .classic else { return nil }
                return regional(asked, EmulatorSamples.wowToken, recordedIn: "eu")
            }
        }
        router.get("data/wow/auctions/commodities") { request, _ in
            await answer(request) { asked in
                asked.isRetail ? regional(asked, EmulatorSamples.wowCommodities, recordedIn: "us") : nil
            }
        }
        router.get("data/wow/connected-realm/:id/auctions") { request, context in
            let id = context.parameters.get("id", as: Int.self)
            return await answer(request) { asked in
                guard asked.isRetail else { return nil }
                if id == 4, let body = recorded(asked, "us", EmulatorSamples.wowAuctionsConnectedRealm4) { return body }
                return asked.documents.realms.first { $0.id == id }.map { asked.documents.auctions($0) }
            }
        }
        router.get("data/wow/keystone-affix/index") { request, _ in
            await answer(request, kind: "static") { asked in
                asked.isRetail ? regional(asked, EmulatorSamples.wowKeystoneAffixIndex, recordedIn: "eu") : nil
            }
        }
        router.get("data/wow/connected-realm/:id/mythic-leaderboard/:dungeon/period/:period") { request, context in
            let (id, dungeon, period) = (
                context.parameters.get("id", as: Int.self), context.parameters.get("dungeon", as: Int.self),
                context.parameters.get("period", as: Int.self))
            return await answer(request) { asked in
                guard asked.isRetail, let id, let dungeon, let period else { return nil }
                if (id, dungeon, period) == (509, 244, 682),
                    let body = recorded(asked, "eu", EmulatorSamples.wowMythicLeaderboard)
                {
                    return body
                }
                guard asked.documents.realms.contains(where: { $0.id == id }) else { return nil }
                return leaderboard(asked, connectedRealm: id, dungeon: dungeon, period: period)
            }
        }
    }

    /// Checks the token and the namespace of `kind`, then answers `body`'s bytes; nil is the gateway's 404.
    private func answer(_ request: Request, kind: String = "dynamic", _ body: (Asked) -> Data?) async -> Response {
        await state.increment("wow")
        if case .failure(let refusal) = await GameRequest.token(request, state: state) { return refusal.response }
        let query = request.queryPairs ?? []
        guard let namespace = query.value("namespace") ?? request.headers[.battlenetNamespace],
            let (game, region) = EmulatorWoWGame.parse(namespace, kind: kind)
        else { return .gatewayError(.notFound) }
        let asked = Asked(game: game, region: region, namespace: namespace)
        let answered = kind == "static" ? game.staticNamespace(region) : namespace
        guard let data = body(asked) else { return .gatewayError(.notFound, headers: [.battlenetNamespace: answered]) }
        return .json(.ok, data, headers: [.battlenetNamespace: answered])
    }

    /// The recording `name` when the request is retail's in `region`.
    private func recorded(_ asked: Asked, _ region: String, _ name: String) -> Data? {
        guard asked.isRetail, asked.region == region else { return nil }
        return try? EmulatorSamples.data(named: name)
    }

    /// A region-wide recording: as recorded in `recordedIn`, elsewhere with the asked region's host and namespaces.
    private func regional(_ asked: Asked, _ name: String, recordedIn region: String) -> Data? {
        if asked.game == .retail, asked.region == region { return try? EmulatorSamples.data(named: name) }
        guard let data = try? EmulatorSamples.data(named: name) else { return nil }
        return RetargetedWoW.regional(data, game: asked.game, region: asked.region)
    }

    /// Connected realm 509's Atal'Dazar board (recorded), as the board of `dungeon` in `period` on `connectedRealm`.
    private func leaderboard(_ asked: Asked, connectedRealm: Int, dungeon: Int, period: Int) -> Data? {
        guard let data = try? EmulatorSamples.data(named: EmulatorSamples.wowMythicLeaderboard),
            let regional = RetargetedWoW.regional(data, game: asked.game, region: asked.region),
            var text = String(data: regional, encoding: .utf8)
        else { return nil }
        for (pattern, template) in [
            ("/connected-realm/509([/?])", "/connected-realm/\(connectedRealm)$1"),
            ("/mythic-leaderboard/244/period/682\\?", "/mythic-leaderboard/\(dungeon)/period/\(period)?"),
            ("\"period\":682,", "\"period\":\(period),"), ("\"map_challenge_mode_id\":244,", "\"map_challenge_mode_id\":\(dungeon),"),
        ] {
            text = text.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        return Data(text.utf8)
    }
}
