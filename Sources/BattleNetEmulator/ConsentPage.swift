import BattleNet
import Mustache

/// The emulator's pages: the consent page (who asks, for what, as which account, with Approve and Deny), signed out
/// and errors; Mustache templates, so every value is escaped (scripts/check-templates.sh refuses a tag that is not).
enum ConsentPage {
    static func render(
        consentID: String, consent: EmulatorState.Consent, players: [EmulatorPlayer], signedInAs: EmulatorPlayer? = nil
    ) -> String {
        var values: [String: any Sendable] = [
            "client": consent.client.name, "clientID": consent.client.credentials.id, "scopes": consent.scopes,
            "consent": consentID, "redirectURI": consent.redirectURI,
            "accounts": players.enumerated().map { index, player -> [String: any Sendable] in
                ["id": player.accountID, "battleTag": player.battleTag.description, "checked": index == 0]
            },
        ]
        values["signedInAs"] = signedInAs?.battleTag.description
        return render("consent", values)
    }

    /// The answer to `/logout`.
    static func signedOut() -> String { render("signedOut", [:]) }

    static func error(_ message: String) -> String { render("error", ["message": message]) }

    private static func render(_ name: String, _ values: [String: any Sendable]) -> String {
        guard let html = library.render(values, withTemplate: name) else { preconditionFailure("no template \(name)") }
        return html
    }

    private static let library = {
        var library = MustacheLibrary()
        for (name, source) in templates {
            do {
                try library.register(source, named: name)
            } catch {
                preconditionFailure("emulator page template \(name): \(error)")
            }
        }
        return library
    }()

    /// Each page a child of `frame`, filling its `title` and `body` blocks.
    private static let templates = [
        "frame": """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{$title}}{{/title}} · Battle.net emulator</title>
            <style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}\
            .banner{background:#fff3cd;border:2px solid #b58900;padding:.75rem}button{font-size:1rem;margin-right:1rem}</style>
            </head><body>
            <p class="banner" role="alert"><strong>Battle.net emulator.</strong> This is a stand-in for testing, \
            not Blizzard. Never enter a real password here.</p>
            {{$body}}{{/body}}
            </body></html>
            """,
        "consent": """
            {{<frame}}{{$title}}Authorize {{client}}{{/title}}{{$body}}
            <h1>Authorize <em>{{client}}</em></h1>
            {{#signedInAs}}<p>Signed in as <strong>{{signedInAs}}</strong>.</p>{{/signedInAs}}
            <p>The application <strong>{{client}}</strong> (client <code>{{clientID}}</code>) asks for:</p>
            <form method="post" action="/authorize/decision">
            <ul>{{#scopes}}<li><label><input type="checkbox" name="scope" value="{{.}}" checked> <code>{{.}}</code>\
            </label></li>{{/scopes}}{{^scopes}}<li>basic account information</li>{{/scopes}}</ul>
            <input type="hidden" name="consent" value="{{consent}}">
            <input type="hidden" name="scopes_offered" value="1">
            <fieldset><legend>Sign in as</legend>
            {{#accounts}}<label><input type="radio" name="account" value="{{id}}"{{#checked}} checked{{/checked}}> \
            {{battleTag}}</label><br>
            {{/accounts}}</fieldset>
            <p>You will be sent back to <code>{{redirectURI}}</code>. Once you approve, this browser is remembered: \
            its next sign-in for this application and these scopes comes back at once, without this page, until you \
            <a href="/logout">sign out of the emulator</a>.</p>
            <button type="submit" name="decision" value="approve">Approve</button>
            <button type="submit" name="decision" value="deny">Deny</button>
            </form>
            {{/body}}{{/frame}}
            """,
        "signedOut": """
            {{<frame}}{{$title}}Signed out{{/title}}{{$body}}<h1>Signed out</h1><p>This browser is no longer signed in \
            to the emulator; its next sign-in asks for approval again.</p>{{/body}}{{/frame}}
            """,
        "error": """
            {{<frame}}{{$title}}Sign-in error{{/title}}{{$body}}<h1>Sign-in error</h1><p>{{message}}</p>{{/body}}{{/frame}}
            """,
    ]
}
