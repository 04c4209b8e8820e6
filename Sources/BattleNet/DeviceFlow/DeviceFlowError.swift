import Foundation

/// How a device-flow login ended without a token. Transport failures stay ``BattleNetError``s.
public enum DeviceFlowError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The person declined the request (`access_denied`).
    case accessDenied
    /// The codes expired before the person approved (`expired_token`, or `expires_in` elapsed here).
    case expired
    /// The server no longer knows the device code (`invalid_grant`): it was used, revoked or never issued.
    case invalidGrant(OAuthError)
    /// The server does not accept this client id (`invalid_client`).
    case invalidClient(OAuthError)
    /// Any other OAuth error, such as `invalid_scope` or `unsupported_grant_type`.
    case oauth(OAuthError)
    /// The server does not offer the device flow, or its metadata could not be used.
    case unsupported(String)

    public var description: String {
        switch self {
        case .accessDenied:
            "The sign-in request was declined."
        case .expired:
            "The sign-in code expired before it was approved."
        case .invalidGrant(let error):
            "The server no longer accepts this sign-in code (invalid_grant"
                + (error.errorDescription.map { ": \($0)" } ?? "") + ")."
        case .invalidClient(let error):
            "The server does not accept this client id (invalid_client"
                + (error.errorDescription.map { ": \($0)" } ?? "") + ")."
        case .oauth(let error):
            error.description
        case .unsupported(let detail):
            "The server does not offer the device authorization flow: \(detail)."
        }
    }

    /// Classifies an OAuth error body of the token or device authorization endpoint.
    static func classify(_ error: OAuthError) -> DeviceFlowError {
        switch error.error {
        case "access_denied": .accessDenied
        case "expired_token": .expired
        case "invalid_grant": .invalidGrant(error)
        case "invalid_client", "unauthorized_client": .invalidClient(error)
        default: .oauth(error)
        }
    }
}
