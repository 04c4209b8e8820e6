import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import RelayCore

/// `POST /oauth/revoke`: token revocation (RFC 7009) for the relay's apps. The apps are public clients and
/// Battle.net's revocation endpoint wants the client the token was issued to, which is the relay's, so the relay
/// forwards the token with its own credentials, but only a token it handed out itself (``TokenRevoker``); every
/// other token is answered 200 without a call (section 2.2). Requests are limited per client network at the widths
/// of login starts (``PrefixRateLimits``). No token is logged.
struct RevocationController {
    let apps: AppRegistry
    let revoker: TokenRevoker
    let limits: PrefixRateLimits
    let metrics: RelayMetrics

    func register(on router: Router<RelayContext>) {
        router.post("oauth/revoke") { request, context in try await revoke(request, context) }
    }

    private func revoke(_ request: Request, _ context: RelayContext) async throws -> Response {
        var request = request
        let form = try await request.oauthForm(context: context)
        let clientID = try ClientAuthentication.requiredClientID(form: form, headers: request.headers)
        if let throttle = await limits.refusal(clientAddress: context.clientAddress) {
            metrics.count(throttle)
            throw throttle.refusal!
        }
        guard apps.app(named: clientID) != nil else {
            throw Refusal(.invalidClient, "This relay serves no app named \(clientID.prefix(64)).", status: 401)
        }
        guard let token = form.value("token"), !token.isEmpty else {
            throw Refusal(.invalidRequest, "token is missing: send the access token to revoke.")
        }
        guard token.utf8.count <= 4096 else {
            throw Refusal(.invalidRequest, "token is too long to be a Battle.net access token.")
        }
        try await revoker.revoke(token, network: context.clientNetwork, logger: context.logger)
        return Response(status: .ok)
    }
}
