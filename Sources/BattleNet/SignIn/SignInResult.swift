import Foundation

/// How a sign-in through the relay ended, as a UI shows it.
public enum SignInResult: Sendable, Hashable {
    /// The player approved: their token, BattleTag and region.
    case approved(SignedInPlayer)
    /// The player declined at Battle.net. Nothing was shared.
    case denied
    /// The sign-in could not finish; the failure says why and what to do.
    case failed(SignInFailure)
    /// The sign-in was not finished in time (the relay keeps a login 10 minutes); start a new one.
    case expired
    /// The player closed the browser sheet before finishing, or the app cancelled the task.
    case cancelled

    /// The signed-in player, or a thrown ``SignInEnded`` saying why there is none.
    public func player() throws(SignInEnded) -> SignedInPlayer {
        guard case .approved(let player) = self else { throw SignInEnded(result: self) }
        return player
    }
}

/// A sign-in ended without a player, as an error: for code that signs in inside a throwing call.
public struct SignInEnded: Error, Sendable, Hashable, CustomStringConvertible {
    /// The result that was not ``SignInResult/approved(_:)``.
    public var result: SignInResult

    /// An error for `result`, such as ``SignInResult/cancelled`` from a sign-in hook that could not show its sheet.
    public init(result: SignInResult) {
        self.result = result
    }

    public var description: String {
        switch result {
        case .approved(let player): "Signed in as \(player.battleTag?.description ?? "a player")."
        case .denied: "The sign-in was declined at Battle.net; nothing was shared."
        case .failed(let failure): failure.description
        case .expired: "The sign-in took too long and expired; start a new one."
        case .cancelled: "The sign-in was cancelled."
        }
    }
}

/// Why a sign-in failed, with a message a person can act on.
public struct SignInFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, for code that reacts differently to each.
    public enum Reason: Sendable, Hashable {
        /// Battle.net or the relay failed to complete the sign-in (the callback's `result=failed`).
        case battleNet
        /// The app was opened with a URL that is not this relay's callback for this app.
        case unrecognisedCallback
        /// The callback claimed an outcome the relay does not confirm: it did not come from the relay.
        case unconfirmedCallback
        /// The relay has no token for this sign-in: it was collected already (each is handed out once), or the relay
        /// could not open it (the relay's description says which).
        case notCollectable
        /// The relay refused the request, for example an app name it does not serve (`invalid_client`).
        case refused
        /// The relay could not be reached or answered unexpectedly.
        case unreachable
        /// The browser sheet could not be shown.
        case browser
        /// The relay URL is neither https nor plain http to this machine, so nothing was sent to it.
        case insecureRelay
        /// The player signed in, but the token store refused to keep the token: they are signed in until the app
        /// quits, and asked again at the next launch.
        case tokenStore
    }

    /// The kind of failure.
    public var reason: Reason
    /// What happened and what to do.
    public var description: String

    /// Creates a failure.
    public init(_ reason: Reason, _ description: String) {
        self.reason = reason
        self.description = description
    }
}
