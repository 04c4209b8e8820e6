import Foundation

extension BlizzardAPI {
    /// A client of a relay's game-data gateway (`api_gateway_endpoint` in the relay's metadata, such as
    /// `https://relay.example.com/api`): no secret and no sign-in, since the relay adds its own token. It serves game
    /// data only (Diablo III's acts, artisans and leaderboards, WoW's static and dynamic namespaces, StarCraft II's
    /// ladders, Hearthstone); player data still needs the player's own token and the region's API host.
    ///
    /// ```swift
    /// let api = BlizzardAPI(region: .eu, gateway: URL(string: "https://relay.example.com/api")!, transport: transport)
    /// let acts = try await api.data("d3/data/act")
    /// ```
    public init(
        region: Region, gateway: URL, locale: BattleNetLocale? = nil, transport: any HTTPTransport,
        timeout: Duration = .seconds(10), maxResponseBytes: Int = 32 << 20, retry: RateLimitRetry = RateLimitRetry()
    ) {
        self.init(
            region: region, locale: locale, apiBaseURL: gateway.appending(path: region.rawValue), tokens: NoToken(),
            transport: transport, timeout: timeout, maxResponseBytes: maxResponseBytes, retry: retry)
    }
}

/// The token source of a gateway client: none is sent (``BlizzardAPI`` leaves out `Authorization` for an empty value).
struct NoToken: AccessTokenSource {
    func token() async throws -> AccessToken {
        AccessToken(value: "", expiresAt: .distantFuture)
    }

    func tokenWasRejected(_ token: AccessToken) async {}
}
