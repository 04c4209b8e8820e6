import BattleNet
import Foundation

/// A signed-in player's token for one region, as `credentials-<region>.json` holds it.
public struct StoredCredential: Codable, Sendable, Hashable {
    /// The region the player signed in for, whose file holds the credential.
    public var region: Region
    /// Every region whose API hosts accept the token, ``region`` among them (us, eu, kr and tw share one OAuth
    /// host). A file written before this was recorded reads as ``region`` alone.
    public var regions: [Region]
    /// The relay that issued it, such as `https://relay.example.com`.
    public var relay: String
    /// The token, with the player's BattleTag and account id.
    public var token: AccessToken
    /// Where the token works, when a sandbox relay issued it: its emulator's API (the metadata's
    /// `sandbox_api_url`), used instead of the region's API host unless `--api-url` says otherwise. Nil for
    /// Blizzard's tokens.
    public var apiURL: String?
    /// How the sign-in came back: through the browser to this machine, or with the code. Nil in a file written
    /// before this was recorded (taken as the code).
    public var route: SignInRoute?
    /// The relay's game-data gateway (its metadata's `api_gateway_endpoint`) when it offered one at sign-in: game
    /// data goes there, with no token. Nil when it offered none (game data then goes with the token, as player
    /// data does).
    public var gateway: String?
    /// The app the CLI signed in as at the relay (`bnet` or `d3`), which renewals and revocations name again. Nil in a
    /// file written before this was recorded (then `d3`, the only app the CLI signed in as).
    public var clientID: String?

    /// Creates a credential; `regions` defaults to `region` alone.
    public init(
        region: Region, regions: [Region]? = nil, relay: String, token: AccessToken, apiURL: String? = nil,
        route: SignInRoute? = nil, gateway: String? = nil, clientID: String? = nil
    ) {
        self.clientID = clientID
        self.route = route
        self.gateway = gateway
        self.region = region
        self.regions = regions ?? [region]
        self.relay = relay
        self.token = token
        self.apiURL = apiURL
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        region = try container.decode(Region.self, forKey: .region)
        regions = try container.decodeIfPresent([Region].self, forKey: .regions) ?? [region]
        relay = try container.decode(String.self, forKey: .relay)
        token = try container.decode(AccessToken.self, forKey: .token)
        apiURL = try container.decodeIfPresent(String.self, forKey: .apiURL)
        route = try container.decodeIfPresent(SignInRoute.self, forKey: .route)
        gateway = try container.decodeIfPresent(String.self, forKey: .gateway)
        clientID = try container.decodeIfPresent(String.self, forKey: .clientID)
    }
}
