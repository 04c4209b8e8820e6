import Foundation

// Renewal: Battle.net issues no refresh token and its tokens last a day, but it remembers a player who signed in
// and the consent they gave, in its own cookies. A sign-in through a browser session that keeps those cookies
// (not ephemeral) therefore comes back without a page, and renewing is a quick flash of the sheet. It is always the
// app's call, through a method: the session never shows a sheet by itself.
extension PlayerSession {
    /// What renewing would do now (``renewal``).
    public enum Renewal: Sendable, Hashable {
        /// The player's token is still good: nothing to renew.
        case notNeeded(SignedInPlayer)
        /// The player's token expired or the API refused it: ``renew(present:)`` signs them in again, through a
        /// shared browser session that Battle.net can complete without any input.
        case available(SignedInPlayer)
        /// A sign-in sheet is up: ``renew(present:)`` waits for it.
        case inProgress
        /// No player to renew: a first sign-in is needed (``signIn(present:)``).
        case signInNeeded
        /// The stored player could not be read.
        case storeUnreadable(StoreReadFailure)
    }

    /// What ``renew(present:)`` would do: for a UI deciding whether to offer "Renew sign-in" (or to renew at once
    /// when the app comes to the foreground, where it has a window to present from).
    public var renewal: Renewal {
        switch state {
        case .signedIn(let player): .notNeeded(player)
        case .expired(let player): .available(player)
        case .signingIn: .inProgress
        case .signedOut: .signInNeeded
        case .storeUnreadable(let failure): .storeUnreadable(failure)
        }
    }

    /// Renews an expired player's sign-in through `present`, which must show the sign-in in a browser session that
    /// shares Battle.net's cookies (on Apple platforms `renew(presentingFrom:)`: not ephemeral), so that a
    /// Battle.net that remembers the player and this app's consent answers without input. Returns the result as
    /// ``signIn(present:)`` does (`approved` at once when the token is still good); nil, without showing anything,
    /// when there is no player to renew (``Renewal/signInNeeded``, ``Renewal/storeUnreadable(_:)``).
    ///
    /// The player who comes back may be another account, when someone else signed in to Battle.net in that
    /// browser meanwhile; compare ``SignedInPlayer/battleTag`` with the expired one's if it matters.
    public func renew(present: @escaping @Sendable (SignInAttempt) async throws -> URL?) async -> SignInResult? {
        switch renewal {
        case .notNeeded(let player): return .approved(player)
        case .available, .inProgress: return await signIn(present: present)
        case .signInNeeded, .storeUnreadable: return nil
        }
    }
}
