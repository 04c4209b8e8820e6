import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// `POST /oauth/token`: the device access token request (RFC 8628 section 3.4) with the long-poll extension, and
/// the authorization code grant of the authorization endpoint's logins (RFC 6749 section 4.1.3, RFC 7636).
struct TokenController {
    static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"
    static let authorizationCodeGrant = "authorization_code"

    let logins: LoginService
    let settings: RelaySettings
    let signer: IDTokenSigner
    let revoker: TokenRevoker

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

    /// What a code redemption needs of its request.
    private struct CodeRequest: Sendable {
        var clientID: String
        var code: String
        var redirectURI: String?
        var verifier: String?
    }

    private enum Grant {
        case poll(PollRequest)
        case code(CodeRequest)
    }

    private func answer(_ request: Request, _ context: RelayContext) async throws -> Response {
        let poll: PollRequest
        switch try await Self.read(request, context) {
        case .code(let code): return try await redeem(code, context)
        case .poll(let request): poll = request
        }
        switch await logins.poll(
            deviceCode: poll.deviceCode, clientID: poll.clientID, wait: poll.wait, network: context.clientNetwork,
            callbackCode: poll.callbackCode)
        {
        case .token(let token, let login):
            return try tokenResponse(token, idToken: try idToken(token, login: login), tokenType: token.tokenType)
        case .error(let refusal):
            throw refusal
        }
    }

    /// The token answer: `Cache-Control: no-store`, `expires_in` what is left of Battle.net's lifetime (at least 1),
    /// an `id_token` when there is one, `token_type` as given.
    private func tokenResponse(_ token: AccessToken, idToken: String?, tokenType: String) throws -> Response {
        var body = TokenResponse(
            token: token, expiresIn: max(1, Int(token.expiresAt.timeIntervalSince(logins.now()))),
            region: settings.region.rawValue, regions: settings.region.tokenRegions.map(\.rawValue))
        body.tokenType = tokenType
        body.idToken = idToken
        return try .json(.ok, message: body, headers: [.cacheControl: "no-store", .pragma: "no-cache"])
    }

    /// `grant_type=authorization_code` of a public client: `client_id` in the body or as Basic with an empty
    /// password, the code, the `redirect_uri` of the request and the PKCE `code_verifier`.
    private func redeem(_ request: CodeRequest, _ context: RelayContext) async throws -> Response {
        switch await logins.redeem(
            code: request.code, clientID: request.clientID, redirectURI: request.redirectURI, verifier: request.verifier,
            network: context.clientNetwork)
        {
        case .token(let token, let login):
            // `Bearer` as RFC 6750 spells it, which some stock clients compare exactly.
            return try tokenResponse(token, idToken: try idToken(token, login: login), tokenType: "Bearer")
        case .replayed(let token):
            if let token { _ = try? await revoker.revoke(token.value, logger: context.logger) }
            throw Refusal(.invalidGrant, "This code was already used: the token issued with it is revoked. Start a new authorization request.")
        case .refused(let refusal):
            throw refusal
        }
    }

    /// The `id_token` of a login that was granted `openid` (OpenID Connect Core section 2), signed by the relay: the
    /// authorization code grant's and the device grant's alike.
    private func idToken(_ token: AccessToken, login: Login) throws -> String? {
        guard token.scopes.contains("openid") || (token.scopes.isEmpty && login.scopes.contains("openid")),
            let accountID = token.accountID ?? login.accountID
        else { return nil }
        let now = Int(logins.now().timeIntervalSince1970)
        return try signer.sign(IDTokenSigner.Claims(
            iss: settings.issuer, sub: String(accountID), aud: login.app, exp: now + Int(IDTokenSigner.lifetime), iat: now,
            authTime: Int(login.updatedAt.timeIntervalSince1970), nonce: login.authorizationRequest?.nonce,
            atHash: IDTokenSigner.accessTokenHash(token.value), battleTag: token.battleTag?.description ?? login.battleTag))
    }

    /// Reads and checks the token request's form; the body and the form end with this call.
    private static func read(_ request: Request, _ context: RelayContext) async throws -> Grant {
        var request = request
        let form = try await request.oauthForm(context: context)
        switch form.value("grant_type") {
        case Self.authorizationCodeGrant:
            guard let code = form.value("code"), !code.isEmpty else {
                throw Refusal(.invalidRequest, "code is missing: send the code the redirect carried.")
            }
            return .code(CodeRequest(
                clientID: try ClientAuthentication.requiredClientID(form: form, headers: request.headers), code: code,
                redirectURI: form.value("redirect_uri"), verifier: form.value("code_verifier")))
        case Self.deviceCodeGrant:
            return .poll(try pollRequest(form, request.headers))
        default:
            throw Refusal(
                .unsupportedGrantType,
                "Only grant_type=\(Self.deviceCodeGrant) and grant_type=\(Self.authorizationCodeGrant) are supported.")
        }
    }

    /// A device grant's form, checked.
    private static func pollRequest(_ form: [(String, String)], _ headers: HTTPFields) throws -> PollRequest {
        let clientID = try ClientAuthentication.clientID(form: form, headers: headers)
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
