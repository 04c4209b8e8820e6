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
        let text = page.language.text
        let banner = sandbox
            ? "<p class=\"sandbox\" role=\"alert\"><strong>\(escapeHTML(text.sandboxLabel))</strong> \(escapeHTML(text.sandboxText))</p>"
            : ""
        let html = """
            <!doctype html>
            <html lang="\(page.language.tag)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escapeHTML(page.title)) · BattleNetRelay</title>
            <style>\(Page.style)</style>
            </head><body><main>
            \(banner)
            \(page.body)
            </main>\(autoSubmitting ? "<script>\(Page.autoSubmit)</script>" : "")</body></html>
            """
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.vary] = "Accept-Language"
        let actions = (["'self'"] + formAction).joined(separator: " ")
        fields[.contentSecurityPolicy] =
            "default-src 'none'; style-src '\(Page.styleHash)'; "
            + (autoSubmitting ? "script-src '\(Page.autoSubmitHash)'; " : "")
            + "form-action \(actions); frame-ancestors 'none'; base-uri 'none'"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: html)))
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
                DevicePages.message(language, title: language.text.failedTitle, html: escapeHTML(refusal.description))
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
