import Foundation

/// No token without the player: they are signed out, or their token expired or was rejected. Call
/// ``PlayerSession/signIn(present:)`` from the UI.
public struct SignInRequired: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why there is no token.
    public enum Reason: Sendable, Hashable {
        /// Nobody is signed in.
        case signedOut
        /// The player's token expired (Battle.net tokens last about a day) or the API rejected it.
        case expired
    }

    /// Why there is no token.
    public var reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .signedOut: "Nobody is signed in with Battle.net."
        case .expired: "The Battle.net sign-in has expired."
        }
    }
}
