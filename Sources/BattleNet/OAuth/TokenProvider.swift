import Foundation

/// Something that hands out access tokens for API calls, and hears when the API rejected one.
public protocol AccessTokenSource: Sendable {
    /// A token that is valid now.
    func token() async throws -> AccessToken
    /// The API answered 401 to `token`; the next ``token()`` should not return it again.
    func tokenWasRejected(_ token: AccessToken) async
}

/// A fixed token, such as a player's own from a login. A rejection cannot be repaired here.
public struct StaticTokenSource: AccessTokenSource {
    private let accessToken: AccessToken

    /// Hands out `token` as long as it has not expired.
    public init(_ token: AccessToken) {
        accessToken = token
    }

    public func token() async throws -> AccessToken {
        guard !accessToken.isExpired(leeway: .zero) else { throw BattleNetError.invalidToken }
        return accessToken
    }

    public func tokenWasRejected(_ token: AccessToken) async {}
}

/// Client-credentials tokens, cached and renewed a few minutes before they expire, with exactly one renewal
/// in flight however many callers ask at once.
public actor ClientCredentialsTokenProvider: AccessTokenSource {
    private let client: OAuthClient
    private let renewalMargin: Duration
    private var cached: AccessToken?
    private var renewal: Task<AccessToken, any Error>?

    /// Creates a provider. A token is renewed once it is within `renewalMargin` of its expiry.
    public init(client: OAuthClient, renewalMargin: Duration = .seconds(300)) {
        self.client = client
        self.renewalMargin = renewalMargin
    }

    public func token() async throws -> AccessToken {
        if let cached, !cached.isExpired(leeway: renewalMargin, now: client.now()) {
            return cached
        }
        if let renewal {
            return try await renewal.value
        }
        let task = Task { [client] in try await client.clientCredentialsToken() }
        renewal = task
        defer { renewal = nil }
        let token = try await task.value
        cached = token
        return token
    }

    public func tokenWasRejected(_ token: AccessToken) {
        if cached?.value == token.value { cached = nil }
    }
}
