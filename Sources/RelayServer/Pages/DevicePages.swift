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

    /// Where and when a login started, against where its confirm page is opened (RFC 8628 section 5.4, RFC 10027
    /// section 6.1: request context for the person to judge).
    struct Origin {
        /// Whole minutes since the login started.
        var minutesAgo: Int
        /// The prefix it started from (``Login/startNetwork``), if known.
        var startNetwork: String?
        /// The prefix the page is opened from.
        var pageNetwork: String?

        /// Whether the page is opened from another network than the login started on.
        var otherNetwork: Bool { startNetwork != nil && startNetwork != pageNetwork }
    }

    static func confirm(
        _ language: PageLanguage, login: Login, userCode: String, regions: [Region], nonce: String, origin: Origin
    ) -> Page {
        let text = language.text
        let scopes = login.scopes.map { "<li><code>\(escapeHTML($0))</code></li>" }.joined()
        let asks = PageText.html(text.confirmAsks, [
            "app": "<strong>\(escapeHTML(login.app))</strong>",
            "regions": "<strong>\(escapeHTML(regions.map(\.rawValue).joined(separator: ", ")))</strong>",
        ])
        let ago =
            origin.minutesAgo < 1
            ? PageText.html(text.agoJustNow) : PageText.html(text.agoMinutes, ["minutes": "\(origin.minutesAgo)"])
        let started =
            origin.startNetwork.map {
                PageText.html(text.startedFrom, ["ago": ago, "network": "<code>\(escapeHTML($0))</code>"])
            } ?? PageText.html(text.startedAt, ["ago": ago])
        let warning =
            origin.otherNetwork
            ? """
            <div class="alert" role="alert" id="other-network"><h2>\(escapeHTML(text.otherNetworkTitle))</h2>\
            <p>\(escapeHTML(text.otherNetworkText))</p></div>
            """
            : origin.startNetwork == nil
                // R5-7: a login whose start network the relay does not know cannot be told from another network's.
                ? """
                <div class="alert" role="alert" id="unknown-network"><h2>\(escapeHTML(text.unknownNetworkTitle))</h2>\
                <p>\(escapeHTML(text.unknownNetworkText))</p></div>
                """ : ""
        return Page(
            language: language, title: text.confirmTitle,
            body: """
                <h1>\(escapeHTML(text.confirmTitle))</h1>
                \(warning)
                <p>\(asks)</p>
                <p id="started">\(started)</p>
                <ul>\(scopes)</ul>
                <p>\(escapeHTML(text.checkCode))</p>
                <p class="code" aria-label="\(escapeHTML(text.codeLabel))">\(escapeHTML(userCode))</p>
                <p class="warn"><strong>\(escapeHTML(text.warnOnlyYou))</strong> \(escapeHTML(text.warnSentLink))</p>
                <form method="post" action="device">
                <input type="hidden" name="user_code" value="\(escapeHTML(userCode))">
                <input type="hidden" name="confirm" value="\(escapeHTML(nonce))">
                <button type="submit">\(escapeHTML(text.continueButton))</button>
                </form>
                <form method="post" action="device">
                <input type="hidden" name="user_code" value="\(escapeHTML(userCode))">
                <input type="hidden" name="confirm" value="\(escapeHTML(nonce))">
                <input type="hidden" name="action" value="not_me">
                <button type="submit">\(escapeHTML(text.notMeButton))</button>
                </form>
                """)
    }

    /// A redirect-mode app's link: a form that the page submits by itself (``Page/autoSubmit``), so that only a
    /// browser that runs the page, never a link previewer's GET, starts the sign-in.
    static func continuing(_ language: PageLanguage, app: String, userCode: String, nonce: String) -> Page {
        let text = language.text
        return Page(
            language: language, title: text.continuingTitle,
            body: """
                <h1>\(escapeHTML(text.continuingTitle))</h1>
                <p>\(PageText.html(text.continuingText, ["app": "<strong>\(escapeHTML(app))</strong>"]))</p>
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
