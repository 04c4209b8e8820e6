import Foundation

extension PlayerSession {
    /// Where the session stands.
    public enum State: Sendable, Hashable {
        /// No player: never signed in, or signed out.
        case signedOut
        /// The sign-in sheet is up.
        case signingIn
        /// A player with a token that is still valid.
        case signedIn(SignedInPlayer)
        /// The player's token expired or the API rejected it: they must sign in again.
        case expired(SignedInPlayer)
        /// The token store could not be read (the Keychain before the device's first unlock, for example): the
        /// session reads it again on its next call. A UI says so, and offers to try again.
        case storeUnreadable(StoreReadFailure)

        /// The player, signed in or expired.
        public var player: SignedInPlayer? {
            switch self {
            case .signedIn(let player), .expired(let player): player
            case .signedOut, .signingIn, .storeUnreadable: nil
            }
        }
    }
}

/// The token store could not read the stored player; ``PlayerSession`` tries again on its next call.
public struct StoreReadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the store said.
    public var description: String

    /// A failure saying `description`.
    public init(description: String) {
        self.description = description
    }

    init(_ error: any Error) {
        description = sentence("The saved sign-in could not be read: \(error.localizedDescription)")
    }
}

extension StoreReadFailure: LocalizedError {
    public var errorDescription: String? { description }
    public var recoverySuggestion: String? {
        "Try again once the device is unlocked; if this persists, sign in again."
    }
}
