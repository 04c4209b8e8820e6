import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// OpenID Connect's userinfo endpoint, `GET` or `POST /oauth/userinfo` with the Battle.net token the relay handed
/// out as `Authorization: Bearer` (RFC 6750 section 2.1): `sub` and `battle_tag`, as the relay's `id_token` names
/// them. Only a live token of the relay's own is asked about at Battle.net (``LoginService/userInfo(accessToken:)``);
/// requests share the per-network budget of revocation requests, the other endpoint that takes a token.
struct UserInfoController {
    let logins: LoginService
    let limits: PrefixRateLimits
    let metrics: RelayMetrics

    func register(on router: Router<RelayContext>) {
        router.get("oauth/userinfo") { request, context in try await userInfo(request, context) }
        router.post("oauth/userinfo") { request, context in try await userInfo(request, context) }
    }

    private func userInfo(_ request: Request, _ context: RelayContext) async throws -> Response {
        guard let token = Self.bearerToken(request.headers[.authorization]) else {
            return try Refusal(
                .invalidRequest, "Send the access token as Authorization: Bearer TOKEN (RFC 6750 section 2.1).", status: 401
            ).response(headers: [.wwwAuthenticate: #"Bearer realm="bnet-relay""#])
        }
        if let throttle = await limits.refusal(clientAddress: context.clientAddress) {
            metrics.count(throttle)
            throw throttle.refusal!
        }
        switch await logins.userInfo(accessToken: token) {
        case .player(let sub, let battleTag):
            return .json(
                .ok, ["sub": .string(sub), "battle_tag": .string(battleTag)],
                headers: [.cacheControl: "no-store", .pragma: "no-cache"])
        case .notIssued, .invalidToken:
            return try Refusal(
                .invalidToken,
                "This token is not one the relay handed out, or it expired or was revoked: sign in again.", status: 401
            ).response(headers: [.wwwAuthenticate: #"Bearer realm="bnet-relay", error="invalid_token""#])
        case .unavailable:
            throw Refusal(.temporarilyUnavailable, "Battle.net or the relay's database cannot answer now; try again in a minute.", status: 503)
        }
    }

    /// The token of an `Authorization: Bearer` header (the scheme is case-insensitive), bounded like the token
    /// revocation takes; nil when there is none.
    static func bearerToken(_ header: String?) -> String? {
        guard let header, header.utf8.count <= 4096 else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
