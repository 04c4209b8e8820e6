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
        /// The URL is not a bnet-relay: it has no RFC 8414 metadata, or its metadata names no device endpoint.
        case notARelay
        /// The relay does not serve an app of this name (`invalid_client`).
        case unknownApp
        /// The app is registered at the relay in `poll` mode, whose sign-ins never return to the app: refused at
        /// start, before any sheet.
        case wrongMode
        /// The relay is limiting sign-ins from this network (HTTP 429): wait ``SignInFailure/retryAfter``.
        case rateLimited
        /// The relay refused the request for another reason, such as a scope it does not grant.
        case refused
        /// The relay could not be reached, or cannot sign players in right now (HTTP 5xx).
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
    /// How long the relay asked the app to wait before trying again (its `Retry-After`), when it said.
    public var retryAfter: Duration?

    /// Creates a failure.
    public init(_ reason: Reason, _ description: String, retryAfter: Duration? = nil) {
        self.reason = reason
        self.description = description
        self.retryAfter = retryAfter
    }
}
