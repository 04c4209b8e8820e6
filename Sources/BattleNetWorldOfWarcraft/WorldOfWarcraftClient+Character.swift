import Foundation

/// The public character endpoints (any token, the character need not be the account's) and the guild roster.
/// Each has a raw form: ``WorldOfWarcraftClient/data(_:)-(WoWEndpoint)`` with the matching ``WoWEndpoint``.
extension WorldOfWarcraftClient {
    /// What the character wears, with item levels, enchantments and gems.
    public func equipment(realmSlug: String, name: String) async throws -> WoWCharacterEquipment {
        try await get(.equipment(realmSlug: realmSlug, name: name), as: WoWCharacterEquipment.self)
    }

    /// The character's avatar, bust and render URLs.
    public func characterMedia(realmSlug: String, name: String) async throws -> WoWCharacterMedia {
        try await get(.characterMedia(realmSlug: realmSlug, name: name), as: WoWCharacterMedia.self)
    }

    /// The character's achievement points and achievements.
    public func achievements(realmSlug: String, name: String) async throws -> WoWAchievementsSummary {
        try await get(.achievements(realmSlug: realmSlug, name: name), as: WoWAchievementsSummary.self)
    }

    /// The character's Mythic+ profile: current rating, this week's best runs, seasons played.
    public func mythicKeystoneProfile(realmSlug: String, name: String) async throws -> WoWMythicKeystoneProfile {
        try await get(.mythicKeystoneProfile(realmSlug: realmSlug, name: name), as: WoWMythicKeystoneProfile.self)
    }

    /// The character's best Mythic+ runs and rating in one season.
    public func mythicKeystoneSeason(realmSlug: String, name: String, season: Int) async throws -> WoWMythicKeystoneSeason {
        try await get(
            .mythicKeystoneSeason(realmSlug: realmSlug, name: name, season: season), as: WoWMythicKeystoneSeason.self)
    }

    /// The character's honor level, honorable kills and battleground results.
    public func pvpSummary(realmSlug: String, name: String) async throws -> WoWPvPSummary {
        try await get(.pvpSummary(realmSlug: realmSlug, name: name), as: WoWPvPSummary.self)
    }

    /// The character's specialisations and talents.
    public func specializations(realmSlug: String, name: String) async throws -> WoWCharacterSpecializations {
        try await get(.specializations(realmSlug: realmSlug, name: name), as: WoWCharacterSpecializations.self)
    }

    /// A guild's members, by realm slug and the guild's name slug (`avalerion`, `the-lazy-goats`).
    public func guildRoster(realmSlug: String, guildSlug: String) async throws -> WoWGuildRoster {
        try await get(.guildRoster(realmSlug: realmSlug, guildSlug: guildSlug), as: WoWGuildRoster.self)
    }
}
