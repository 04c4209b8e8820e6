import Foundation

extension SignInFailure: LocalizedError {
    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch reason {
        case .battleNet, .unreachable, .browser: "Try again in a moment."
        case .unrecognisedCallback, .unconfirmedCallback: "Ignore the link and sign in from the app."
        case .notCollectable: "Sign in again."
        case .notARelay: "Check the relay URL."
        case .unknownApp: "Check the app's name, or register it at the relay with --app <name>=redirect."
        case .wrongMode: "Register the app at the relay in redirect mode (--app <name>=redirect)."
        case .rateLimited: retryAfter.map { "Wait \($0.components.seconds) s, then try again." } ?? "Wait a minute, then try again."
        case .refused: "Check the scopes the app asks for and the relay's --app registration."
        case .insecureRelay: "Use the relay's https URL."
        case .tokenStore: "Check the app's Keychain access, then sign in again."
        }
    }
}

extension SignInEnded: LocalizedError {
    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch result {
        case .approved, .cancelled: nil
        case .denied, .expired: "Sign in again to continue."
        case .failed(let failure): failure.recoverySuggestion
        }
    }
}

extension SignInRequired: LocalizedError {
    public var errorDescription: String? { description }
    public var recoverySuggestion: String? { "Sign in with Battle.net to continue." }
}
