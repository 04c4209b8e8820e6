import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// `GET /redirect/<scheme>`: the URL registered at Battle.net.
struct CallbackController {
    let service: LoginService
    let sandbox: Bool
    let cookies: BrowserCookies

    func register(on router: Router<RelayContext>) {
        router.get("redirect/:scheme") { request, context in try await callback(request, context) }
    }

    private func callback(_ request: Request, _ context: RelayContext) async throws -> Response {
        guard let scheme = context.parameters.get("scheme"), let app = service.apps.app(named: scheme) else {
            return CallbackPages.problem("Unknown app", "This relay serves no app by that name; check the redirect URL registered at Battle.net.")
                .response(.notFound, sandbox: sandbox)
        }
        if app.mode == .forward {
            return forward(app: app, rawQuery: request.uri.query ?? "")
        }
        guard let query = request.queryPairs else {
            return CallbackPages.problem("Malformed answer", "The sign-in answer could not be read; start a new sign-in.")
                .response(.badRequest, sandbox: sandbox)
        }
        let outcome = await service.callback(app: app.name, parameters: query, logger: context.logger) { loginID in
            BrowserCookies.value(cookies.bindingName(loginID: loginID), in: request.headers)
        }
        return respond(outcome, app: app)
    }

    private func respond(_ outcome: LoginService.CallbackResult, app: AppRegistration) -> Response {
        switch outcome {
        case .approved(_, let battleTag):
            if app.mode == .redirect { return appRedirect(app, [("result", "approved")]) }
            return CallbackPages.approved(battleTag: battleTag, app: app.name).response(.ok, sandbox: sandbox)
        case .denied(let app):
            if app.mode == .redirect { return appRedirect(app, [("result", "denied"), ("error", "access_denied")]) }
            return CallbackPages.problem("Sign-in declined", "You declined the sign-in at Battle.net. Nothing was shared; you can close this tab.")
                .response(.ok, sandbox: sandbox)
        case .failed(let app, let reason):
            if app.mode == .redirect { return appRedirect(app, [("result", "failed"), ("error", "server_error")]) }
            return CallbackPages.problem("Sign-in failed", reason).response(.ok, sandbox: sandbox)
        case .rejected(let reason):
            return CallbackPages.problem("Sign-in link not valid", reason + " Nothing was exchanged; start a new sign-in from your app or terminal.")
                .response(.badRequest, sandbox: sandbox)
        case .otherBrowser:
            return CallbackPages.problem(
                "Not the browser that started this sign-in",
                "This sign-in was confirmed in another browser, so it was stopped here: nothing was exchanged and no one receives access. If someone sent you this link, they were trying to get into your account; close this tab. To sign in yourself, start a new sign-in from your app or terminal and finish it in the browser where you confirm the code.")
                .response(.forbidden, sandbox: sandbox)
        }
    }

    /// Redirect mode: back to the app with only the outcome; the app then polls with its device_code.
    private func appRedirect(_ app: AppRegistration, _ pairs: [(String, String)]) -> Response {
        .redirect(location: "\(app.name)://bnet-relay/callback?" + FormEncoding.encode(pairs))
    }

    /// Forward mode: the callback's query unchanged, as BattleNetAPI's AuthenticationManager expects.
    private func forward(app: AppRegistration, rawQuery: String) -> Response {
        guard rawQuery.utf8.count <= 4096, rawQuery.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
            return CallbackPages.problem("Malformed answer", "The sign-in answer could not be passed on.")
                .response(.badRequest, sandbox: sandbox)
        }
        service.metrics.increment(.callbacks, "forwarded")
        return .redirect(location: "\(app.name)://?\(rawQuery)")
    }
}

enum CallbackPages {
    static func approved(battleTag: String?, app: String) -> Page {
        Page(
            title: "Signed in",
            body: """
                <h1>Signed in\(battleTag.map { " as " + escapeHTML($0) } ?? "")</h1>
                <p>You can close this tab and go back to your terminal or to <strong>\(escapeHTML(app))</strong>: \
                it will pick up the sign-in by itself.</p>
                """)
    }

    static func problem(_ title: String, _ text: String) -> Page {
        DevicePages.message(title: title, text)
    }
}
