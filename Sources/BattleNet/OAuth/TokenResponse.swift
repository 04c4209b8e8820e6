import Foundation

/// The token endpoint's success body (RFC 6749 section 5.1), one definition for everyone who speaks it: Battle.net
/// (and its emulator), a relay's device grant (RFC 8628 section 3.5) and the clients in this library.
///
/// Each property is encoded under the wire name its documentation gives; optional ones that are nil are left out.
/// Decoding ignores fields it does not know, so servers may add their own. Battle.net sends `sub`; a relay adds
/// `battletag`, `account_id`, `region` and `regions`.
///
/// ```json
/// {"access_token":"USVb1nGO9kwQlhNRRnI4iWVy2UV5j7M6h7","token_type":"bearer","expires_in":86399,"scope":"openid"}
/// ```
public struct TokenResponse: Sendable, Hashable, Codable {
    /// The bearer value (`access_token`).
    public var accessToken: String
    /// The token type (`token_type`); Battle.net sends `bearer`, and `bearer` is assumed when it is absent.
    public var tokenType: String
    /// Seconds until the token expires (`expires_in`); Battle.net's last 86,399. A fractional number is rounded.
    public var expiresIn: Int?
    /// The granted scopes, separated by spaces (`scope`).
    public var scope: String?
    /// The subject (`sub`): Battle.net's account id for a player's token, the client id for an application's.
    public var sub: String?
    /// The player's BattleTag, `Name#1234` (`battletag`, a relay extension).
    public var battletag: String?
    /// The player's Battle.net account id (`account_id`, a relay extension).
    public var accountID: Int?
    /// The region of the relay that issued the token, such as `us` (`region`, a relay extension).
    public var region: String?
    /// The regions whose API hosts accept the token (`regions`, a relay extension).
    public var regions: [String]?
    /// OpenID Connect's `id_token`, when the scope had `openid` (a compact JWS, unverified here).
    public var idToken: String?

    /// Creates a token response.
    public init(
        accessToken: String, tokenType: String = "bearer", expiresIn: Int? = nil, scope: String? = nil,
        sub: String? = nil, battletag: String? = nil, accountID: Int? = nil, region: String? = nil,
        regions: [String]? = nil
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.scope = scope
        self.sub = sub
        self.battletag = battletag
        self.accountID = accountID
        self.region = region
        self.regions = regions
    }

    /// The response that hands out `token`, which expires in `expiresIn` seconds: its scopes, BattleTag and account
    /// id are sent when known.
    public init(token: AccessToken, expiresIn: Int, region: String? = nil, regions: [String]? = nil) {
        self.init(
            accessToken: token.value, tokenType: token.tokenType, expiresIn: expiresIn,
            scope: token.scopes.isEmpty ? nil : token.scopes.joined(separator: " "),
            battletag: token.battleTag?.description, accountID: token.accountID, region: region, regions: regions)
    }

    /// The scopes in ``scope``, split at its spaces; empty when it is absent.
    public var scopes: [String] {
        scope.map { $0.split(separator: " ").map(String.init) } ?? []
    }

    /// The token this response hands out, received at `now`: it expires `expires_in` seconds later (24 hours when
    /// the server does not say). A ``battletag`` that is not a BattleTag is left out.
    public func accessToken(receivedAt now: Date) -> AccessToken {
        AccessToken(
            value: accessToken, tokenType: tokenType, expiresAt: now.addingTimeInterval(TimeInterval(expiresIn ?? 86_399)),
            scopes: scopes, accountID: accountID, battleTag: battletag.flatMap { try? BattleTag(parsing: $0) })
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", expiresIn = "expires_in", scope, sub, battletag
        case accountID = "account_id", region, regions, idToken = "id_token"
    }

    /// Decodes the body; `token_type` defaults to `bearer`, and `expires_in` may be fractional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType) ?? "bearer"
        expiresIn = try container.decodeSecondsIfPresent(forKey: .expiresIn)
        scope = try container.decodeIfPresent(String.self, forKey: .scope)
        sub = try container.decodeIfPresent(String.self, forKey: .sub)
        battletag = try container.decodeIfPresent(String.self, forKey: .battletag)
        accountID = try container.decodeIfPresent(Int.self, forKey: .accountID)
        region = try container.decodeIfPresent(String.self, forKey: .region)
        regions = try container.decodeIfPresent([String].self, forKey: .regions)
        idToken = try container.decodeIfPresent(String.self, forKey: .idToken)
    }
}

extension KeyedDecodingContainer {
    /// A number of seconds, whole or fractional (rounded), or nil when the key is absent or null.
    func decodeSecondsIfPresent(forKey key: Key) throws -> Int? {
        if let whole = try? decodeIfPresent(Int.self, forKey: key) { return whole }
        guard let seconds = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard seconds.isFinite, abs(seconds) < 1e15 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(seconds) is not a number of seconds")
        }
        return Int(seconds.rounded())
    }
}
