import BattleNet
import Foundation

/// What `whoami --json` prints about a sign-in: who, where, what it may read and until when. Keys are snake_case
/// and always present (`null` when unknown), so a script can rely on them.
public struct SignInStatus: Encodable, Sendable, Equatable {
    /// The Battle.net account id.
    public var account: Int?
    /// The player's BattleTag.
    public var battletag: String?
    /// The region signed in for.
    public var region: String
    /// Every region the token works for.
    public var regions: [String]
    /// The relay that issued it; nil for a token given in the environment.
    public var relay: String?
    /// The scopes Battle.net granted, as the relay said; empty when it did not say.
    public var scopes: [String]
    /// When the token expires (ISO 8601, UTC); nil when unknown.
    public var expiresAt: String?
    /// Seconds left until then; nil when unknown.
    public var expiresIn: Int?
    /// `stored` (the credential file) or the variable that gave the token (`BNET_TOKEN`).
    public var source: String

    enum CodingKeys: String, CodingKey {
        case account, battletag, region, regions, relay, scopes, source
        case expiresAt = "expires_at"
        case expiresIn = "expires_in"
    }

    /// The status of a stored sign-in at `now`.
    public init(_ credential: StoredCredential, now: Date = Date()) {
        let token = credential.token
        account = token.accountID
        battletag = token.battleTag?.description
        region = credential.region.rawValue
        regions = credential.regions.map(\.rawValue)
        relay = credential.relay
        scopes = token.scopes
        expiresAt = token.expiresAt.formatted(.iso8601)
        expiresIn = max(0, Int(token.expiresAt.timeIntervalSince(now).rounded(.down)))
        source = "stored"
    }

    /// The status of a token given in `variable` for `region`: nothing is known about it but that.
    public init(givenIn variable: String, region: Region) {
        self.region = region.rawValue
        regions = [region.rawValue]
        scopes = []
        source = variable
    }

    /// The status as one line of JSON, keys sorted.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every member is a string, a number or an array of strings: encoding cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(account, forKey: .account)
        try container.encode(battletag, forKey: .battletag)
        try container.encode(region, forKey: .region)
        try container.encode(regions, forKey: .regions)
        try container.encode(relay, forKey: .relay)
        try container.encode(scopes, forKey: .scopes)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(expiresIn, forKey: .expiresIn)
        try container.encode(source, forKey: .source)
    }
}
