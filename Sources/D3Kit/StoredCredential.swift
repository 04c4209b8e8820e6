import BattleNet
import Foundation

/// A signed-in player's token for one region, as `credentials-<region>.json` holds it.
public struct StoredCredential: Codable, Sendable, Hashable {
    /// The region the token belongs to.
    public var region: Region
    /// The relay that issued it, such as `https://relay.example.com`.
    public var relay: String
    /// The token, with the player's BattleTag and account id.
    public var token: AccessToken

    /// Creates a credential.
    public init(region: Region, relay: String, token: AccessToken) {
        self.region = region
        self.relay = relay
        self.token = token
    }
}
