import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// `POST /oauth/token`: the device access token request (RFC 8628 section 3.4) with the long-poll extension.
struct TokenController {
    static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"

    let service: LoginService

    func register(on router: Router<RelayContext>) {
        router.post("oauth/token") { request, context in try await token(request, context) }
    }

    private func token(_ request: Request, _ context: RelayContext) async throws -> Response {
        var request = request
        let interval = service.settings.pollInterval
        guard let form = try await request.formPairs(context: context) else {
            return error(.init("invalid_request", "The body must be application/x-www-form-urlencoded."), interval)
        }
        if let duplicate = form.duplicateName {
            return error(.init("invalid_request", "Parameter \(duplicate.prefix(32)) was sent more than once."), interval)
        }
        guard form.value("grant_type") == Self.deviceCodeGrant else {
            return error(.init("unsupported_grant_type", "Only grant_type=\(Self.deviceCodeGrant) is supported."), interval)
        }
        let clientID: String?
        switch ClientAuthentication.clientID(form: form, headers: request.headers) {
        case .success(let named): clientID = named
        case .failure(let refusal): return error(refusal, interval)
        }
        guard let deviceCode = form.value("device_code"), !deviceCode.isEmpty else {
            return error(.init("invalid_request", "device_code is missing: send the one the device authorization response gave."), interval)
        }
        guard deviceCode.utf8.count <= 256 else {
            return error(.init("invalid_request", "device_code is too long to be one this relay issued."), interval)
        }
        var wait: Int?
        if let text = form.value("wait") {
            guard let seconds = Int(text), seconds >= 0 else {
                return error(.init("invalid_request", "wait must be a whole number of seconds."), interval)
            }
            wait = seconds
        }
        switch await service.poll(deviceCode: deviceCode, clientID: clientID, wait: wait, network: context.clientNetwork) {
        case .token(let token):
            var body: JSONBody = [
                "access_token": .string(token.value), "token_type": .string(token.tokenType),
                "expires_in": .int(max(0, Int(token.expiresAt.timeIntervalSinceNow))),
                "region": .string(service.settings.region.rawValue),
                "regions": .strings(service.settings.region.tokenRegions.map(\.rawValue)),
            ]
            if !token.scopes.isEmpty { body["scope"] = .string(token.scopes.joined(separator: " ")) }
            if let tag = token.battleTag { body["battletag"] = .string(tag.description) }
            if let account = token.accountID { body["account_id"] = .int(account) }
            return .json(.ok, body, headers: [.cacheControl: "no-store", .pragma: "no-cache"])
        case .error(let refusal, let interval):
            return error(refusal, interval)
        }
    }

    private func error(_ refusal: LoginService.Refusal, _ interval: Int) -> Response {
        var headers: HTTPFields = [.cacheControl: "no-store", .pragma: "no-cache"]
        if refusal.status == .unauthorized { headers[.wwwAuthenticate] = #"Basic realm="bnet-relay""# }
        return .jsonError(
            refusal.status, refusal.error, refusal.description, extra: ["interval": .int(interval)],
            headers: headers)
    }
}
