import BattleNet
import Foundation

/// The emulator's consent page: who asks, for what, as which account, with Approve and Deny.
enum ConsentPage {
    static let banner = """
        <p class="banner" role="alert"><strong>Battle.net emulator.</strong> This is a stand-in for testing, \
        not Blizzard. Never enter a real password here.</p>
        """

    static func render(
        consentID: String, consent: EmulatorState.Consent, players: [EmulatorPlayer], signedInAs: EmulatorPlayer? = nil
    ) -> String {
        let scopes = consent.scopes.isEmpty ? "<li>basic account information</li>"
            : consent.scopes.map {
                """
                <li><label><input type="checkbox" name="scope" value="\(escapeHTML($0))" checked> \
                <code>\(escapeHTML($0))</code></label></li>
                """
            }.joined()
        let accounts = players.enumerated().map { index, player in
            """
            <label><input type="radio" name="account" value="\(player.accountID)"\(index == 0 ? " checked" : "")> \
            \(escapeHTML(player.battleTag.description))</label><br>
            """
        }.joined(separator: "\n")
        return page(
            title: "Authorize \(consent.client.name)",
            body: """
                <h1>Authorize <em>\(escapeHTML(consent.client.name))</em></h1>
                \(signedInAs.map { "<p>Signed in as <strong>\(escapeHTML($0.battleTag.description))</strong>.</p>" } ?? "")
                <p>The application <strong>\(escapeHTML(consent.client.name))</strong> \
                (client <code>\(escapeHTML(consent.client.credentials.id))</code>) asks for:</p>
                <form method="post" action="/authorize/decision">
                <ul>\(scopes)</ul>
                <input type="hidden" name="consent" value="\(escapeHTML(consentID))">
                <input type="hidden" name="scopes_offered" value="1">
                <fieldset><legend>Sign in as</legend>
                \(accounts)
                </fieldset>
                <p>You will be sent back to <code>\(escapeHTML(consent.redirectURI))</code>. Once you approve, \
                this browser is remembered: its next sign-in for this application and these scopes comes back at \
                once, without this page, until you <a href="/logout">sign out of the emulator</a>.</p>
                <button type="submit" name="decision" value="approve">Approve</button>
                <button type="submit" name="decision" value="deny">Deny</button>
                </form>
                """)
    }

    /// The answer to `/logout`.
    static func signedOut() -> String {
        page(
            title: "Signed out",
            body: """
                <h1>Signed out</h1><p>This browser is no longer signed in to the emulator; its next sign-in asks \
                for approval again.</p>
                """)
    }

    static func error(_ message: String) -> String {
        page(title: "Sign-in error", body: "<h1>Sign-in error</h1><p>\(escapeHTML(message))</p>")
    }

    private static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escapeHTML(title)) · Battle.net emulator</title>
        <style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}\
        .banner{background:#fff3cd;border:2px solid #b58900;padding:.75rem}button{font-size:1rem;margin-right:1rem}</style>
        </head><body>
        \(banner)
        \(body)
        </body></html>
        """
    }
}
