import Foundation
import BattleNet

/// Which World of Warcraft the calls ask about: retail, progression Classic or Classic Era. ``WoWGame`` adds the
/// Anniversary realms; the namespaces are its.
public enum WoWGameVersion: String, Sendable, Hashable, CaseIterable, Codable {
    /// The current game: namespace `profile-{region}`.
    case retail
    /// Progression Classic (Cataclysm, Mists of Pandaria Classic, …): namespace `profile-classic-{region}`.
    case classic
    /// Classic Era and Hardcore realms: namespace `profile-classic1x-{region}`.
    case classicEra

    /// The profile namespace in `region`: `profile-us`, `profile-classic-eu`, `profile-classic1x-kr`.
    public func profileNamespace(_ region: Region) -> String { WoWGame(self).profileNamespace(region) }

    /// The version a profile namespace names (`profile-classic1x-eu` → ``classicEra``), nil for another one.
    public init?(profileNamespace namespace: String) {
        switch WoWGame(profileNamespace: namespace) {
        case .retail: self = .retail
        case .classic: self = .classic
        case .classicEra: self = .classicEra
        case .classicAnniversary, nil: return nil
        }
    }
}

/// A World of Warcraft game and its namespaces (profile, dynamic, static): the three ``WoWGameVersion``s and the
/// Anniversary realms (since November 2024), whose namespaces answer 404 to retail's and Classic Era's paths.
public enum WoWGame: String, Sendable, Hashable, CaseIterable, Codable {
    /// The current game: `profile-{region}`, `dynamic-{region}`, `static-{region}`.
    case retail
    /// Progression Classic: `profile-classic-{region}`, ….
    case classic
    /// Classic Era and Hardcore: `profile-classic1x-{region}`, ….
    case classicEra
    /// The Anniversary realms: `profile-classicann-{region}`, ….
    case classicAnniversary

    /// The game of a version.
    public init(_ version: WoWGameVersion) {
        switch version {
        case .retail: self = .retail
        case .classic: self = .classic
        case .classicEra: self = .classicEra
        }
    }

    /// The part of a namespace that names the game: `""`, `classic-`, `classic1x-`, `classicann-`.
    private var infix: String {
        switch self {
        case .retail: ""
        case .classic: "classic-"
        case .classicEra: "classic1x-"
        case .classicAnniversary: "classicann-"
        }
    }

    /// The profile namespace in `region`: `profile-us`, `profile-classicann-eu`.
    public func profileNamespace(_ region: Region) -> String { "profile-\(infix)\(region.rawValue)" }

    /// The dynamic namespace (realms, auctions, the token, leaderboards): `dynamic-eu`, `dynamic-classicann-eu`.
    public func dynamicNamespace(_ region: Region) -> String { "dynamic-\(infix)\(region.rawValue)" }

    /// The static namespace (items, affixes, classes): `static-eu`, `static-classic1x-eu`.
    public func staticNamespace(_ region: Region) -> String { "static-\(infix)\(region.rawValue)" }

    /// The game a profile namespace names (`profile-classicann-eu` → ``classicAnniversary``), nil for another one.
    public init?(profileNamespace namespace: String) {
        let parts = namespace.split(separator: "-").map(String.init)
        guard parts.first == "profile", parts.count == 2 || parts.count == 3 else { return nil }
        guard parts.count == 3 else {
            self = .retail
            return
        }
        guard let game = Self.allCases.first(where: { $0.infix == parts[1] + "-" }) else { return nil }
        self = game
    }
}

/// A World of Warcraft profile endpoint (one asked in the profile namespace), for
/// ``WorldOfWarcraftClient/data(_:)-(WoWEndpoint)`` (the answer as sent) or
/// ``WorldOfWarcraftClient/get(_:as:)-(WoWEndpoint,_)``.
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
    /// `GET /profile/wow/character/{realmSlug}/{characterName}/equipment`.
    case equipment(realmSlug: String, name: String)
    /// `GET /profile/wow/character/{realmSlug}/{characterName}/character-media`.
    case characterMedia(realmSlug: String, name: String)
    /// `GET /profile/wow/character/{realmSlug}/{characterName}/achievements`.
    case achievements(realmSlug: String, name: String)
    /// `GET /profile/wow/character/{realmSlug}/{characterName}/mythic-keystone-profile`.
    case mythicKeystoneProfile(realmSlug: String, name: String)
    /// `GET /profile/wow/character/{realmSlug}/{characterName}/mythic-keystone-profile/season/{seasonId}`.
    case mythicKeystoneSeason(realmSlug: String, name: String, season: Int)
    /// `GET /profile/wow/character/{realmSlug}/{characterName}/pvp-summary`.
    case pvpSummary(realmSlug: String, name: String)
    /// `GET /profile/wow/character/{realmSlug}/{characterName}/specializations`.
    case specializations(realmSlug: String, name: String)
    /// `GET /data/wow/guild/{realmSlug}/{nameSlug}/roster`: a guild's members (a game-data path, asked in the
    /// profile namespace).
    case guildRoster(realmSlug: String, guildSlug: String)

    /// The path after the host.
    public var path: String {
        switch self {
        case .accountProfile: "profile/user/wow"
        case .protectedCharacter(let realm, let character): "profile/user/wow/protected-character/\(realm)-\(character)"
        case .collections: "profile/user/wow/collections"
        case .mounts, .pets, .toys, .heirlooms, .transmogs: "profile/user/wow/collections/\(collectionName)"
        case .character(let realm, let name): Self.characterPath(realm, name)
        case .equipment(let realm, let name): Self.characterPath(realm, name) + "/equipment"
        case .characterMedia(let realm, let name): Self.characterPath(realm, name) + "/character-media"
        case .achievements(let realm, let name): Self.characterPath(realm, name) + "/achievements"
        case .mythicKeystoneProfile(let realm, let name): Self.characterPath(realm, name) + "/mythic-keystone-profile"
        case .mythicKeystoneSeason(let realm, let name, let season):
            Self.characterPath(realm, name) + "/mythic-keystone-profile/season/\(season)"
        case .pvpSummary(let realm, let name): Self.characterPath(realm, name) + "/pvp-summary"
        case .specializations(let realm, let name): Self.characterPath(realm, name) + "/specializations"
        case .guildRoster(let realm, let guild):
            "data/wow/guild/\(Self.segment(realm.lowercased()))/\(Self.segment(guild.lowercased()))/roster"
        }
    }

    /// Whether Blizzard serves it only with a player's token that has the `wow.profile` scope.
    public var needsPlayerToken: Bool {
        switch self {
        case .accountProfile, .protectedCharacter, .collections, .mounts, .pets, .toys, .heirlooms, .transmogs: true
        default: false
        }
    }

    /// The scope it needs: `wow.profile`, or nil for the public character and guild endpoints.
    public var scope: String? { needsPlayerToken ? WorldOfWarcraftClient.scope : nil }

    /// What it is, for messages.
    public var what: String {
        switch self {
        case .accountProfile: "The World of Warcraft account profile"
        case .protectedCharacter(let realm, let character): "The protected character \(realm)-\(character)"
        case .collections: "The collections index"
        case .mounts, .pets, .toys, .heirlooms, .transmogs: "The \(collectionName) collection"
        case .character(let realm, let name): "The character \(name) on \(realm)"
        case .equipment(let realm, let name): "The equipment of \(name) on \(realm)"
        case .characterMedia(let realm, let name): "The character media of \(name) on \(realm)"
        case .achievements(let realm, let name): "The achievements of \(name) on \(realm)"
        case .mythicKeystoneProfile(let realm, let name): "The Mythic+ profile of \(name) on \(realm)"
        case .mythicKeystoneSeason(let realm, let name, let season):
            "The Mythic+ season \(season) of \(name) on \(realm)"
        case .pvpSummary(let realm, let name): "The PvP summary of \(name) on \(realm)"
        case .specializations(let realm, let name): "The specializations of \(name) on \(realm)"
        case .guildRoster(let realm, let guild): "The roster of the guild \(guild) on \(realm)"
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

    private static func characterPath(_ realm: String, _ name: String) -> String {
        "profile/wow/character/\(segment(realm.lowercased()))/\(segment(name.lowercased()))"
    }

    static func segment(_ text: String) -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;?"))
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
