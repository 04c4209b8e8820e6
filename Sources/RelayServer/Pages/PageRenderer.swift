import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// Renders the relay's pages for a person's browser: the one place their header policy (a strict
/// Content-Security-Policy, `Vary: Accept-Language`) and the sandbox banner are added, and where a refusal meant for
/// a browser becomes a page instead of JSON.
struct PageRenderer: Sendable {
    /// Whether every page carries the sandbox banner (the relay runs against its built-in emulator).
    let sandbox: Bool

    /// `page` as a response; `formAction` lists the origins a form on it may submit or be redirected to;
    /// `autoSubmitting` adds ``Page/autoSubmit``.
    func response(
        _ page: Page, _ status: HTTPResponse.Status, formAction: [String] = [], autoSubmitting: Bool = false,
        headers: HTTPFields = [:]
    ) -> Response {
        let document = html(page, autoSubmitting: autoSubmitting)
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.vary] = "Accept-Language"
        let actions = (["'self'"] + formAction).joined(separator: " ")
        fields[.contentSecurityPolicy] =
            "default-src 'none'; style-src '\(Page.styleHash)'; "
            + (autoSubmitting ? "script-src '\(Page.autoSubmitHash)'; " : "")
            + "form-action \(actions); frame-ancestors 'none'; base-uri 'none'"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: document)))
    }

    /// `page`'s document: its content in the frame, with the sandbox banner if ``sandbox``, and with `autoSubmitting`
    /// ``Page/autoSubmit``.
    func html(_ page: Page, autoSubmitting: Bool = false) -> String {
        PageTemplates.render(
            "frame",
            page.context.merging([
                "lang": page.language.tag, "sandbox": sandbox, "autoSubmit": autoSubmitting, "content": page.template,
            ]) { _, frame in frame },
            in: page.language)
    }

    /// `refusal` as a page in `language`, with the status, `Cache-Control` and `Retry-After` its JSON form has.
    func response(_ refusal: Refusal, language: PageLanguage, headers: HTTPFields = [:]) -> Response {
        let page =
            switch refusal {
            case .storeUnavailable:
                DevicePages.message(language, title: \.failedTitle, \.problemStoreUnreadable)
            case _ where refusal.statusCode == 429:
                DevicePages.message(language, title: \.tooManyTitle, \.tooManyText)
            default:
                DevicePages.message(language, title: \.failedTitle, text: refusal.description)
            }
        var fields = headers
        fields[.cacheControl] = "no-store"
        if let retryAfter = refusal.retryAfter { fields[.retryAfter] = "\(retryAfter)" }
        return response(page, refusal.status, headers: fields)
    }
}

/// Renders what a page route throws as a page (see ``PageRenderer/response(_:language:headers:)``), as
/// ``RefusalMiddleware`` renders it as JSON for the API: a person's browser gets HTML it can show.
struct PageRefusalMiddleware: RouterMiddleware {
    let pages: PageRenderer

    func handle(_ request: Request, context: RelayContext, next: (Request, RelayContext) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            let (refusal, headers) = RefusalMiddleware.refusal(for: error, logger: context.logger)
            return pages.response(refusal, language: PageLanguage(request: request.headers), headers: headers)
        }
    }
}
