import BattleNet
import Foundation

/// The StarCraft II endpoints about a player: the profiles of a Battle.net account (its id comes from userinfo,
/// `AccessToken.accountID` after a sign-in) and one profile in full.
///
/// ```swift
/// let sc2 = StarCraft2Client(region: .eu, tokens: session, transport: transport)
/// for entry in try await sc2.profiles(accountID: player.token.accountID!) {
///     let profile = try await sc2.profile(regionID: entry.regionID, realmID: entry.realmID, profileID: entry.profileID)
///     print(entry.name, profile.career?.totalCareerGames ?? 0)
/// }
/// ```
public struct StarCraft2Client: Sendable {
    /// The scope a sign-in asks for to read a player's own profiles.
    public static let scope = "sc2.profile"

    /// The generic client every endpoint goes through.
    public let api: BlizzardAPI

    /// Creates a client. `apiBaseURL` overrides the region's API host (the emulator, a test server); without it, a
    /// client whose tokens are a `PlayerSession` calls the sandbox relay's API its player signed in at, if any.
    public init(
        region: Region, locale: BattleNetLocale? = nil, apiBaseURL: URL? = nil, tokens: any AccessTokenSource,
        transport: any HTTPTransport, timeout: Duration = .seconds(10), maxResponseBytes: Int = 32 << 20,
        retry: RateLimitRetry = RateLimitRetry()
    ) {
        api = BlizzardAPI(
            region: region, locale: locale, apiBaseURL: apiBaseURL, tokens: tokens, transport: transport,
            timeout: timeout, maxResponseBytes: maxResponseBytes, retry: retry)
    }

    /// Creates a client on an existing generic client.
    public init(api: BlizzardAPI) {
        self.api = api
    }

    /// The StarCraft II profiles of a Battle.net account (an empty list when it has none).
    public func profiles(accountID: Int) async throws -> [SC2PlayerProfile] {
        try await get(.player(accountID: accountID), as: [SC2PlayerProfile].self)
    }

    /// One profile in full.
    public func profile(regionID: Int, realmID: Int, profileID: String) async throws -> SC2Profile {
        try await get(.profile(regionID: regionID, realmID: realmID, profileID: profileID), as: SC2Profile.self)
    }

    /// The answer of `endpoint` decoded as `type`.
    public func get<T: Decodable>(_ endpoint: SC2Endpoint, as type: T.Type) async throws -> T {
        let body = try await data(endpoint)
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw BattleNetError.malformedResponse("\(endpoint.what) could not be decoded")
        }
    }

    /// The answer of `endpoint` exactly as Battle.net sent it (the lossless form).
    /// - Throws: `BattleNetError`; a 403 of the account lookup is `BattleNetError.missingScope`.
    public func data(_ endpoint: SC2Endpoint) async throws -> Data {
        do {
            return try await api.data(endpoint.path, what: endpoint.what)
        } catch BattleNetError.forbidden(let what) where endpoint.scope != nil {
            throw BattleNetError.missingScope(scope: endpoint.scope!, what: what)
        }
    }
}

/// A StarCraft II endpoint, for ``StarCraft2Client/data(_:)`` or ``StarCraft2Client/get(_:as:)``.
public enum SC2Endpoint: Sendable, Hashable {
    /// `GET /sc2/player/{accountId}`.
    case player(accountID: Int)
    /// `GET /sc2/profile/{regionId}/{realmId}/{profileId}`.
    case profile(regionID: Int, realmID: Int, profileID: String)
    /// `GET /sc2/profile/{regionId}/{realmId}/{profileId}/ladder/summary`: the profile's ladders this season.
    case ladderSummary(regionID: Int, realmID: Int, profileID: String)
    /// `GET /sc2/profile/{regionId}/{realmId}/{profileId}/ladder/{ladderId}`: one ladder the profile is on.
    case ladder(regionID: Int, realmID: Int, profileID: String, ladderID: Int)
    /// `GET /sc2/ladder/grandmaster/{regionId}`: the region's grandmaster 1v1 leaderboard.
    case grandmaster(regionID: Int)
    /// `GET /sc2/ladder/season/{regionId}`: the region's current season.
    case season(regionID: Int)
    /// `GET /data/sc2/league/{seasonId}/{queueId}/{teamType}/{leagueId}`: a league's tiers and divisions.
    case league(seasonID: Int, queueID: Int, teamType: Int, leagueID: Int)

    /// The path after the host.
    public var path: String {
        switch self {
        case .player(let account): "sc2/player/\(account)"
        case .profile(let region, let realm, let profile): Self.profilePath(region, realm, profile)
        case .ladderSummary(let region, let realm, let profile): Self.profilePath(region, realm, profile) + "/ladder/summary"
        case .ladder(let region, let realm, let profile, let ladder):
            Self.profilePath(region, realm, profile) + "/ladder/\(ladder)"
        case .grandmaster(let region): "sc2/ladder/grandmaster/\(region)"
        case .season(let region): "sc2/ladder/season/\(region)"
        case .league(let season, let queue, let team, let league): "data/sc2/league/\(season)/\(queue)/\(team)/\(league)"
        }
    }

    private static func profilePath(_ region: Int, _ realm: Int, _ profile: String) -> String {
        "sc2/profile/\(region)/\(realm)/" + (profile.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? profile)
    }

    /// The scope a player's token needs: `sc2.profile` for the account lookup; nil for a profile (public).
    public var scope: String? {
        if case .player = self { return StarCraft2Client.scope }
        return nil
    }

    /// What it is, for messages.
    public var what: String {
        switch self {
        case .player(let account): "The StarCraft II profiles of account \(account)"
        case .profile(let region, let realm, let profile): "The StarCraft II profile \(region)/\(realm)/\(profile)"
        case .ladderSummary(let region, let realm, let profile):
            "The ladder summary of StarCraft II profile \(region)/\(realm)/\(profile)"
        case .ladder(let region, let realm, let profile, let ladder):
            "The ladder \(ladder) of StarCraft II profile \(region)/\(realm)/\(profile)"
        case .grandmaster(let region): "The grandmaster leaderboard of region \(region)"
        case .season(let region): "The current StarCraft II season of region \(region)"
        case .league(let season, let queue, let team, let league):
            "The StarCraft II league \(season)/\(queue)/\(team)/\(league)"
        }
    }
}
