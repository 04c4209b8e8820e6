import Foundation

// `localizedDescription` (and Apple's alerts) show these errors' own messages.

extension BattleNetError: LocalizedError {
    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .oauth: "Check the app's client id and secret, or sign in again."
        case .notFound: "Check the spelling, the BattleTag's letter case and the region."
        case .forbidden: "Sign in again with the scope this data needs."
        case .missingScope(let scope, _): "Sign in again and grant the scope \(scope)."
        case .invalidToken: "Sign in again."
        case .rateLimited: "Wait a moment and try again."
        case .serverError, .unavailable: "Try again later."
        case .timeout, .unreachable: "Check the network connection and try again."
        case .unexpectedStatus, .responseTooLarge, .malformedResponse: "Try again later; if it persists, report it."
        }
    }
}

extension FormEncoding.DecodingError: LocalizedError {
    public var errorDescription: String? { "The form or query string is malformed: \(description)." }
    public var recoverySuggestion: String? { "Percent-encode the value as UTF-8 (RFC 3986)." }
}

extension BattleTag.ParseError: LocalizedError {
    public var errorDescription: String? { description }
    public var recoverySuggestion: String? { "Enter the BattleTag as the Battle.net app shows it, such as Name#1234." }
}
