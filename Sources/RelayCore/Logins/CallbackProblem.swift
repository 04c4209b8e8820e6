/// Why a callback was refused or failed, safe to show: the relay's pages say it in the person's language.
public enum CallbackProblem: Sendable, Equatable {
    case unknownApp
    case noValidState
    case unknownState
    case storeUnreadable
    case recordChanged
    case wrongApp
    /// Battle.net redirected back with `error=<code>` (a safe word, ``LoginService/safeCode(_:)``).
    case providerError(code: String)
    case noCode
    /// The code exchange was refused with an OAuth error (a safe word).
    case exchangeRefused(code: String)
    case timeout
    case unreachable
    case malformedResponse
    case rateLimited
    case providerServerError
    case exchangeFailed
    case loginEnded
    case storeUnwritable

    /// The problem in English.
    public var message: String {
        switch self {
        case .unknownApp: "This app is not served by this relay."
        case .noValidState: "The sign-in response has no valid state."
        case .unknownState: "This sign-in link is unknown, expired or was already used."
        case .storeUnreadable: "The relay could not read its database; try again in a moment."
        case .recordChanged: "This sign-in cannot be completed: it was started under a key the relay no longer holds (retired by its operator), or its record was changed outside the relay. Start a new sign-in."
        case .wrongApp: "This sign-in response does not belong to this app."
        case .providerError(let code): "Battle.net answered \(code)."
        case .noCode: "Battle.net's answer carried no authorization code."
        case .exchangeRefused(let code): "Battle.net refused the sign-in (\(code)); start a new login."
        case .timeout: "Battle.net did not answer in time; start a new login."
        case .unreachable: "Battle.net could not be reached; try again later."
        case .malformedResponse: "Battle.net's answer was not understood; try again later."
        case .rateLimited: "Battle.net is busy (rate limited); try again in a minute."
        case .providerServerError: "Battle.net had an error; try again later."
        case .exchangeFailed: "The sign-in could not be completed; start a new login."
        case .loginEnded: "This login ended while Battle.net was answering."
        case .storeUnwritable: "The relay could not store the sign-in; start a new login."
        }
    }
}
