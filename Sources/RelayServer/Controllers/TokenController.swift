import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// `POST /oauth/token`: the device access token request (RFC 8628 section 3.4) with the long-poll extension.
struct TokenController {
    static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"

    let logins: LoginService
    let settings: RelaySettings

    func register(on router: Router<RelayContext>) {
        router.post("oauth/token") { request, context in try await token(request, context) }
    }

    /// Every refusal carries the polling interval; a login's own replaces the default once the login is known.
    private func token(_ request: Request, _ context: RelayContext) async throws -> Response {
        do {
            return try await answer(request, context)
        } catch let refusal as Refusal where refusal.interval == nil {
            throw refusal.with(interval: settings.pollInterval)
        }
    }

    /// What a poll needs of its request, and nothing more: a held long-poll keeps this across its wait, not the body
    /// or the decoded form (the request's head is bounded separately, see ``RequestGate/maxOAuthHeaderBytes``).
    private struct PollRequest: Sendable {
        var deviceCode: String
        var clientID: String?
        var wait: Int?
        var callbackCode: String?
    }

    private func answer(_ request: Request, _ context: RelayContext) async throws -> Response {
        let poll = try await Self.read(request, context)
        switch await logins.poll(
            deviceCode: poll.deviceCode, clientID: poll.clientID, wait: poll.wait, network: context.clientNetwork,
            callbackCode: poll.callbackCode)
        {
        case .token(let token):
            let body = TokenResponse(
                token: token, expiresIn: max(0, Int(token.expiresAt.timeIntervalSinceNow)),
                region: settings.region.rawValue, regions: settings.region.tokenRegions.map(\.rawValue))
            return try .json(.ok, message: body, headers: [.cacheControl: "no-store", .pragma: "no-cache"])
        case .error(let refusal):
            throw refusal
        }
    }

    /// Reads and checks the token request's form; the body and the form end with this call.
    private static func read(_ request: Request, _ context: RelayContext) async throws -> PollRequest {
        var request = request
        let form = try await request.oauthForm(context: context)
        guard form.value("grant_type") == Self.deviceCodeGrant else {
            throw Refusal(.unsupportedGrantType, "Only grant_type=\(Self.deviceCodeGrant) is supported.")
        }
        let clientID = try ClientAuthentication.clientID(form: form, headers: request.headers)
        guard let deviceCode = form.value("device_code"), !deviceCode.isEmpty else {
            throw Refusal(.invalidRequest, "device_code is missing: send the one the device authorization response gave.")
        }
        guard deviceCode.utf8.count <= 256 else {
            throw Refusal(.invalidRequest, "device_code is too long to be one this relay issued.")
        }
        var wait: Int?
        if let text = form.value("wait") {
            guard let seconds = Int(text), seconds >= 0 else {
                throw Refusal(.invalidRequest, "wait must be a whole number of seconds.")
            }
            wait = seconds
        }
        let callbackCode = form.value("callback_code")
        guard (callbackCode?.utf8.count ?? 0) <= 256 else {
            throw Refusal(.invalidRequest, "callback_code is too long to be one this relay issued.")
        }
        return PollRequest(deviceCode: deviceCode, clientID: clientID, wait: wait, callbackCode: callbackCode)
    }
}
