import RelayCore

/// The authorization endpoint's pages: a request that cannot be sent back to its app, and the consent page that
/// every sign-in of a public client passes after Battle.net (RFC 8252 section 8.6).
enum AuthorizePages {
    /// A request the relay may not answer at its `redirect_uri` (an unknown `client_id`, an unregistered
    /// `redirect_uri`): a page for the person, never a redirect (RFC 6749 section 4.1.2.1).
    static func refused(_ language: PageLanguage, _ paragraph: KeyPath<PageText, String>) -> Page {
        DevicePages.message(language, title: \.authorizeErrorTitle, paragraph)
    }

    /// A request that names neither a known app nor a registered return, in the person's language with the detail.
    static func malformed(_ language: PageLanguage, reason: String) -> Page {
        DevicePages.sentence(
            language, title: \.authorizeErrorTitle, PageText.Sentence(name: "authorizeBadRequest", values: ["reason": reason]))
    }

    /// Asks whether `app` may have the account `battleTag` with the login's scopes, naming where the browser goes
    /// back (`returnURI`); Allow and "This wasn't me" post the login id and the page's `nonce` to `action`, and for a
    /// device login with a loopback return its device code hash (the authorization endpoint's browser holds its code
    /// in a cookie instead).
    static func consent(
        _ language: PageLanguage, login: Login, returnURI: String, battleTag: String?, nonce: String,
        origin: DevicePages.Origin, action: String
    ) -> Page {
        var page = Page(
            language: language, title: language.text.consentTitle, template: "consent",
            values: [
                "app": AppRegistry.displayName(of: login.app), "battletag": battleTag ?? "?", "scopes": login.scopes, "otherNetwork": origin.otherNetwork,
                // Where the browser goes back, for a person: "an app on this computer" for loopback, else the scheme or site.
                "loopback": (try? RegisteredRedirect(validating: returnURI))?.kind == .loopback,
                "returnURI": returnURI, "returnSource": formActionSource(returnURI),
                "action": action, "login": login.id, "nonce": nonce,
            ])
        page.values["device"] = login.authorizationRequest == nil ? login.deviceCodeHash : nil
        return page
    }

    /// The CSP source that lets the consent page's form end at `redirectURI` (Chromium applies `form-action` to the
    /// redirect after the POST): its origin, or for a private-use scheme the scheme itself (`com.example.app:`).
    static func formActionSource(_ redirectURI: String) -> String {
        guard let colon = redirectURI.firstIndex(of: ":") else { return redirectURI }
        let scheme = redirectURI[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return scheme + ":" }
        let rest = redirectURI[redirectURI.index(colon, offsetBy: 3)...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        return scheme + "://" + rest[..<end]
    }
}
