import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import RelayCore

/// `POST /oauth/revoke`: token revocation (RFC 7009) for the relay's apps. The apps are public clients and
/// Battle.net's revocation endpoint wants the client the token was issued to, which is the relay's, so the relay
/// forwards the token with its own credentials. Tokens Battle.net does not know are answered 200 as well
/// (section 2.2). No token is logged.
struct RevocationController {
    let apps: AppRegistry
    let metrics: RelayMetrics
    let oauth: OAuthClient
    let limit: RateLimiter

    func register(on router: Router<RelayContext>) {
        router.post("oauth/revoke") { request, context in try await revoke(request, context) }
    }

    private func revoke(_ request: Request, _ context: RelayContext) async throws -> Response {
        var request = request
        let form = try await request.oauthForm(context: context)
        let clientID = try ClientAuthentication.requiredClientID(form: form, headers: request.headers)
        guard await limit.allow(context.clientNetwork) else {
            metrics.increment(.throttled, "revocation")
            throw Refusal("slow_down", "Too many revocations from this address; wait a minute.", status: 429)
        }
        guard apps.app(named: clientID) != nil else {
            throw Refusal("invalid_client", "This relay serves no app named \(clientID.prefix(64)).", status: 401)
        }
        guard let token = form.value("token"), !token.isEmpty else {
            throw Refusal("invalid_request", "token is missing: send the access token to revoke.")
        }
        guard token.utf8.count <= 4096 else {
            throw Refusal("invalid_request", "token is too long to be a Battle.net access token.")
        }
        do {
            try await oauth.revoke(token: token)
        } catch BattleNetError.oauth(let error) where ![401, 403, 429].contains(error.status) {
            // Battle.net refused the token itself (unknown, expired, malformed): nothing is left to revoke.
        } catch {
            context.logger.warning(
                "token revocation at Battle.net failed", metadata: [LogKey.errorReason: "\(Self.reason(error))"])
            throw Refusal(
                "temporarily_unavailable", "Battle.net could not be asked to revoke the token; try again in a minute.",
                status: 503)
        }
        return Response(status: .ok)
    }

    /// Why the call failed, without the token: the error's kind and status only.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case BattleNetError.oauth(let error): "Battle.net refused the relay's client (\(error.error), HTTP \(error.status))"
        case let error as BattleNetError: error.description
        default: "\(type(of: error))"
        }
    }
}
