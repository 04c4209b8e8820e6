import Foundation

extension DeviceFlowError: LocalizedError {
    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .accessDenied: "Sign in again and approve the request to continue."
        case .expired, .invalidGrant: "Start a new sign-in."
        case .invalidClient: "Check the app's name (client id) and the relay's --app registration."
        case .oauth: "Check the requested scopes and try again."
        case .unsupported: "Check the relay URL: it must point at a relay that offers the device flow."
        }
    }
}
