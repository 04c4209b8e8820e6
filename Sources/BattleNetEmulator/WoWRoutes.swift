import BattleNet
import Foundation
import HTTPTypes
import Hummingbird

/// World of Warcraft's profile endpoints as the API gateway answers them: the account endpoints
/// (`/profile/user/wow…`) need a player's token with `wow.profile` (an application token or one without the
/// scope gets the gateway's 403), the public character profile any valid token; every call names a profile
/// namespace (`profile-us`, `profile-classic-eu`, `profile-classic1x-kr`) in the `namespace` query or the
/// `Battlenet-Namespace` header, and gets the gateway's 404 without one.
struct WoWRoutes {
    let state: EmulatorState

    func register(on router: Router<BasicRequestContext>) {
        router.get("profile/user/wow") { request, _ in
            await account(request, path: "") { documents, accountID, account in
                documents.accountProfile(accountID: accountID, account: account)
            }
        }
        router.get("profile/user/wow/protected-character/:id") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await account(request, path: "protected-character/\(id)") { documents, _, account in
                for licence in account.licences {
                    if let character = licence.characters.first(where: { "\($0.realm.id)-\($0.id)" == id }) {
                        return documents.protectedCharacter(character, licence: licence.id)
                    }
                }
                return nil
            }
        }
        router.get("profile/user/wow/collections") { request, _ in
            await account(request, path: "collections") { documents, _, account in documents.collectionsIndex(account) }
        }
        router.get("profile/user/wow/collections/:kind") { request, context in
            let kind = context.parameters.get("kind") ?? ""
            return await account(request, path: "collections/\(kind)") { documents, _, account in
                documents.collection(kind, account)
            }
        }
        router.get("profile/wow/character/:realm/:name") { request, context in
            await character(
                request, realm: context.parameters.get("realm") ?? "",
                name: (context.parameters.get("name") ?? "").removingPercentEncoding ?? "")
        }
    }

    /// An account endpoint: the recorded answer for `path` if the account has one, else `body`'s; nil is a 404.
    private func account(
        _ request: Request, path: String,
        _ body: (WoWDocuments, Int, EmulatorWoWAccount) -> OrderedJSON?
    ) async -> Response {
        await state.increment("wow")
        let token: EmulatorState.IssuedToken
        switch await GameRequest.token(request, state: state) {
        case .success(let valid): token = valid
        case .failure(let refusal): return refusal.response
        }
        guard let found = GameRequest.wowDocuments(request) else { return .gatewayError(.notFound) }
        let (documents, namespace) = found
        guard let accountID = token.accountID, token.scopes.contains("wow.profile") else {
            return .gatewayError(.forbidden)
        }
        let account = state.configuration.games.wowAccount(accountID: accountID, game: documents.game)
        let headers: HTTPFields = [.battlenetNamespace: namespace]
        if let recorded = account.recorded[path] { return .json(.ok, recorded, headers: headers) }
        guard let answer = body(documents, accountID, account) else { return .gatewayError(.notFound) }
        return .json(.ok, answer.data, headers: headers)
    }

    /// The public character profile: any character of any account the emulator knows, by realm slug and name.
    private func character(_ request: Request, realm: String, name: String) async -> Response {
        await state.increment("wow")
        if case .failure(let refusal) = await GameRequest.token(request, state: state) { return refusal.response }
        guard let found = GameRequest.wowDocuments(request) else { return .gatewayError(.notFound) }
        let (documents, namespace) = found
        guard let character = state.configuration.wowCharacter(realmSlug: realm, name: name, game: documents.game) else {
            return .gatewayError(.notFound)
        }
        return .json(.ok, documents.characterProfile(character).data, headers: [.battlenetNamespace: namespace])
    }
}

/// What the game routes share: the Bearer check and the namespace.
enum GameRequest {
    /// A refused request, answered as the gateway does.
    struct Refusal: Error {
        var response: Response
    }

    /// The request's valid Bearer token, or the gateway's 401 (also for a token in the query, which the gateway
    /// no longer accepts).
    static func token(_ request: Request, state: EmulatorState) async -> Result<EmulatorState.IssuedToken, Refusal> {
        guard request.queryPairs?.value("access_token") == nil, let header = request.headers[.authorization],
            header.lowercased().hasPrefix("bearer "),
            let token = await state.validToken(String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        else { return .failure(Refusal(response: .gatewayError(.unauthorized))) }
        return .success(token)
    }

    /// The documents of the request's profile namespace (query `namespace`, else the `Battlenet-Namespace`
    /// header), with names localised when no `locale` was sent; nil when there is no valid profile namespace.
    static func wowDocuments(_ request: Request) -> (WoWDocuments, String)? {
        let query = request.queryPairs ?? []
        guard let namespace = query.value("namespace") ?? request.headers[.battlenetNamespace],
            let parsed = EmulatorWoWGame.parse(profileNamespace: namespace)
        else { return nil }
        return (WoWDocuments(game: parsed.game, region: parsed.region, localized: query.value("locale") == nil), namespace)
    }
}
