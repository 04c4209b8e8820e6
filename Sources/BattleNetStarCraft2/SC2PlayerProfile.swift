import Foundation

/// One StarCraft II profile of an account, as `GET /sc2/player/{accountId}` lists them (and as
/// `/sc2/metadata/profile/…` answers).
public struct SC2PlayerProfile: Codable, Hashable, Sendable {
    /// The display name.
    public var name: String
    /// The profile's page on the StarCraft II site.
    public var profileURL: String?
    /// The portrait image.
    public var avatarURL: String?
    /// The profile id: a string, as Blizzard sends it.
    public var profileID: String
    /// The region id: 1 Americas, 2 Europe, 3 Korea and Taiwan, 5 China.
    public var regionID: Int
    /// The realm id within the region (1 or 2).
    public var realmID: Int

    /// Creates a profile entry.
    public init(
        name: String, profileURL: String? = nil, avatarURL: String? = nil, profileID: String, regionID: Int,
        realmID: Int
    ) {
        self.name = name
        self.profileURL = profileURL
        self.avatarURL = avatarURL
        self.profileID = profileID
        self.regionID = regionID
        self.realmID = realmID
    }

    enum CodingKeys: String, CodingKey {
        case name, profileURL = "profileUrl", avatarURL = "avatarUrl", profileID = "profileId"
        case regionID = "regionId", realmID = "realmId"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        profileURL = try container.decodeIfPresent(String.self, forKey: .profileURL)
        avatarURL = try container.decodeIfPresent(String.self, forKey: .avatarURL)
        // A string today; accept a number too.
        if let text = try? container.decode(String.self, forKey: .profileID) {
            profileID = text
        } else {
            profileID = String(try container.decode(Int.self, forKey: .profileID))
        }
        regionID = try container.decode(Int.self, forKey: .regionID)
        realmID = try container.decode(Int.self, forKey: .realmID)
    }
}
