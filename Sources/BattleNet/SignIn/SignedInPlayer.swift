import Foundation

/// A player signed in through the relay: the token an app stores and uses for API calls.
///
/// Battle.net issues no refresh token: when ``token`` expires (after about a day) the player signs in again.
public struct SignedInPlayer: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The user token, with the player's BattleTag and account id when the relay sent them.
    public var token: AccessToken
    /// The region the relay signed the player in for, when it said.
    public var region: Region?
    /// The relay that issued the token.
    public var relay: URL

    /// The player's BattleTag, such as `FaYe#2543`.
    public var battleTag: BattleTag? { token.battleTag }
    /// The player's Battle.net account id.
    public var accountID: Int? { token.accountID }

    /// Creates a player.
    public init(token: AccessToken, region: Region?, relay: URL) {
        self.token = token
        self.region = region
        self.relay = relay
    }

    public var description: String {
        "SignedInPlayer(battleTag: \(battleTag?.description ?? "unknown"), region: \(region?.rawValue ?? "unknown"), "
            + "relay: \(relay.absoluteString), token: \(token))"
    }
}
