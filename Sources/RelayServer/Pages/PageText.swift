import RelayCore

/// Every text of the relay's pages, one value per language (`Languages/`), compiled in, each a template of its
/// language's ``PageTemplates`` library under its name. A `{name}` in a text marks where a page puts the value
/// `name`, escaped; a test checks that every language has every text and the same marks.
struct PageText: Sendable {
    // The frame.
    var sandboxLabel: String
    var sandboxText: String
    // Entering the code.
    var signInTitle: String
    var enterCodeLabel: String
    var next: String
    var malformedLink: String
    var confirmationExpired: String
    var invalidCode: String
    var unknownCode: String
    // Confirming.
    var confirmTitle: String
    /// `{app}`, `{regions}`.
    var confirmAsks: String
    var checkCode: String
    var codeLabel: String
    var warnOnlyYou: String
    var warnSentLink: String
    var continueButton: String
    // Messages on the way.
    var codeExpiredTitle: String
    var codeExpiredText: String
    var crossSiteTitle: String
    var crossSiteText: String
    var inProgressTitle: String
    var inProgressText: String
    var tooManyTitle: String
    var tooManyText: String
    // Results.
    var unknownAppTitle: String
    var unknownAppText: String
    var malformedAnswerTitle: String
    var malformedAnswerText: String
    var forwardFailedText: String
    var signedInTitle: String
    /// `{battletag}`.
    var signedInAs: String
    /// `{app}`.
    var closeTab: String
    var declinedTitle: String
    var declinedText: String
    var failedTitle: String
    var rejectedTitle: String
    var rejectedAdvice: String
    var otherBrowserTitle: String
    var otherBrowserText: String
    // Why a sign-in did not go through (``CallbackProblem``).
    var problemUnknownApp: String
    var problemNoValidState: String
    var problemUnknownState: String
    var problemStoreUnreadable: String
    var problemRecordChanged: String
    var problemWrongApp: String
    /// `{code}`.
    var problemProviderError: String
    var problemNoCode: String
    /// `{code}`.
    var problemExchangeRefused: String
    var problemTimeout: String
    var problemUnreachable: String
    var problemMalformedResponse: String
    var problemRateLimited: String
    var problemProviderServerError: String
    var problemExchangeFailed: String
    var problemLoginEnded: String
    var problemStoreUnwritable: String
    // A redirect-mode app's link.
    var continuingTitle: String
    /// `{app}`.
    var continuingText: String
    // Where and when a sign-in started (the confirm page).
    /// `{ago}` (``agoJustNow`` or ``agoMinutes``), `{network}`.
    var startedFrom: String
    /// `{ago}`.
    var startedAt: String
    var agoJustNow: String
    /// `{minutes}`.
    var agoMinutes: String
    var otherNetworkTitle: String
    var otherNetworkText: String
    var notMeButton: String
    var endedTitle: String
    var endedText: String
    // The authorization endpoint.
    var authorizeErrorTitle: String
    var authorizeUnknownClient: String
    var authorizeBadRedirect: String
    /// `{reason}`.
    var authorizeBadRequest: String
    var consentTitle: String
    /// `{app}`, `{battletag}`.
    var consentAsks: String
    /// `{destination}`.
    var consentReturn: String
    var consentThisComputer: String
    /// `{app}`.
    var consentWarn: String
    var consentAllow: String
    // A login whose start network is unknown.
    var unknownNetworkTitle: String
    var unknownNetworkText: String

    /// A text with marks (``PageTemplates/template(ofText:)``), by its name, and the value of each mark.
    struct Sentence: Sendable {
        var name: String
        var values: [String: any Sendable] = [:]
    }

    /// The text that says `problem`; a code it reflects, a safe word, is shown escaped as `<code>`.
    static func sentence(_ problem: CallbackProblem) -> Sentence {
        switch problem {
        case .unknownApp: Sentence(name: "problemUnknownApp")
        case .noValidState: Sentence(name: "problemNoValidState")
        case .unknownState: Sentence(name: "problemUnknownState")
        case .storeUnreadable: Sentence(name: "problemStoreUnreadable")
        case .recordChanged: Sentence(name: "problemRecordChanged")
        case .wrongApp: Sentence(name: "problemWrongApp")
        case .providerError(let code): Sentence(name: "problemProviderError", values: ["code": code])
        case .noCode: Sentence(name: "problemNoCode")
        case .exchangeRefused(let code): Sentence(name: "problemExchangeRefused", values: ["code": code])
        case .timeout: Sentence(name: "problemTimeout")
        case .unreachable: Sentence(name: "problemUnreachable")
        case .malformedResponse: Sentence(name: "problemMalformedResponse")
        case .rateLimited: Sentence(name: "problemRateLimited")
        case .providerServerError: Sentence(name: "problemProviderServerError")
        case .exchangeFailed: Sentence(name: "problemExchangeFailed")
        case .loginEnded: Sentence(name: "problemLoginEnded")
        case .storeUnwritable: Sentence(name: "problemStoreUnwritable")
        }
    }
}
