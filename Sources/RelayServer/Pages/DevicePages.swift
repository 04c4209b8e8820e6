import BattleNet
import RelayCore

/// The verification pages (RFC 8628 section 3.3): enter the code, confirm who asks, results.
enum DevicePages {
    static func enterCode(_ language: PageLanguage, message: KeyPath<PageText, String>? = nil, typed: String = "") -> Page {
        let text = language.text
        return Page(
            language: language, title: text.signInTitle,
            body: """
                <h1>\(escapeHTML(text.signInTitle))</h1>
                \(message.map { "<p class=\"warn\" role=\"alert\">\(escapeHTML(text[keyPath: $0]))</p>" } ?? "")
                <form method="get" action="device">
                <label for="user_code">\(escapeHTML(text.enterCodeLabel))</label>
                <input id="user_code" name="user_code" autocomplete="off" autocapitalize="characters" spellcheck="false" \
                maxlength="16" value="\(escapeHTML(typed))" required>
                <button type="submit">\(escapeHTML(text.next))</button>
                </form>
                """)
    }

    static func confirm(_ language: PageLanguage, login: Login, userCode: String, regions: [Region], nonce: String) -> Page {
        let text = language.text
        let scopes = login.scopes.map { "<li><code>\(escapeHTML($0))</code></li>" }.joined()
        let asks = PageText.html(text.confirmAsks, [
            "app": "<strong>\(escapeHTML(login.app))</strong>",
            "regions": "<strong>\(escapeHTML(regions.map(\.rawValue).joined(separator: ", ")))</strong>",
        ])
        return Page(
            language: language, title: text.confirmTitle,
            body: """
                <h1>\(escapeHTML(text.confirmTitle))</h1>
                <p>\(asks)</p>
                <ul>\(scopes)</ul>
                <p>\(escapeHTML(text.checkCode))</p>
                <p class="code" aria-label="\(escapeHTML(text.codeLabel))">\(escapeHTML(userCode))</p>
                <p class="warn"><strong>\(escapeHTML(text.warnOnlyYou))</strong> \(escapeHTML(text.warnSentLink))</p>
                <form method="post" action="device">
                <input type="hidden" name="user_code" value="\(escapeHTML(userCode))">
                <input type="hidden" name="confirm" value="\(escapeHTML(nonce))">
                <button type="submit">\(escapeHTML(text.continueButton))</button>
                </form>
                """)
    }

    /// A page with a title and one paragraph, both texts of `language`.
    static func message(
        _ language: PageLanguage, title: KeyPath<PageText, String>, _ paragraph: KeyPath<PageText, String>
    ) -> Page {
        let text = language.text
        return message(language, title: text[keyPath: title], html: escapeHTML(text[keyPath: paragraph]))
    }

    /// A page with a plain-text title and one paragraph of HTML whose reflected values are escaped.
    static func message(_ language: PageLanguage, title: String, html: String) -> Page {
        Page(language: language, title: title, body: "<h1>\(escapeHTML(title))</h1><p>\(html)</p>")
    }
}
