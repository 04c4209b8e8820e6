import BattleNet
import RelayCore

/// Every text of the relay's pages, one value per language (`Languages/`), compiled in. A `{name}` in a text
/// marks where ``html(_:_:)`` puts a value; a test checks that every language has every text and the same marks.
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

    /// `text` escaped for HTML with each `{name}` replaced by its value from `values`, which must be HTML already;
    /// one pass, so a value is never searched for marks itself.
    static func html(_ text: String, _ values: [String: String] = [:]) -> String {
        escapeHTML(text).replacing(/\{([a-z]+)\}/) { match in values[String(match.1)] ?? String(match.0) }
    }

    /// `problem` in this language, escaped for HTML.
    func html(_ problem: CallbackProblem) -> String {
        switch problem {
        case .unknownApp: Self.html(problemUnknownApp)
        case .noValidState: Self.html(problemNoValidState)
        case .unknownState: Self.html(problemUnknownState)
        case .storeUnreadable: Self.html(problemStoreUnreadable)
        case .recordChanged: Self.html(problemRecordChanged)
        case .wrongApp: Self.html(problemWrongApp)
        case .providerError(let code): Self.html(problemProviderError, ["code": "<code>\(escapeHTML(code))</code>"])
        case .noCode: Self.html(problemNoCode)
        case .exchangeRefused(let code):
            Self.html(problemExchangeRefused, ["code": "<code>\(escapeHTML(code))</code>"])
        case .timeout: Self.html(problemTimeout)
        case .unreachable: Self.html(problemUnreachable)
        case .malformedResponse: Self.html(problemMalformedResponse)
        case .rateLimited: Self.html(problemRateLimited)
        case .providerServerError: Self.html(problemProviderServerError)
        case .exchangeFailed: Self.html(problemExchangeFailed)
        case .loginEnded: Self.html(problemLoginEnded)
        case .storeUnwritable: Self.html(problemStoreUnwritable)
        }
    }
}
