import BattleNet
import RelayCore

/// The verification pages (RFC 8628 section 3.3): enter the code, confirm who asks, results.
enum DevicePages {
    static func enterCode(message: String? = nil, typed: String = "") -> Page {
        Page(
            title: "Sign in with Battle.net",
            body: """
                <h1>Sign in with Battle.net</h1>
                \(message.map { "<p class=\"warn\" role=\"alert\">\(escapeHTML($0))</p>" } ?? "")
                <form method="get" action="device">
                <label for="user_code">Enter the code shown by your app or terminal:</label>
                <input id="user_code" name="user_code" autocomplete="off" autocapitalize="characters" spellcheck="false" \
                maxlength="16" value="\(escapeHTML(typed))" required>
                <button type="submit">Next</button>
                </form>
                """)
    }

    static func confirm(login: Login, userCode: String, region: String, nonce: String) -> Page {
        let scopes = login.scopes.map { "<li><code>\(escapeHTML($0))</code></li>" }.joined()
        return Page(
            title: "Confirm sign-in",
            body: """
                <h1>Confirm sign-in</h1>
                <p>The app <strong>\(escapeHTML(login.app))</strong> asks to use your Battle.net account (region \
                <strong>\(escapeHTML(region))</strong>) with this access:</p>
                <ul>\(scopes)</ul>
                <p>Check that your app or terminal shows this code:</p>
                <p class="code" aria-label="code">\(escapeHTML(userCode))</p>
                <p class="warn">Only continue if <strong>you</strong> started this sign-in, just now, on a device you \
                own. If someone sent you this link or code, close this page: continuing would give them your account.</p>
                <form method="post" action="device">
                <input type="hidden" name="user_code" value="\(escapeHTML(userCode))">
                <input type="hidden" name="confirm" value="\(escapeHTML(nonce))">
                <button type="submit">Continue to Battle.net</button>
                </form>
                """)
    }

    static func message(title: String, _ text: String) -> Page {
        Page(title: title, body: "<h1>\(escapeHTML(title))</h1><p>\(escapeHTML(text))</p>")
    }
}
