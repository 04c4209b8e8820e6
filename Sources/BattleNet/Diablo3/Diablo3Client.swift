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

/// The Diablo III profile and game-data API.
///
/// ```swift
/// let tokens = ClientCredentialsTokenProvider(client: oauth)
/// let d3 = Diablo3Client(region: .eu, tokens: tokens, transport: transport)
/// let profile = try await d3.profile(BattleTag(parsing: "FaYe#2543"))
/// ```
public struct Diablo3Client: Sendable {
    /// The region whose API is called (and whose default locale is used).
    public let region: Region
    /// The locale of names and descriptions.
    public let locale: BattleNetLocale
    /// The API base URL; the region's own unless overridden.
    public let apiBaseURL: URL
    private let tokens: any AccessTokenSource
    private let transport: any HTTPTransport
    private let timeout: Duration
    private let maxResponseBytes: Int
    private let retry: RateLimitRetry

    /// Creates a client. `apiBaseURL` overrides the region's API host (the emulator, a test server).
    public init(
        region: Region, locale: BattleNetLocale? = nil, apiBaseURL: URL? = nil, tokens: any AccessTokenSource,
        transport: any HTTPTransport, timeout: Duration = .seconds(10), maxResponseBytes: Int = 4 << 20,
        retry: RateLimitRetry = RateLimitRetry()
    ) {
        self.region = region
        self.locale = locale ?? region.defaultLocale
        self.apiBaseURL = apiBaseURL ?? region.apiBaseURL
        self.tokens = tokens
        self.transport = transport
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.retry = retry
    }

    /// A player's account profile: heroes, paragon levels, kills, time played, progression, seasons.
    public func profile(_ battleTag: BattleTag) async throws -> D3Profile {
        try await get("d3/profile/\(battleTag.pathComponent)/", what: "The Diablo III profile of \(battleTag)")
    }

    /// One hero in full: skills, items, followers, stats.
    public func hero(_ battleTag: BattleTag, id: Int) async throws -> D3Hero {
        try await get("d3/profile/\(battleTag.pathComponent)/hero/\(id)", what: "Hero \(id) of \(battleTag)")
    }

    /// A hero's equipped items in detail.
    public func heroItems(_ battleTag: BattleTag, id: Int) async throws -> D3HeroItems {
        try await get("d3/profile/\(battleTag.pathComponent)/hero/\(id)/items", what: "Hero \(id) of \(battleTag)")
    }

    /// The items of a hero's followers.
    public func followerItems(_ battleTag: BattleTag, id: Int) async throws -> D3FollowerItems {
        try await get(
            "d3/profile/\(battleTag.pathComponent)/hero/\(id)/follower-items", what: "Hero \(id) of \(battleTag)")
    }

    /// The game's acts and their quests.
    public func acts() async throws -> D3ActIndex {
        try await get("d3/data/act", what: "The act index")
    }

    /// One act and its quests.
    public func act(_ id: Int) async throws -> D3Act {
        try await get("d3/data/act/\(id)", what: "Act \(id)")
    }

    private func get<T: Decodable>(_ path: String, what: String) async throws -> T {
        let url = URL(string: apiBaseURL.absoluteString.trimmingSuffix("/") + "/" + path)!
            .appendingQuery([("locale", locale.rawValue)])
        var rejectedOnce = false
        var attempt = 0
        while true {
            let token = try await tokens.token()
            let request = TransportRequest(
                url: url,
                headers: [("Authorization", "Bearer \(token.value)"), ("Accept", "application/json")],
                timeout: timeout, maxResponseBytes: maxResponseBytes)
            let response = try await transport.send(request)
            switch response.status {
            case 200:
                if let body = try? JSONDecoder().decode(APIErrorBody.self, from: response.body), body.isNotFound {
                    throw BattleNetError.notFound(what)
                }
                do {
                    return try JSONDecoder().decode(T.self, from: response.body)
                } catch {
                    throw BattleNetError.malformedResponse("\(what) could not be decoded")
                }
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
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }

    var lowercasedFirst: String {
        prefix(1).lowercased() + dropFirst()
    }
}
