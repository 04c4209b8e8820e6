import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import RelayCore

/// The authorization endpoint, `GET`/`POST /oauth/authorize` (RFC 6749 section 4.1.1 with PKCE, RFC 7636; RFC 8252
/// for native apps; OpenID Connect Core section 3.1.2), and its consent page's `POST /oauth/authorize/consent`.
///
/// A request that names no registered app or no registered `redirect_uri` gets a page and is never redirected;
/// every other error goes back to the `redirect_uri` with `error`, `state` and `iss` (RFC 9207).
struct AuthorizeController {
    let logins: LoginService
    let apps: AppRegistry
    let settings: RelaySettings
    let metrics: RelayMetrics
    let startLimit: PrefixRateLimits
    let revoker: TokenRevoker
    let pages: PageRenderer
    let cookies: BrowserCookies

    func register(on router: Router<RelayContext>) {
        let pageRoutes = router.group().add(middleware: PageRefusalMiddleware(pages: pages))
        pageRoutes.get("oauth/authorize") { request, context in
            try await authorize(request.queryPairs, request, context)
        }
        pageRoutes.post("oauth/authorize") { request, context in
            var request = request
            return try await authorize(try await request.formPairs(context: context), request, context)
        }
        pageRoutes.post("oauth/authorize/consent") { request, context in try await consent(request, context) }
    }

    // MARK: The request

    private func authorize(_ pairs: [(String, String)]?, _ request: Request, _ context: RelayContext) async throws -> Response {
        let language = PageLanguage(request: request.headers)
        guard let pairs else { return page(AuthorizePages.malformed(language, reason: "the parameters are not valid form encoding."), .badRequest) }
        let parameters = Parameters(pairs)
        guard case .value(let clientID?) = parameters["client_id"], let app = apps.app(named: clientID) else {
            metrics.refused.increment(.authorizeUnknownClient)
            return page(AuthorizePages.refused(language, \.authorizeUnknownClient), .badRequest)
        }
        guard case .value(let redirectURI?) = parameters["redirect_uri"], app.redirect(matching: redirectURI) != nil else {
            metrics.refused.increment(.authorizeRedirectURI)
            return page(AuthorizePages.refused(language, \.authorizeBadRedirect), .badRequest)
        }
        let state: String?
        switch parameters["state"] {
        case .value(let value): state = value
        case .conflicting: state = nil
        }
        do {
            let authorization = try checked(parameters, redirectURI: redirectURI, state: state)
            if let throttle = await startLimit.refusal(clientAddress: context.clientAddress) {
                metrics.count(throttle)
                throw throttle.refusal!
            }
            guard case .value(let scope) = parameters["scope"] else { throw Refusal(.invalidRequest, "scope was sent more than once.") }
            let started = try await logins.startAuthorization(
                app: app, scope: scope, request: authorization, network: ClientKeys(address: context.clientAddress).allocation)
            return toBattleNet(started)
        } catch let refusal as Refusal {
            return .redirect(location: logins.location(
                AuthorizationRequest(redirectURI: redirectURI, state: state, codeChallenge: "", nonce: nil),
                [("error", refusal.error.rawValue), ("error_description", refusal.description)]))
        }
    }

    /// The request's PKCE, `response_type`, `nonce` and `prompt`, checked; a ``Refusal`` for the app otherwise.
    private func checked(_ parameters: Parameters, redirectURI: String, state: String?) throws(Refusal) -> AuthorizationRequest {
        func single(_ name: String) throws(Refusal) -> String? {
            guard case .value(let value) = parameters[name] else { throw Refusal(.invalidRequest, "\(name) was sent more than once.") }
            return value
        }
        guard parameters["state"] != .conflicting else { throw Refusal(.invalidRequest, "state was sent more than once.") }
        guard (state?.utf8.count ?? 0) <= 512 else { throw Refusal(.invalidRequest, "state is longer than 512 bytes.") }
        guard let responseType = try single("response_type") else {
            throw Refusal(.invalidRequest, "response_type is missing: this relay serves response_type=code.")
        }
        guard responseType == "code" else {
            throw Refusal(.unsupportedResponseType, "Only response_type=code is served (with PKCE).")
        }
        guard let challenge = try single("code_challenge") else {
            throw Refusal(.invalidRequest, "code_challenge is missing: PKCE (RFC 7636) with S256 is required of every app.")
        }
        guard try single("code_challenge_method") == "S256" else {
            throw Refusal(.invalidRequest, "code_challenge_method must be S256; plain is not accepted (RFC 9700 section 2.1.1).")
        }
        guard AuthorizationRequest.isWellFormed(challenge) else {
            throw Refusal(.invalidRequest, "code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (a base64url SHA-256).")
        }
        let nonce = try single("nonce")
        guard (nonce?.utf8.count ?? 0) <= 512 else { throw Refusal(.invalidRequest, "nonce is longer than 512 bytes.") }
        if try single("prompt")?.split(separator: " ").contains("none") == true {
            // Every sign-in of a public client shows the relay's consent page (RFC 8252 section 8.6).
            throw Refusal(.interactionRequired, "This relay always asks the person on its own page: prompt=none cannot be honoured.")
        }
        return AuthorizationRequest(redirectURI: redirectURI, state: state, codeChallenge: challenge, nonce: nonce)
    }

    /// On to Battle.net, the browser now holding the login's binding and its code.
    private func toBattleNet(_ started: LoginService.AuthorizationStart) -> Response {
        let maxAge = Int(started.login.expiresAt.timeIntervalSince(logins.now()).rounded(.up))
        var response = Response.redirect(location: started.authorization.url.absoluteString, status: .seeOther)
        response.headers.append(HTTPField(
            name: .setCookie,
            value: cookies.set(cookies.bindingName(loginID: started.login.id), started.authorization.browserBinding, maxAge: maxAge, sameSite: "Lax")))
        response.headers.append(HTTPField(
            name: .setCookie, value: cookies.set(cookies.codeName(loginID: started.login.id), started.code, maxAge: maxAge, sameSite: "Lax")))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    // MARK: Consent

    /// The consent page, shown after Battle.net approved (``CallbackController``): a nonce cookie for its form.
    static func consentPage(
        _ login: Login, battleTag: String?, language: PageLanguage, network: String?, now: Date, settings: RelaySettings,
        cookies: BrowserCookies, pages: PageRenderer
    ) -> Response {
        guard let returnURI = login.authorizationRequest?.redirectURI ?? login.returnURI else {
            return DevicePages.message(language, title: \.failedTitle, \.problemExchangeFailed).response(.internalServerError, renderer: pages)
        }
        let nonce = Identifiers.state()
        let origin = DevicePages.Origin(minutesAgo: 0, startNetwork: login.startNetwork, pageNetwork: network)
        let maxAge = Int(login.expiresAt.timeIntervalSince(now).rounded(.up))
        return AuthorizePages.consent(
            language, login: login, returnURI: returnURI, battleTag: battleTag, nonce: nonce, origin: origin,
            action: settings.url("oauth/authorize/consent").absoluteString
        ).response(
            .ok, renderer: pages, formAction: [AuthorizePages.formActionSource(returnURI)],
            headers: [
                .setCookie: cookies.set(cookies.confirmName(loginID: login.id), nonce, maxAge: maxAge, sameSite: "Strict"),
                .cacheControl: "no-store", .referrerPolicy: "same-origin",
            ])
    }

    private func consent(_ request: Request, _ context: RelayContext) async throws -> Response {
        var request = request
        let language = PageLanguage(request: request.headers)
        let expired = page(DevicePages.message(language, title: \.codeExpiredTitle, \.codeExpiredText), .gone)
        guard request.headers[.secFetchSite].map({ $0 == "same-origin" }) ?? true,
            request.headers[.origin].map({ $0 == settings.publicURL.webOrigin }) ?? true
        else {
            metrics.refused.increment(.crossSiteConsent)
            return page(DevicePages.message(language, title: \.crossSiteTitle, \.crossSiteText), .forbidden)
        }
        guard let form = try await request.formPairs(context: context), let loginID = form.value("login"),
            let nonce = form.value("confirm"),
            let cookie = BrowserCookies.value(cookies.confirmName(loginID: loginID), in: request.headers),
            Identifiers.constantTimeEquals(nonce, cookie)
        else {
            return expired
        }
        if let device = form.value("device") {
            return try await loopbackConsent(deviceCodeHash: device, loginID: loginID, notMe: form.value("action") == "not_me", language)
        }
        guard let code = BrowserCookies.value(cookies.codeName(loginID: loginID), in: request.headers).map(String.init),
            let login = try await logins.awaitingConsent(code: code), login.id == loginID,
            let authorization = login.authorizationRequest
        else {
            return expired
        }
        var response: Response
        if form.value("action") == "not_me" {
            if let token = try await logins.decline(login, code: code) {
                _ = try? await revoker.revoke(token.value, logger: context.logger)
            }
            if (try? RegisteredRedirect(validating: authorization.redirectURI))?.kind == .loopback {
                // A loopback return is this computer: its waiting client learns the sign-in ended (RFC 6749
                // section 4.1.2.1's access_denied, no code) instead of waiting out its bound.
                response = .redirect(location: logins.location(authorization, [
                    ("error", "access_denied"), ("error_description", "The person ended the sign-in on the relay's page."),
                ]), status: .seeOther)
                response.headers[.referrerPolicy] = "no-referrer"
            } else {
                response = page(DevicePages.message(language, title: \.endedTitle, \.endedText), .ok)
            }
        } else {
            guard try await logins.consent(login) else { return expired }
            response = .redirect(location: logins.location(authorization, [("code", code)]), status: .seeOther)
            response.headers[.referrerPolicy] = "no-referrer"
        }
        for name in [cookies.confirmName(loginID: login.id), cookies.codeName(loginID: login.id), cookies.bindingName(loginID: login.id)] {
            response.headers.append(HTTPField(name: .setCookie, value: cookies.expire(name)))
        }
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// The consent form of a device login with a loopback return (R5-1): Continue sends the browser to the loopback
    /// address with the callback code, "This wasn't me" ends the login.
    private func loopbackConsent(
        deviceCodeHash: String, loginID: String, notMe: Bool, _ language: PageLanguage
    ) async throws -> Response {
        let expired = page(DevicePages.message(language, title: \.codeExpiredTitle, \.codeExpiredText), .gone)
        guard let login = try await logins.awaitingLoopbackConsent(deviceCodeHash: deviceCodeHash), login.id == loginID
        else { return expired }
        var response: Response
        if notMe {
            guard try await logins.declineLoopback(login) else { return expired }
            response = page(DevicePages.message(language, title: \.endedTitle, \.endedText), .ok)
        } else {
            guard let location = logins.loopbackReturn(login) else { return expired }
            response = .redirect(location: location, status: .seeOther)
            response.headers[.referrerPolicy] = "no-referrer"
        }
        for name in [cookies.confirmName(loginID: login.id), cookies.bindingName(loginID: login.id)] {
            response.headers.append(HTTPField(name: .setCookie, value: cookies.expire(name)))
        }
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private func page(_ page: Page, _ status: HTTPResponse.Status) -> Response {
        page.response(status, renderer: pages, headers: [.cacheControl: "no-store"])
    }
}

/// An authorization request's parameters by name. RFC 6749 section 3.1 allows each at most once; the same value
/// twice counts once (react-native-app-auth sends a custom `state` twice on iOS).
private struct Parameters {
    enum Value: Equatable {
        case value(String?)
        case conflicting
    }

    private let pairs: [(String, String)]

    init(_ pairs: [(String, String)]) { self.pairs = pairs }

    subscript(name: String) -> Value {
        let values = Set(pairs.filter { $0.0 == name }.map(\.1))
        guard values.count <= 1 else { return .conflicting }
        return .value(values.first.flatMap { $0.isEmpty ? nil : $0 })
    }
}

extension OAuthErrorCode {
    /// RFC 6749 section 4.1.2.1: the server does not serve this `response_type`.
    static let unsupportedResponseType: OAuthErrorCode = "unsupported_response_type"
    /// OpenID Connect Core section 3.1.2.6: the request asked for no interaction, which the relay needs.
    static let interactionRequired: OAuthErrorCode = "interaction_required"
}
