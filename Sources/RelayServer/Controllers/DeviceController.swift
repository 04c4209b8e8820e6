import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// `POST /oauth/device/code` (RFC 8628 section 3.1) and the verification pages `GET/POST /device`.
struct DeviceController {
    let logins: LoginService
    let settings: RelaySettings
    let metrics: RelayMetrics
    let keyring: LoginKeyring
    let apps: AppRegistry
    let startLimit: PrefixRateLimits
    let codeLimit: RateLimiter
    let pages: PageRenderer
    let providerOrigin: String
    let cookies: BrowserCookies

    func register(on router: Router<RelayContext>) {
        router.post("oauth/device/code") { request, context in try await start(request, context) }
        let pageRoutes = router.group().add(middleware: PageRefusalMiddleware(pages: pages))
        pageRoutes.get("device") { request, context in try await show(request, context) }
        pageRoutes.post("device") { request, context in try await proceed(request, context) }
    }

    private func start(_ request: Request, _ context: RelayContext) async throws -> Response {
        var request = request
        let form = try await request.oauthForm(context: context)
        let clientID = try ClientAuthentication.requiredClientID(form: form, headers: request.headers)
        if let throttle = await startLimit.refusal(clientAddress: context.clientAddress) {
            metrics.count(throttle)
            throw throttle.refusal!
        }
        let started = try await logins.start(
            clientID: clientID, scope: form.value("scope"), network: ClientKeys(address: context.clientAddress).allocation,
            redirectURI: form.value("redirect_uri"))
        return try .json(.ok, message: started, headers: [.cacheControl: "no-store", .pragma: "no-cache"])
    }

    private func show(_ request: Request, _ context: RelayContext) async throws -> Response {
        let language = PageLanguage(request: request.headers)
        guard let query = request.queryPairs else {
            return DevicePages.enterCode(language, message: \.malformedLink).response(.badRequest, renderer: pages)
        }
        guard let typed = query.value("user_code"), !typed.isEmpty else {
            return DevicePages.enterCode(language).response(.ok, renderer: pages)
        }
        switch try await find(typed, language, context) {
        case .failure(let page):
            return page
        case .success(let login):
            if let busy = inProgressElsewhere(login, request, language) { return busy }
            let nonce = Identifiers.state()
            let code = UserCode.format(UserCode.normalize(typed)!)
            let cookie = cookies.set(
                cookies.confirmName(loginID: login.id), nonce, maxAge: secondsLeft(login), sameSite: "Strict")
            // `same-origin`, not `no-referrer`: under `no-referrer` browsers send `Origin: null` with the page's own
            // form, which the Continue check could not tell from a sandboxed attacker's frame. Nothing leaves the site.
            let headers: HTTPFields = [.setCookie: cookie, .referrerPolicy: "same-origin"]
            // An app in redirect mode opened this link in its own browser session: on to Battle.net without a click,
            // by a POST the page sends itself, so that a GET (a link previewer's) changes nothing. The callback code
            // its approval carries keeps a phished or hijacked login from being collected elsewhere. A login started
            // with a loopback return address is the same: its browser goes back to the player's own machine.
            if apps.app(named: login.app)?.mode == .redirect || login.returnURI != nil {
                // The form's POST ends, through Battle.net and the callback, at the app's return: Chromium holds every
                // redirect of that chain to form-action, so the return's origin (or scheme) is listed too. Without it
                // a browser Battle.net remembers, which redirects at once, stops before the return (R5-2).
                let back = login.returnURI.map(AuthorizePages.formActionSource) ?? "\(login.app.lowercased()):"
                return DevicePages.continuing(language, app: login.app, userCode: code, nonce: nonce)
                    .response(.ok, renderer: pages, formAction: [providerOrigin, back], autoSubmitting: true, headers: headers)
            }
            let origin = DevicePages.Origin(
                minutesAgo: max(0, Int(logins.now().timeIntervalSince(login.createdAt) / 60)),
                startNetwork: login.startNetwork, pageNetwork: ClientKeys(address: context.clientAddress).allocation)
            return DevicePages.confirm(
                language, login: login, userCode: code, regions: settings.region.tokenRegions, nonce: nonce,
                origin: origin
            ).response(.ok, renderer: pages, formAction: [providerOrigin], headers: headers)
        }
    }

    private func proceed(_ request: Request, _ context: RelayContext) async throws -> Response {
        var request = request
        let language = PageLanguage(request: request.headers)
        if let refusal = crossSiteRefusal(request, language) { return refusal }
        guard let form = try await request.formPairs(context: context), let typed = form.value("user_code"),
            let nonce = form.value("confirm")
        else {
            return expiredConfirmation(language)
        }
        switch try await find(typed, language, context) {
        case .failure(let page):
            return page
        case .success(let login):
            guard let cookie = BrowserCookies.value(cookies.confirmName(loginID: login.id), in: request.headers),
                Identifiers.constantTimeEquals(nonce, cookie)
            else {
                return expiredConfirmation(language)
            }
            if let busy = inProgressElsewhere(login, request, language) { return busy }
            if form.value("action") == "not_me" { return try await endByPerson(login, language) }
            var response = try await authorize(login, language)
            response.headers.append(HTTPField(name: .setCookie, value: cookies.expire(cookies.confirmName(loginID: login.id))))
            return response
        }
    }

    /// Starts the login's authorization: a 303 to Battle.net with a fresh state, setting the browser binding that
    /// the callback will ask this browser for.
    private func authorize(_ login: Login, _ language: PageLanguage) async throws -> Response {
        guard let authorization = try await logins.authorize(login) else {
            return DevicePages.message(language, title: \.codeExpiredTitle, \.codeExpiredText)
                .response(.gone, renderer: pages)
        }
        var response = Response.redirect(location: authorization.url.absoluteString, status: .seeOther)
        response.headers.append(HTTPField(
            name: .setCookie,
            value: cookies.set(
                cookies.bindingName(loginID: login.id), authorization.browserBinding, maxAge: secondsLeft(login),
                sameSite: "Lax")))
        return response
    }

    /// "This wasn't me": ends the login (its client gets `access_denied`) and says so.
    private func endByPerson(_ login: Login, _ language: PageLanguage) async throws -> Response {
        guard try await logins.endByPerson(login) else {
            return DevicePages.message(language, title: \.codeExpiredTitle, \.codeExpiredText).response(.gone, renderer: pages)
        }
        return DevicePages.message(language, title: \.endedTitle, \.endedText).response(
            .ok, renderer: pages,
            headers: [.setCookie: cookies.expire(cookies.confirmName(loginID: login.id))])
    }

    private func expiredConfirmation(_ language: PageLanguage) -> Response {
        DevicePages.enterCode(language, message: \.confirmationExpired).response(.badRequest, renderer: pages)
    }

    private func secondsLeft(_ login: Login) -> Int {
        Int(login.expiresAt.timeIntervalSince(logins.now()).rounded(.up))
    }

    /// A click on Continue must come from the relay's own confirm page. A browser says where a POST came from: in
    /// `Sec-Fetch-Site`, which decides when it is sent (only `same-origin` passes), else in `Origin`, which must be
    /// the relay's own (`null`, a sandboxed frame's, fails). Clients that send neither are not browsers, which
    /// cross-site request forgery needs; they still need the page's nonce and cookie.
    private func crossSiteRefusal(_ request: Request, _ language: PageLanguage) -> Response? {
        let sameOrigin =
            if let site = request.headers[.secFetchSite] {
                site == "same-origin"
            } else if let origin = request.headers[.origin] {
                origin == settings.publicURL.webOrigin
            } else {
                true
            }
        guard !sameOrigin else { return nil }
        metrics.refused.increment(.crossSiteConfirm)
        return DevicePages.message(language, title: \.crossSiteTitle, \.crossSiteText)
            .response(.forbidden, renderer: pages)
    }

    /// A login whose authorization is already under way in another browser is not handed to a second one.
    private func inProgressElsewhere(_ login: Login, _ request: Request, _ language: PageLanguage) -> Response? {
        guard login.status == .authorizing,
            !keyring.holdsBinding(BrowserCookies.value(cookies.bindingName(loginID: login.id), in: request.headers), for: login)
        else { return nil }
        metrics.refused.increment(.inProgressElsewhere)
        return DevicePages.message(language, title: \.inProgressTitle, \.inProgressText)
            .response(.conflict, renderer: pages)
    }

    private enum Lookup {
        case success(Login)
        case failure(Response)
    }

    /// Looks a typed code up, throttled per client network (RFC 8628 section 5.1).
    private func find(_ typed: String, _ language: PageLanguage, _ context: RelayContext) async throws -> Lookup {
        guard await codeLimit.allow(context.clientNetwork) else {
            metrics.count(.userCode)
            return .failure(
                DevicePages.message(language, title: \.tooManyTitle, \.tooManyText)
                    .response(.tooManyRequests, renderer: pages, headers: [.retryAfter: "\(Throttle.userCode.retryAfterSeconds!)"]))
        }
        guard UserCode.normalize(typed) != nil else {
            return .failure(DevicePages.enterCode(language, message: \.invalidCode, typed: String(typed.prefix(16)))
                .response(.badRequest, renderer: pages))
        }
        guard let login = try await logins.login(userCode: typed) else {
            return .failure(DevicePages.enterCode(language, message: \.unknownCode, typed: String(typed.prefix(16)))
                .response(.notFound, renderer: pages))
        }
        return .success(login)
    }
}

extension HTTPField.Name {
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
