import Foundation

extension SignInFailure: LocalizedError {
    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch reason {
        case .battleNet, .unreachable, .browser: "Try again in a moment."
        case .unrecognisedCallback, .unconfirmedCallback: "Ignore the link and sign in from the app."
        case .notCollectable: "Sign in again."
        case .refused: "Check the app's name and the relay's --app registration."
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
