#if canImport(Observation)
import Observation

/// A ``PlayerSession`` for SwiftUI: its ``state`` is `@Observable`, so views follow sign-in, expiry and sign-out.
///
/// ```swift
/// @State private var account = ObservablePlayerSession(session)
/// @Environment(\.webAuthenticationSession) private var webAuthenticationSession
/// ...
/// switch account.state {
/// case .signedIn(let player): Text("Signed in as \(player.battleTag?.description ?? "a player")")
/// case .signingIn: ProgressView()
/// case .signedOut, .expired:
///     Button("Sign in with Battle.net") {
///         Task { await account.session.signIn(using: webAuthenticationSession) }
///     }
/// }
/// ```
@MainActor
@Observable
public final class ObservablePlayerSession {
    /// The session's state, updated as it changes (``PlayerSession/State/signedOut`` until the session first answers).
    public private(set) var state: PlayerSession.State = .signedOut
    /// The session itself, for API clients (`tokens: account.session`).
    public let session: PlayerSession
    @ObservationIgnored private var watcher: Task<Void, Never>?

    /// Follows `session`'s state from now on.
    public init(_ session: PlayerSession) {
        self.session = session
        watcher = Task { [weak self] in
            for await state in await session.states() {
                self?.state = state
            }
        }
    }

    deinit {
        watcher?.cancel()
    }
}
#endif
