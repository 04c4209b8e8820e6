import Foundation

/// The signed-in player's token for API calls, in the manner of Alamofire's `AuthenticationInterceptor`: the stored
/// token is applied, a token expired (or within `leeway` of it) is never sent, and since Battle.net issues no refresh
/// token, the app's `signIn` hook runs instead; after a 401 the API client retries once with the new sign-in.
///
/// ```swift
/// let session = PlayerSession(store: KeychainTokenStore(service: "com.example.app")) {
///     try await signIn.run(presentingFrom: window).player()
/// }
/// let d3 = Diablo3Client(region: .eu, tokens: session, transport: URLSessionTransport.shared)
/// ```
///
/// However many calls need a new sign-in at once, the hook runs once and they all wait for it.
public actor PlayerSession: AccessTokenSource {
    private let store: any TokenStore
    private let key: String
    private let leeway: Duration
    private let now: @Sendable () -> Date
    private let signIn: @Sendable () async throws -> SignedInPlayer
    private var current: SignedInPlayer?
    private var loaded = false
    private var renewal: Task<SignedInPlayer, any Error>?

    /// A session over the player stored under `key` in `store`; `signIn` signs the player in again (showing the
    /// sign-in sheet) and throws when they do not (``SignInResult/player()`` does that).
    public init(
        store: any TokenStore, key: String = "default", leeway: Duration = .seconds(60),
        now: @escaping @Sendable () -> Date = { Date() },
        signIn: @escaping @Sendable () async throws -> SignedInPlayer
    ) {
        self.store = store
        self.key = key
        self.leeway = leeway
        self.now = now
        self.signIn = signIn
    }

    /// The signed-in player, from memory or the store; nil when there is none.
    public var player: SignedInPlayer? {
        get throws {
            if !loaded {
                current = try store.load(key)
                loaded = true
            }
            return current
        }
    }

    /// A token valid for at least `leeway`: the stored one, or a new sign-in's.
    public func token() async throws -> AccessToken {
        if let player = try player, !player.token.isExpired(leeway: leeway, now: now()) {
            return player.token
        }
        return try await signInAgain().token
    }

    /// The API refused `token` (401): it is forgotten, and the next ``token()`` signs in again.
    public func tokenWasRejected(_ token: AccessToken) async {
        guard current?.token.value == token.value else { return }
        current = nil
        try? store.delete(key)
    }

    /// Signs the player in again now (one sign-in however many callers ask at once) and stores the result.
    @discardableResult
    public func signInAgain() async throws -> SignedInPlayer {
        if let renewal { return try await renewal.value }
        let task = Task { [signIn] in try await signIn() }
        renewal = task
        defer { renewal = nil }
        let player = try await task.value
        try store.save(player, as: key)
        current = player
        loaded = true
        return player
    }

    /// Forgets the player, here and in the store.
    public func signOut() throws {
        current = nil
        loaded = true
        try store.delete(key)
    }
}
