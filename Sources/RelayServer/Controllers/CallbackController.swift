import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// `GET /redirect/<app>`: the URL registered at Battle.net for each app.
struct CallbackController {
    let logins: LoginService
    let apps: AppRegistry
    let pages: PageRenderer
    let cookies: BrowserCookies
    let settings: RelaySettings

    func register(on router: Router<RelayContext>) {
        router.group().add(middleware: PageRefusalMiddleware(pages: pages))
            .get("redirect/:app") { request, context in try await callback(request, context) }
    }

    private func callback(_ request: Request, _ context: RelayContext) async throws -> Response {
        let language = PageLanguage(request: request.headers)
        guard let name = context.parameters.get("app"), let app = apps.app(named: name) else {
            return DevicePages.message(language, title: \.unknownAppTitle, \.unknownAppText)
                .response(.notFound, renderer: pages)
        }
        if app.mode == .forward {
            return forward(app: app, rawQuery: request.uri.query ?? "", language)
        }
        guard let query = request.queryPairs else {
            return DevicePages.message(language, title: \.malformedAnswerTitle, \.malformedAnswerText)
                .response(.badRequest, renderer: pages)
        }
        let outcome = try await logins.callback(
            app: app.name, parameters: query, network: context.clientNetwork, logger: context.logger
        ) { loginID in
            BrowserCookies.value(cookies.bindingName(loginID: loginID), in: request.headers)
        }
        return respond(outcome, app: app, language, context)
    }

    private func respond(
        _ outcome: LoginService.CallbackResult, app: AppRegistration, _ language: PageLanguage, _ context: RelayContext
    ) -> Response {
        switch outcome {
        case .consent(let login, let battleTag):
            return AuthorizeController.consentPage(
                login, battleTag: battleTag, language: language, network: ClientKeys(address: context.clientAddress).allocation,
                now: logins.now(), settings: settings, cookies: cookies, pages: pages)
        case .returnToApp(let location, _):
            var response = Response.redirect(location: location)
            response.headers[.referrerPolicy] = "no-referrer"
            return response
        case .approved(_, let battleTag, let callbackCode):
            if app.mode == .redirect, let callbackCode {
                return appRedirect(app, [("result", "approved"), ("callback_code", callbackCode)])
            }
            return CallbackPages.approved(language, battleTag: battleTag, app: app.name).response(.ok, renderer: pages)
        case .denied(let app):
            if app.mode == .redirect { return appRedirect(app, [("result", "denied"), ("error", "access_denied")]) }
            return DevicePages.message(language, title: \.declinedTitle, \.declinedText).response(.ok, renderer: pages)
        case .failed(let app, let reason):
            if app.mode == .redirect { return appRedirect(app, [("result", "failed"), ("error", "server_error")]) }
            return DevicePages.sentence(language, title: \.failedTitle, PageText.sentence(reason)).response(.ok, renderer: pages)
        case .rejected(let reason):
            return DevicePages.sentence(language, title: \.rejectedTitle, PageText.sentence(reason), advice: true)
                .response(.badRequest, renderer: pages)
        case .loopback(let location, _):
            // Back to the client on the player's machine, like a redirect-mode app; no referrer carries the value on.
            var response = Response.redirect(location: location)
            response.headers[.referrerPolicy] = "no-referrer"
            return response
        case .otherBrowser:
            return DevicePages.message(language, title: \.otherBrowserTitle, \.otherBrowserText)
                .response(.forbidden, renderer: pages)
        }
    }

    /// Redirect mode: back to the app with the outcome and, on approval, the callback code; the app then polls with
    /// its device_code and that code.
    private func appRedirect(_ app: AppRegistration, _ pairs: [(String, String)]) -> Response {
        .redirect(location: "\(app.name)://bnet-relay/callback?" + FormEncoding.encode(pairs))
    }

    /// Forward mode: the callback's query unchanged, as BattleNetAPI's AuthenticationManager expects.
    private func forward(app: AppRegistration, rawQuery: String, _ language: PageLanguage) -> Response {
        guard rawQuery.utf8.count <= 4096, rawQuery.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
            return DevicePages.message(language, title: \.malformedAnswerTitle, \.forwardFailedText)
                .response(.badRequest, renderer: pages)
        }
        logins.forwarded(app: app)
        return .redirect(location: "\(app.name)://?\(rawQuery)")
    }
}

/// The page a sign-in that went through ends on, in the browser.
enum CallbackPages {
    static func approved(_ language: PageLanguage, battleTag: String?, app: String) -> Page {
        var page = Page(language: language, title: language.text.signedInTitle, template: "approved", values: ["app": AppRegistry.displayName(of: app)])
        page.values["battletag"] = battleTag
        return page
    }
}
