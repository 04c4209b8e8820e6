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
/// An API client on the session (`tokens: session`) that names no `apiBaseURL` calls where the player's token works:
/// the region's Blizzard API host, or, for a player signed in at a sandbox relay, the API its metadata names
/// (`sandbox_api_url`, its Battle.net emulator; ``SignedInPlayer/apiBaseURL``). An `apiBaseURL` the app names wins.
///
/// - ``signIn(present:)`` is the only call that shows a sheet. However many calls ask at once, one sheet opens and they
///   all get its result; when the player is already signed in it returns at once. A caller that is cancelled stops
///   waiting; when no caller waits any more, the sheet is dismissed and the sign-in ends as cancelled.
/// - ``token()`` never shows one and never waits on one (unless the app sets `signInWait`), so API calls and
///   background work never stall on the player: it hands out the stored token until it expires (or will within
///   `leeway`), then throws ``SignInRequired``, as it does after the API rejected the token (401). Battle.net issues
///   no refresh token: a token lasts about a day, and then the player signs in again.
/// - ``state`` and ``states()`` tell a UI what to show; ``ObservablePlayerSession`` wraps them for SwiftUI. A store
///   that cannot be read (the Keychain before the first unlock) is ``State/storeUnreadable(_:)``, and read again on
///   the next call.
public actor PlayerSession: PlayerTokenSource {
    /// The relay the player signs in through.
    public let relay: RelaySignIn
    private let store: any TokenStore
    private let key: String
    private let leeway: Duration
    private let signInWait: Duration
    private let now: @Sendable () -> Date
    private var current = State.signedOut
    private var loaded = false
    private var pending: Task<Void, Never>?
    private var waiters: [UUID: CheckedContinuation<SignInResult, Never>] = [:]
    private var beforeSignIn = State.signedOut
    /// Counts sign-outs, so that a sign-in they cancelled does not bring its player back.
    private var signOuts = 0
    private var watchers: [UUID: AsyncStream<State>.Continuation] = [:]

    /// A session signing in through `relay`, over the player stored under `key` in `store`. A token within
    /// `leeway` of its expiry is not handed out. ``token()`` waits up to `signInWait` for a sign-in sheet that is
    /// open (zero, the default: it does not wait).
    public init(
        relay: RelaySignIn, store: any TokenStore, key: String = "default", leeway: Duration = .seconds(60),
        signInWait: Duration = .zero, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.relay = relay
        self.store = store
        self.key = key
        self.leeway = leeway
        self.signInWait = signInWait
        self.now = now
    }

    /// The current state; the stored player is read on first use, and again while the store cannot be read.
    public var state: State {
        loadIfNeeded()
        return current
    }

    /// The state the stored player gives, read now without waiting for the actor: what a UI shows at launch
    /// (``ObservablePlayerSession`` starts from it).
    public nonisolated func storedState() -> State {
        do {
            guard let player = try store.load(key) else { return .signedOut }
            return !player.token.isExpired(leeway: leeway, now: now()) ? .signedIn(player) : .expired(player)
        } catch {
            return .storeUnreadable(StoreReadFailure(error))
        }
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
    /// player is signed in already (sign out first to change players).
    ///
    /// Cancelling a caller ends its own wait (``SignInResult/cancelled``); the sheet stays up for the others. When
    /// the last caller is cancelled, the sheet is dismissed and the sign-in ends as cancelled; the previous state
    /// stays.
    @discardableResult
    public func signIn(present: @escaping @Sendable (SignInAttempt) async throws -> URL?) async -> SignInResult {
        loadIfNeeded()
        if case .signedIn(let player) = current, isUsable(player) { return .approved(player) }
        if pending == nil { startSignIn(present) }
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters[id] = continuation
                if Task.isCancelled { leave(id) }
            }
        } onCancel: {
            Task { await self.leave(id) }
        }
    }

    /// A token valid for at least `leeway`, without ever showing a sheet: throws ``SignInRequired`` when there is
    /// none (call ``signIn(present:)`` from the UI), or ``StoreReadFailure`` when the stored player could not be
    /// read. A sign-in on screen is not awaited, unless the session was created with a `signInWait`.
    public func token() async throws -> AccessToken {
        try await player().token
    }

    /// The player whose token ``token()`` hands out, under its rules: an API client on the session reads where the
    /// token works from it (``SignedInPlayer/apiBaseURL``), in the same step.
    func player() async throws -> SignedInPlayer {
        loadIfNeeded()
        if pending != nil, signInWait > .zero { await waitForSignIn(upTo: signInWait) }
        switch current {
        case .signedIn(let player):
            if isUsable(player) { return player }
            update(.expired(player))
            throw SignInRequired(.expired)
        case .expired:
            throw SignInRequired(.expired)
        case .storeUnreadable(let failure):
            throw failure
        case .signingIn:
            throw SignInRequired(beforeSignIn.player == nil ? .signedOut : .expired)
        case .signedOut:
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
        let player = current.player ?? beforeSignIn.player
        signOuts += 1
        pending?.cancel()
        pending = nil
        resumeWaiters(.cancelled)
        loaded = true
        update(.signedOut)
        try store.delete(key)
        guard let player, !player.token.isExpired(leeway: .zero, now: now()) else { return }
        do {
            try await relay.revoke(player)
        } catch DeviceFlowError.unsupported {
            return
        }
    }

    private func startSignIn(_ present: @escaping @Sendable (SignInAttempt) async throws -> URL?) {
        beforeSignIn = current
        let epoch = signOuts
        // Isolated to this actor, as the method is; `run` itself runs off it.
        pending = Task { [relay] in
            let result = await relay.run(present: present)
            self.finishSignIn(result, epoch: epoch)
        }
        update(.signingIn)
    }

    /// Stores an approved player, sets the state, and gives every waiting caller the result.
    private func finishSignIn(_ result: SignInResult, epoch: Int) {
        guard epoch == signOuts else { return }
        pending = nil
        guard case .approved(let player) = result else {
            update(beforeSignIn)
            return resumeWaiters(result)
        }
        loaded = true
        update(.signedIn(player))
        do {
            try store.save(player, as: key)
            resumeWaiters(result)
        } catch {
            resumeWaiters(.failed(SignInFailure(
                .tokenStore, sentence("Signed in, but the token could not be stored (\(error.localizedDescription)); "
                    + "you will be asked to sign in again after the app restarts"))))
        }
    }

    /// A caller stopped waiting: it gets ``SignInResult/cancelled`` now, unless it was the last one, whose
    /// cancellation ends the sign-in (dismissing the sheet) and who gets the sign-in's own result.
    private func leave(_ id: UUID) {
        guard let continuation = waiters[id] else { return }
        if waiters.count == 1, let pending {
            pending.cancel()
            return
        }
        waiters[id] = nil
        continuation.resume(returning: .cancelled)
    }

    private func resumeWaiters(_ result: SignInResult) {
        let waiting = waiters.values
        waiters = [:]
        for continuation in waiting { continuation.resume(returning: result) }
    }

    /// Waits until the sign-in on screen ends, or `limit` has passed.
    /// How many callers of ``signIn(present:)`` wait now, and how many watch the state (a ``token()`` waiting on a
    /// sheet is one): what a test waits on before it acts.
    var waiting: (callers: Int, watchers: Int) { (waiters.count, watchers.count) }

    private func waitForSignIn(upTo limit: Duration) async {
        let states = states()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await state in states where state != .signingIn { return }
            }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    private func isUsable(_ player: SignedInPlayer) -> Bool {
        !player.token.isExpired(leeway: leeway, now: now())
    }

    /// Reads the stored player until a read succeeds: a failed read is ``State/storeUnreadable(_:)`` until then.
    private func loadIfNeeded() {
        guard !loaded, pending == nil else { return }
        let stored = storedState()
        if case .storeUnreadable = stored {} else { loaded = true }
        update(stored)
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
