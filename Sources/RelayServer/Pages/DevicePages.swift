import BattleNet
import RelayCore

/// The verification pages (RFC 8628 section 3.3): enter the code, confirm who asks, results.
enum DevicePages {
    static func enterCode(_ language: PageLanguage, message: KeyPath<PageText, String>? = nil, typed: String = "") -> Page {
        let text = language.text
        var page = Page(language: language, title: text.signInTitle, template: "enterCode", values: ["typed": typed])
        page.values["message"] = message.map { text[keyPath: $0] }
        return page
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
        var page = Page(
            language: language, title: language.text.confirmTitle, template: "confirm",
            values: [
                "app": AppRegistry.displayName(of: login.app), "regions": regions.map(\.rawValue).joined(separator: ", "), "scopes": login.scopes,
                "userCode": userCode, "nonce": nonce, "justNow": origin.minutesAgo < 1, "minutes": origin.minutesAgo,
                "otherNetwork": origin.otherNetwork,
                // R5-7: a login whose start network the relay does not know cannot be told from another network's.
                "unknownNetwork": origin.startNetwork == nil,
            ])
        page.values["network"] = origin.startNetwork
        return page
    }

    /// A redirect-mode app's link: a form that the page submits by itself (``Page/autoSubmit``), so that only a
    /// browser that runs the page, never a link previewer's GET, starts the sign-in.
    static func continuing(_ language: PageLanguage, app: String, userCode: String, nonce: String) -> Page {
        Page(
            language: language, title: language.text.continuingTitle, template: "continuing",
            values: ["app": AppRegistry.displayName(of: app), "userCode": userCode, "nonce": nonce])
    }

    /// A page with a title and one paragraph, both texts of `language`.
    static func message(
        _ language: PageLanguage, title: KeyPath<PageText, String>, _ paragraph: KeyPath<PageText, String>
    ) -> Page {
        message(language, title: title, text: language.text[keyPath: paragraph])
    }

    /// A page with a title of `language` and one paragraph of plain text.
    static func message(_ language: PageLanguage, title: KeyPath<PageText, String>, text paragraph: String) -> Page {
        Page(language: language, title: language.text[keyPath: title], template: "message", values: ["paragraph": paragraph])
    }

    /// A page with a title and one paragraph, the text `sentence` of `language` with its marks filled in; with
    /// `advice`, ``PageText/rejectedAdvice`` after it.
    static func sentence(
        _ language: PageLanguage, title: KeyPath<PageText, String>, _ sentence: PageText.Sentence, advice: Bool = false
    ) -> Page {
        Page(
            language: language, title: language.text[keyPath: title], template: "sentence",
            values: sentence.values.merging(["sentence": sentence.name, "advice": advice]) { _, page in page })
    }
}
