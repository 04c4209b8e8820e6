import Foundation

/// A player signed in through the relay: the token an app stores and uses for API calls.
///
/// Battle.net issues no refresh token: when ``token`` expires (after about a day) the player signs in again.
public struct SignedInPlayer: Sendable, Hashable, CustomStringConvertible {
    /// The user token, with the player's BattleTag and account id when the relay sent them. Its expiry is kept to
    /// the whole second (earlier, never later), so that a stored player reads back equal.
    public var token: AccessToken
    /// The regions whose API hosts accept the token (the token response's `regions`), such as us, eu, kr and tw:
    /// what an app passes to an API client (`Diablo3Client(region:)`), letting the player pick when there are several.
    /// Empty when the relay did not say.
    public var regions: [Region]
    /// The relay that issued the token.
    public var relay: URL
    /// Where the token works when that is not Blizzard's API: the API a sandbox relay names in its metadata
    /// (`sandbox_api_url`, its Battle.net emulator), recorded at sign-in. Nil for a relay on Blizzard, whose tokens
    /// work on the region's API host. API clients on a ``PlayerSession`` that name no API base call it.
    public var apiBaseURL: URL?

    /// The player's BattleTag, such as `FaYe#2543`.
    public var battleTag: BattleTag? { token.battleTag }
    /// The player's Battle.net account id.
    public var accountID: Int? { token.accountID }

    /// Creates a player whose token works in `regions`, on the region's API host or at `apiBaseURL`.
    public init(token: AccessToken, regions: [Region], relay: URL, apiBaseURL: URL? = nil) {
        var token = token
        token.expiresAt = Date(timeIntervalSince1970: token.expiresAt.timeIntervalSince1970.rounded(.down))
        self.token = token
        self.regions = regions
        self.relay = relay
        self.apiBaseURL = apiBaseURL
    }

    public var description: String {
        "SignedInPlayer(battleTag: \(battleTag?.description ?? "unknown"), regions: "
            + "\(regions.isEmpty ? "unknown" : regions.map(\.rawValue).joined(separator: ",")), "
            + "relay: \(relay.absoluteString), \(apiBaseURL.map { "api: \($0.absoluteString), " } ?? "")token: \(token))"
    }
}

extension SignedInPlayer: Codable {
    private enum CodingKeys: String, CodingKey {
        case token, regions, relay, apiBaseURL
        /// Written by 0.2.0 and earlier: the relay's region, whose token regions the player's then are.
        case region
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let regions: [Region] =
            if let names = try container.decodeIfPresent([String].self, forKey: .regions) {
                names.compactMap(Region.init(name:))
            } else {
                (try container.decodeIfPresent(String.self, forKey: .region)).flatMap(Region.init(name:))?.tokenRegions ?? []
            }
        self.init(
            token: try container.decode(AccessToken.self, forKey: .token), regions: regions,
            relay: try container.decode(URL.self, forKey: .relay),
            apiBaseURL: try container.decodeIfPresent(URL.self, forKey: .apiBaseURL))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(token, forKey: .token)
        try container.encode(regions.map(\.rawValue), forKey: .regions)
        try container.encode(relay, forKey: .relay)
        try container.encodeIfPresent(apiBaseURL, forKey: .apiBaseURL)
    }
}
