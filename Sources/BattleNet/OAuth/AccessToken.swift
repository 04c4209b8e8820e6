import Foundation

/// An OAuth access token and what is known about it. `description` never shows the token itself.
public struct AccessToken: Sendable, Hashable, Codable, CustomStringConvertible, CustomReflectable {
    /// The bearer value sent in `Authorization: Bearer ...`.
    public var value: String
    /// The token type; Battle.net answers `bearer`.
    public var tokenType: String
    /// When the token stops working, computed at receipt from `expires_in`.
    public var expiresAt: Date
    /// The granted scopes, if the server said.
    public var scopes: [String]
    /// The Battle.net account id, for user tokens once known.
    public var accountID: Int?
    /// The player's BattleTag, for user tokens once known.
    public var battleTag: BattleTag?

    /// Creates a token.
    public init(
        value: String, tokenType: String = "bearer", expiresAt: Date, scopes: [String] = [],
        accountID: Int? = nil, battleTag: BattleTag? = nil
    ) {
        self.value = value
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.scopes = scopes
        self.accountID = accountID
        self.battleTag = battleTag
    }

    /// Whether the token has expired, or will within `leeway`.
    public func isExpired(leeway: Duration = .seconds(60), now: Date = Date()) -> Bool {
        now.addingTimeInterval(leeway.timeInterval) >= expiresAt
    }

    public var description: String {
        "AccessToken(type: \(tokenType), expiresAt: \(expiresAt), scopes: \(scopes)"
            + (battleTag.map { ", battleTag: \($0)" } ?? "") + ", value: <redacted>)"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["tokenType": tokenType, "expiresAt": expiresAt, "value": "<redacted>"])
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
