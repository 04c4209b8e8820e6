import Foundation

/// How rate-limited (HTTP 429) calls are retried: the server's `Retry-After` is honoured, bounded.
public struct RateLimitRetry: Sendable, Hashable {
    /// How many times a call is retried after a 429 before ``BattleNetError/rateLimited(retryAfter:)``.
    public var maxRetries: Int
    /// The longest single wait; a longer `Retry-After` fails at once instead of blocking the caller.
    public var maxDelay: Duration
    /// The first wait when the server sends no `Retry-After`; it doubles on each retry.
    public var baseDelay: Duration

    /// Creates a policy.
    public init(maxRetries: Int = 2, maxDelay: Duration = .seconds(5), baseDelay: Duration = .milliseconds(500)) {
        self.maxRetries = maxRetries
        self.maxDelay = maxDelay
        self.baseDelay = baseDelay
    }

    /// Never retry.
    public static let none = RateLimitRetry(maxRetries: 0)
}

/// Any Blizzard API path (Diablo III, World of Warcraft, StarCraft II, Hearthstone) with Bearer tokens, one
/// retry after a rejected token, bounded 429 retries, a response size cap and ``BattleNetError``s.
///
/// Use it for the endpoints this library has no model for:
///
/// ```swift
/// let api = BlizzardAPI(region: .eu, tokens: tokens, transport: transport)
/// let realm = try await api.get("data/wow/realm/tarren-mill", namespace: "dynamic-eu", as: Realm.self)
/// let raw = try await api.data("hearthstone/cards", query: [("set", "rise-of-shadows")])
/// ```
public struct BlizzardAPI: Sendable {
    /// The region whose API is called (and whose default locale is used).
    public let region: Region
    /// The locale of names and descriptions.
    public let locale: BattleNetLocale
    /// The API base URL: the one named at creation, else the region's own. A client whose tokens are a
    /// ``PlayerSession``, created without one, calls where the session's player's token works instead: the API of
    /// the sandbox relay the player signed in at (``SignedInPlayer/apiBaseURL``), when there is one.
    public let apiBaseURL: URL
    private let tokens: any AccessTokenSource
    /// The session whose player says where each call goes; nil when a base was named or the tokens are no session's.
    private let player: (any PlayerTokenSource)?
    private let transport: any HTTPTransport
    private let timeout: Duration
    private let maxResponseBytes: Int
    private let retry: RateLimitRetry

    /// Creates a client. `apiBaseURL` overrides the region's API host (the emulator, a test server), and the API a
    /// ``PlayerSession``'s player signed in at;
    /// `maxResponseBytes` caps an answer (32 MiB by default: Blizzard's largest leaderboards are a few MiB).
    public init(
        region: Region, locale: BattleNetLocale? = nil, apiBaseURL: URL? = nil, tokens: any AccessTokenSource,
        transport: any HTTPTransport, timeout: Duration = .seconds(10), maxResponseBytes: Int = 32 << 20,
        retry: RateLimitRetry = RateLimitRetry()
    ) {
        self.region = region
        self.locale = locale ?? region.defaultLocale
        self.apiBaseURL = apiBaseURL ?? region.apiBaseURL
        self.tokens = tokens
        player = apiBaseURL == nil ? tokens as? any PlayerTokenSource : nil
        self.transport = transport
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.retry = retry
    }

    /// Calls `GET {apiBaseURL}/{path}?locale=…` and decodes the JSON answer as `T`.
    ///
    /// - Parameters:
    ///   - path: The path after the host, such as `data/wow/token/index` (a leading `/` is allowed).
    ///   - query: Extra query pairs; `locale` is added.
    ///   - namespace: The game-data namespace (`static-us`, `2-6-eu`), sent as `namespace=`; nil for none.
    ///   - type: The type to decode, when the call site does not name it.
    ///   - what: What the path is, for error messages (`"The season index"`); defaults to the path.
    /// - Throws: ``BattleNetError``; `notFound` for a 404 or a `NOTFOUND` body, `unavailable` for another
    ///   legacy `code` in a 200 body (`MAINTENANCE`, `LIMITED`), `malformedResponse` when `T` does not fit.
    public func get<T: Decodable>(
        _ path: String, query: [(String, String)] = [], namespace: String? = nil, as type: T.Type = T.self,
        what: String? = nil
    ) async throws -> T {
        let description = what ?? "The resource /\(path.trimmingPrefix("/"))"
        let body = try await data(path, query: query, namespace: namespace, what: description)
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw BattleNetError.malformedResponse("\(description) could not be decoded")
        }
    }

    /// Calls `GET {apiBaseURL}/{path}?locale=…` and returns the raw JSON bytes, after the same checks as
    /// ``get(_:query:namespace:as:what:)``.
    public func data(
        _ path: String, query: [(String, String)] = [], namespace: String? = nil, what: String? = nil
    ) async throws -> Data {
        let what = what ?? "The resource /\(path.trimmingPrefix("/"))"
        let pairs = query + [("locale", locale.rawValue)] + (namespace.map { [("namespace", $0)] } ?? [])
        var rejectedOnce = false
        var attempt = 0
        while true {
            let (token, base) = try await nextToken()
            let url = URL(string: base.absoluteString.trimmingSuffix("/") + "/" + path.trimmingPrefix("/"))!
                .appendingQuery(pairs)
            let request = TransportRequest(
                url: url,
                headers: (token.value.isEmpty ? [] : [("Authorization", "Bearer \(token.value)")]) + [("Accept", "application/json")],
                timeout: timeout, maxResponseBytes: maxResponseBytes)
            let response = try await transport.send(request)
            switch response.status {
            case 200:
                try Self.checkLegacyError(response.body, what: what)
                return response.body
            case 401 where !rejectedOnce:
                rejectedOnce = true
                await tokens.tokenWasRejected(token)
            case 401:
                throw BattleNetError.invalidToken
            case 403:
                throw BattleNetError.forbidden(what.lowercasedFirst)
            case 404:
                throw BattleNetError.notFound(what)
            case 429:
                let advised = response.retryAfter
                let delay = advised ?? retry.baseDelay * (1 << min(attempt, 16))
                guard attempt < retry.maxRetries, delay <= retry.maxDelay else {
                    throw BattleNetError.rateLimited(retryAfter: advised)
                }
                attempt += 1
                try await Task.sleep(for: delay)
            case 500...:
                throw BattleNetError.serverError(status: response.status)
            default:
                throw BattleNetError.unexpectedStatus(response.status)
            }
        }
    }

    /// The token for the next call and the base it goes to: the session's player's API when it names one (both read
    /// at once, so a token never goes to another player's API), else ``apiBaseURL``.
    private func nextToken() async throws -> (AccessToken, URL) {
        guard let player else { return (try await tokens.token(), apiBaseURL) }
        let signedIn = try await player.player()
        return (signedIn.token, signedIn.apiBaseURL ?? apiBaseURL)
    }

    /// A 200 body that is only a legacy error (`{"code":"NOTFOUND"|"MAINTENANCE"|…,"reason":…}`) is an error.
    static func checkLegacyError(_ body: Data, what: String) throws {
        guard let error = try? JSONDecoder().decode(APIErrorBody.self, from: body), error.message != nil,
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], object.count <= 4
        else { return }
        if error.isNotFound { throw BattleNetError.notFound(what) }
        throw BattleNetError.unavailable(code: error.code, reason: error.message)
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }

    func trimmingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }

    var lowercasedFirst: String {
        prefix(1).lowercased() + dropFirst()
    }
}
