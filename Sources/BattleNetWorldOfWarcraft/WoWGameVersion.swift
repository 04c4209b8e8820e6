import Foundation
import BattleNet

/// Which World of Warcraft the profile calls ask about; each has its own profile namespace.
public enum WoWGameVersion: String, Sendable, Hashable, CaseIterable, Codable {
    /// The current game: namespace `profile-{region}`.
    case retail
    /// Progression Classic (Cataclysm, Mists of Pandaria Classic, …): namespace `profile-classic-{region}`.
    case classic
    /// Classic Era, Hardcore and Anniversary realms: namespace `profile-classic1x-{region}`.
    case classicEra

    /// The profile namespace in `region`: `profile-us`, `profile-classic-eu`, `profile-classic1x-kr`.
    public func profileNamespace(_ region: Region) -> String {
        switch self {
        case .retail: "profile-\(region.rawValue)"
        case .classic: "profile-classic-\(region.rawValue)"
        case .classicEra: "profile-classic1x-\(region.rawValue)"
        }
    }

    /// The version a profile namespace names (`profile-classic1x-eu` → ``classicEra``), nil for another one.
    public init?(profileNamespace namespace: String) {
        let parts = namespace.split(separator: "-").map(String.init)
        guard parts.first == "profile" else { return nil }
        switch (parts.count, parts.count == 3 ? parts[1] : "") {
        case (2, _): self = .retail
        case (3, "classic"): self = .classic
        case (3, "classic1x"): self = .classicEra
        default: return nil
        }
    }
}

/// A World of Warcraft profile endpoint, for ``WorldOfWarcraftClient/data(_:)`` (the answer as sent) or
/// ``WorldOfWarcraftClient/get(_:as:)``.
public enum WoWEndpoint: Sendable, Hashable {
    /// `GET /profile/user/wow`: every licence and character of the signed-in account.
    case accountProfile
    /// `GET /profile/user/wow/protected-character/{realmId}-{characterId}`.
    case protectedCharacter(realmID: Int, characterID: Int)
    /// `GET /profile/user/wow/collections`.
    case collections
    /// `GET /profile/user/wow/collections/mounts`.
    case mounts
    /// `GET /profile/user/wow/collections/pets`.
    case pets
    /// `GET /profile/user/wow/collections/toys`.
    case toys
    /// `GET /profile/user/wow/collections/heirlooms`.
    case heirlooms
    /// `GET /profile/user/wow/collections/transmogs`.
    case transmogs
    /// `GET /profile/wow/character/{realmSlug}/{characterName}`: a character's public profile summary.
    case character(realmSlug: String, name: String)

    /// The path after the host.
    public var path: String {
        switch self {
        case .accountProfile: "profile/user/wow"
        case .protectedCharacter(let realm, let character): "profile/user/wow/protected-character/\(realm)-\(character)"
        case .collections: "profile/user/wow/collections"
        case .mounts, .pets, .toys, .heirlooms, .transmogs: "profile/user/wow/collections/\(collectionName)"
        case .character(let realm, let name):
            "profile/wow/character/\(Self.segment(realm.lowercased()))/\(Self.segment(name.lowercased()))"
        }
    }

    /// Whether Blizzard serves it only with a player's token that has the `wow.profile` scope.
    public var needsPlayerToken: Bool {
        if case .character = self { return false }
        return true
    }

    /// The scope it needs: `wow.profile`, or nil for the public character profile.
    public var scope: String? { needsPlayerToken ? WorldOfWarcraftClient.scope : nil }

    /// What it is, for messages.
    public var what: String {
        switch self {
        case .accountProfile: "The World of Warcraft account profile"
        case .protectedCharacter(let realm, let character): "The protected character \(realm)-\(character)"
        case .collections: "The collections index"
        case .mounts, .pets, .toys, .heirlooms, .transmogs: "The \(collectionName) collection"
        case .character(let realm, let name): "The character \(name) on \(realm)"
        }
    }

    private var collectionName: String {
        switch self {
        case .mounts: "mounts"
        case .pets: "pets"
        case .toys: "toys"
        case .heirlooms: "heirlooms"
        default: "transmogs"
        }
    }

    private static func segment(_ text: String) -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;?"))
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
