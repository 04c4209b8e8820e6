import Foundation

/// One signed-in player for the whole app: keep one session for the app's lifetime and give it to every API client.
///
/// ```swift
/// let session = PlayerSession(
///     relay: RelaySignIn(relayURL: URL(string: "https://relay.example.com")!, app: "myapp",
///                        transport: URLSessionTransport.shared),
///     store: KeychainTokenStore(service: "com.example.myapp"))
/// await session.signIn(presentingFrom: window)             // shows the sheet, stores the player
/// let d3 = Diablo3Client(region: .eu, tokens: session, transport: URLSessionTransport.shared)
/// try await session.signOut()                              // forgets the player, revokes the token
/// ```
///
/// - ``signIn(present:)`` is the only call that shows a sheet. However many calls ask at once, one sheet opens and they
///   all get its result; when the player is already signed in it returns at once.
/// - ``token()`` never shows one, so API calls and background work never interrupt the player: it hands out the
///   stored token until it expires (or will within `leeway`), then throws ``SignInRequired``, as it does after the
///   API rejected the token (401). Battle.net issues no refresh token: a token lasts about a day, and then the
///   player signs in again.
/// - ``state`` and ``states()`` tell a UI what to show; ``ObservablePlayerSession`` wraps them for SwiftUI.
public actor PlayerSession: AccessTokenSource {
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

        /// The player, signed in or expired.
        public var player: SignedInPlayer? {
            switch self {
            case .signedIn(let player), .expired(let player): player
            case .signedOut, .signingIn: nil
            }
        }
    }

    /// The relay the player signs in through.
    public let relay: RelaySignIn
    private let store: any TokenStore
    private let key: String
    private let leeway: Duration
    private let now: @Sendable () -> Date
    private var current = State.signedOut
    private var loaded = false
    private var loadFailure: (any Error)?
    private var pending: Task<SignInResult, Never>?
    /// Counts sign-outs, so that a sign-in they cancelled does not bring its player back.
    private var signOuts = 0
    private var watchers: [UUID: AsyncStream<State>.Continuation] = [:]

    /// A session signing in through `relay`, over the player stored under `key` in `store`. A token within
    /// `leeway` of its expiry is not handed out.
    public init(
        relay: RelaySignIn, store: any TokenStore, key: String = "default", leeway: Duration = .seconds(60),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.relay = relay
        self.store = store
        self.key = key
        self.leeway = leeway
        self.now = now
    }

    /// The current state; the stored player is read on first use.
    public var state: State {
        loadIfNeeded()
        return current
    }

    /// The current state, then every change, until the stream is dropped.
    public func states() -> AsyncStream<State> {
        loadIfNeeded()
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        watchers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.stopWatching(id) }
        }
        continuation.yield(current)
        return stream
    }

    /// Signs the player in through ``relay`` (``RelaySignIn/run(present:)``), `present` showing the sheet: one
    /// sheet however many callers ask at once (a caller arriving while it is up gets its result, and its own
    /// `present` is not used), then stores the player. Returns ``SignInResult/approved(_:)`` at once when the
    /// player is signed in already (sign out first to change players). Cancelling a caller dismisses the sheet
    /// and ends the sign-in as ``SignInResult/cancelled``; the previous state stays.
    @discardableResult
    public func signIn(present: @escaping @Sendable (SignInAttempt) async throws -> URL?) async -> SignInResult {
        loadIfNeeded()
        if case .signedIn(let player) = current, isUsable(player) { return .approved(player) }
        let task = pending ?? startSignIn(present)
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// A token valid for at least `leeway`, without ever showing a sheet: throws ``SignInRequired`` when there is
    /// none (call ``signIn(present:)`` from the UI), or the store's error when the stored player could not be read. A
    /// sign-in already on screen is awaited.
    public func token() async throws -> AccessToken {
        loadIfNeeded()
        if let pending { _ = await pending.value }
        if let loadFailure { throw loadFailure }
        switch current {
        case .signedIn(let player):
            if isUsable(player) { return player.token }
            update(.expired(player))
            throw SignInRequired(.expired)
        case .expired:
            throw SignInRequired(.expired)
        case .signedOut, .signingIn:
            throw SignInRequired(.signedOut)
        }
    }

    /// The API refused `token` (401): the player is ``State/expired(_:)`` and removed from the store, so that the
    /// next launch does not send it again.
    public func tokenWasRejected(_ token: AccessToken) async {
        guard case .signedIn(let player) = current, player.token.value == token.value else { return }
        try? store.delete(key)
        update(.expired(player))
    }

    /// Signs the player out: dismisses a sign-in in progress, forgets the player in memory and in the store, and
    /// then revokes their token at the relay (``RelaySignIn/revoke(_:)``) unless it has expired or the relay offers
    /// no revocation. The state is ``State/signedOut`` even when this throws (the store's error, or the relay's
    /// when it could not revoke the token: it then stays valid until it expires).
    public func signOut() async throws {
        loadIfNeeded()
        let player = current.player
        signOuts += 1
        pending?.cancel()
        pending = nil
        loadFailure = nil
        update(.signedOut)
        try store.delete(key)
        guard let player, !player.token.isExpired(leeway: .zero, now: now()) else { return }
        do {
            try await relay.revoke(player)
        } catch DeviceFlowError.unsupported {
            return
        }
    }

    private func startSignIn(_ present: @escaping @Sendable (SignInAttempt) async throws -> URL?) -> Task<SignInResult, Never> {
        let previous = current
        let epoch = signOuts
        // Isolated to this actor, as the method is; `run` itself runs off it.
        let task = Task { [relay] in
            let result = await relay.run(present: present)
            return self.finishSignIn(result, previous: previous, epoch: epoch)
        }
        pending = task
        update(.signingIn)
        return task
    }

    /// Stores an approved player and sets the state; the shared result every caller of ``signIn(present:)`` gets.
    private func finishSignIn(_ result: SignInResult, previous: State, epoch: Int) -> SignInResult {
        guard epoch == signOuts else { return .cancelled }
        pending = nil
        guard case .approved(let player) = result else {
            update(previous)
            return result
        }
        loadFailure = nil
        update(.signedIn(player))
        do {
            try store.save(player, as: key)
        } catch {
            return .failed(SignInFailure(
                .tokenStore, "Signed in, but the token could not be stored (\(error.localizedDescription)); "
                    + "you will be asked to sign in again after the app restarts."))
        }
        return result
    }

    private func isUsable(_ player: SignedInPlayer) -> Bool {
        !player.token.isExpired(leeway: leeway, now: now())
    }

    private func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        do {
            if let player = try store.load(key) {
                current = isUsable(player) ? .signedIn(player) : .expired(player)
            }
        } catch {
            loadFailure = error
        }
    }

    private func update(_ state: State) {
        guard state != current else { return }
        current = state
        for watcher in watchers.values { watcher.yield(state) }
    }

    private func stopWatching(_ id: UUID) {
        watchers[id] = nil
    }
}

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
