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
/// case .storeUnreadable(let failure): Button("Try again") { Task { await account.reload() } }
/// case .signedOut, .expired:
///     Button("Sign in with Battle.net") {
///         Task { await account.session.signIn(using: webAuthenticationSession) }
///     }
/// }
/// ```
@MainActor
@Observable
public final class ObservablePlayerSession {
    /// The session's state, updated as it changes: from creation, the stored player's
    /// (``PlayerSession/storedState()``), so a signed-in player never sees the sign-in button flash at launch.
    public private(set) var state: PlayerSession.State
    /// The session itself, for API clients (`tokens: account.session`).
    public let session: PlayerSession
    @ObservationIgnored private var watcher: Task<Void, Never>?

    /// Follows `session`'s state from now on, starting from the stored player.
    public init(_ session: PlayerSession) {
        self.session = session
        state = session.storedState()
        watcher = Task { [weak self] in
            for await state in await session.states() {
                self?.state = state
            }
        }
    }

    /// Reads the token store again after ``PlayerSession/State/storeUnreadable(_:)``; ``state`` follows.
    public func reload() async {
        state = await session.state
    }

    deinit {
        watcher?.cancel()
    }
}
#endif
