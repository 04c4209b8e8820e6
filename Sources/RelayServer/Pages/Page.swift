import BattleNet
import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// The relay's HTML pages: small, accessible, no external assets, a strict Content-Security-Policy (the one
/// stylesheet allowed by its hash), in the language `Accept-Language` prefers (`Vary: Accept-Language`), each a
/// Mustache template (``PageTemplates``) that escapes every value it shows.
struct Page {
    static let style = """
        body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b}\
        h1{font-size:1.5rem}.code{font:700 1.6rem ui-monospace,monospace;letter-spacing:.15em}\
        .warn{background:#fff3cd;border-left:4px solid #b58900;padding:.5rem .75rem}\
        .sandbox,.alert{background:#ffe0e0;border:2px solid #b00020;padding:.5rem .75rem}\
        button,input{font-size:1.1rem;padding:.4rem .8rem}label{display:block;margin:.5rem 0}
        """
    static let styleHash = "sha256-" + Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()
    /// The one script a page may carry: it submits the page's first form (a redirect-mode app's link continues by
    /// itself, with a POST, so that a GET of the link changes nothing). Allowed by its hash, like the stylesheet.
    static let autoSubmit = "document.forms[0].submit()"
    static let autoSubmitHash = "sha256-" + Data(SHA256.hash(data: Data(autoSubmit.utf8))).base64EncodedString()

    var language: PageLanguage
    /// The title, plain text (also `{{title}}` in the template).
    var title: String
    /// The name of the content's template in ``PageTemplates/sources``.
    var template: String
    /// What the template fills in, each escaped where it is shown: strings, numbers, flags and lists of strings.
    var values: [String: any Sendable] = [:]

    /// The values with the title, for the template.
    var context: [String: any Sendable] { values.merging(["title": title]) { _, title in title } }

    /// The content, rendered.
    var body: String { PageTemplates.render(template, context, in: language) }

    /// The page as a response, rendered by `renderer` (see ``PageRenderer/response(_:_:formAction:autoSubmitting:headers:)``).
    func response(
        _ status: HTTPResponse.Status, renderer: PageRenderer, formAction: [String] = [], autoSubmitting: Bool = false,
        headers: HTTPFields = [:]
    ) -> Response {
        renderer.response(self, status, formAction: formAction, autoSubmitting: autoSubmitting, headers: headers)
    }
}
