import ArgumentParser
import BattleNetWorldOfWarcraft
import BnetKit

/// `REALM NAME`: any character (public data: no `wow.profile` needed).
struct WoWCharacterArguments: ParsableArguments {
    @Argument(help: "The realm's slug or name (tarren-mill, \"Tarren Mill\").")
    var realm: String

    @Argument(help: "The character's name, in any letter case.")
    var name: String

    /// The realm's slug: lower case, spaces as hyphens, apostrophes dropped (`Azjol-Nerub`, `Kel'Thuzad`).
    var realmSlug: String { WoWSlug.of(realm) }

    /// What a not-found message adds.
    var hint: String {
        "check the realm (\(realmSlug); `bnet wow realms` lists the slugs), the name and the game (--classic...)."
    }
}

/// Realm and guild names as Blizzard's slugs.
enum WoWSlug {
    static func of(_ name: String) -> String {
        name.lowercased().filter { $0 != "'" }.split(separator: " ").joined(separator: "-")
    }
}

/// Something `bnet wow` shows of any character.
protocol WoWCharacterKind {
    associatedtype Value
    /// The subcommand and its abstract.
    static var name: String { get }
    static var abstract: String { get }
    static func fetch(_ client: WorldOfWarcraftClient, realm: String, name: String) async throws -> Value
    static func render(_ renderer: WoWRenderer, _ value: Value) -> String
}

/// `bnet wow equipment|media|achievements|pvp|specializations REALM NAME`.
struct WoWCharacterDataCommand<Kind: WoWCharacterKind>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Kind.name, abstract: Kind.abstract,
            discussion: """
                Any character, not only the account's: public data, which any sign-in (or client credentials) reads.

                Examples:
                  bnet wow \(Kind.name) stormrage sheday --region eu
                  bnet wow \(Kind.name) stormrage sheday --region eu --json
                """)
    }

    @OptionGroup var character: WoWCharacterArguments
    @OptionGroup var options: WoWOptions

    func run() async throws {
        try await options.show(hint: character.hint, {
            try await Kind.fetch($0, realm: character.realmSlug, name: character.name)
        }, render: Kind.render)
    }
}

enum WoWEquipment: WoWCharacterKind {
    static let name = "equipment"
    static let abstract = "Show what a character wears: each slot's item, item level, enchantments and gems."
    static func fetch(_ client: WorldOfWarcraftClient, realm: String, name: String) async throws -> WoWCharacterEquipment {
        try await client.equipment(realmSlug: realm, name: name)
    }
    static func render(_ renderer: WoWRenderer, _ value: WoWCharacterEquipment) -> String { renderer.equipment(value) }
}

enum WoWMedia: WoWCharacterKind {
    static let name = "media"
    static let abstract = "Show a character's pictures: the avatar, inset and full render URLs."
    static func fetch(_ client: WorldOfWarcraftClient, realm: String, name: String) async throws -> WoWCharacterMedia {
        try await client.characterMedia(realmSlug: realm, name: name)
    }
    static func render(_ renderer: WoWRenderer, _ value: WoWCharacterMedia) -> String { renderer.media(value) }
}

enum WoWAchievements: WoWCharacterKind {
    static let name = "achievements"
    static let abstract = "Show a character's achievement points, how many it completed, by category, and the latest."
    static func fetch(_ client: WorldOfWarcraftClient, realm: String, name: String) async throws -> WoWAchievementsSummary {
        try await client.achievements(realmSlug: realm, name: name)
    }
    static func render(_ renderer: WoWRenderer, _ value: WoWAchievementsSummary) -> String { renderer.achievements(value) }
}

enum WoWPvP: WoWCharacterKind {
    static let name = "pvp"
    static let abstract = "Show a character's PvP summary: honor level, honorable kills, battleground results."
    static func fetch(_ client: WorldOfWarcraftClient, realm: String, name: String) async throws -> WoWPvPSummary {
        try await client.pvpSummary(realmSlug: realm, name: name)
    }
    static func render(_ renderer: WoWRenderer, _ value: WoWPvPSummary) -> String { renderer.pvp(value) }
}

enum WoWSpecializations: WoWCharacterKind {
    static let name = "specializations"
    static let abstract = "Show a character's specializations: the active one, talents and loadouts."
    static func fetch(
        _ client: WorldOfWarcraftClient, realm: String, name: String
    ) async throws -> WoWCharacterSpecializations {
        try await client.specializations(realmSlug: realm, name: name)
    }
    static func render(_ renderer: WoWRenderer, _ value: WoWCharacterSpecializations) -> String {
        renderer.specializations(value)
    }
}

typealias WoWEquipmentCommand = WoWCharacterDataCommand<WoWEquipment>
typealias WoWMediaCommand = WoWCharacterDataCommand<WoWMedia>
typealias WoWAchievementsCommand = WoWCharacterDataCommand<WoWAchievements>
typealias WoWPvPCommand = WoWCharacterDataCommand<WoWPvP>
typealias WoWSpecializationsCommand = WoWCharacterDataCommand<WoWSpecializations>

/// `bnet wow mythic-plus REALM NAME [--season N]`: the Mythic+ profile, or one season.
struct WoWMythicPlusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mythic-plus",
        abstract: "Show a character's Mythic+ rating and best runs: this week's, or one season's.",
        discussion: """
            Retail only. Without --season, the current rating, this week's best runs and the seasons played; with \
            it, that season's rating and best runs.

            Examples:
              bnet wow mythic-plus area-52 adaxion --region us
              bnet wow mythic-plus area-52 adaxion --season 9 --region us
              bnet wow mythic-plus stormrage sheday --region eu --json
            """)

    @OptionGroup var character: WoWCharacterArguments

    @Option(help: "One season, by id (the profile lists the seasons played).")
    var season: Int?

    @OptionGroup var options: WoWOptions

    func run() async throws {
        let (realm, name) = (character.realmSlug, character.name)
        if let season {
            try await options.show(hint: character.hint + " The profile (without --season) lists the seasons played.", {
                try await $0.mythicKeystoneSeason(realmSlug: realm, name: name, season: season)
            }, render: { $0.mythicPlus(season: $1) })
        } else {
            try await options.show(hint: character.hint, {
                try await $0.mythicKeystoneProfile(realmSlug: realm, name: name)
            }, render: { $0.mythicPlus($1) })
        }
    }
}

/// `bnet wow guild REALM NAME`: a guild's roster.
struct WoWGuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guild",
        abstract: "Show a guild's roster: each member's rank, name, level, class and race.",
        discussion: """
            NAME is the guild's name or slug ("Emulated Vanguard", emulated-vanguard).

            Examples:
              bnet wow guild stormrage emulated-vanguard --region eu
              bnet wow guild stormrage "Emulated Vanguard" --region eu --json
            """)

    @Argument(help: "The realm's slug or name.")
    var realm: String

    @Argument(help: "The guild's name or slug.")
    var guild: String

    @OptionGroup var options: WoWOptions

    func run() async throws {
        let (realm, guild) = (WoWSlug.of(realm), WoWSlug.of(guild))
        try await options.show(hint: "check the realm (\(realm)) and the guild (\(guild)).", {
            try await $0.guildRoster(realmSlug: realm, guildSlug: guild)
        }, render: { $0.guild($1) })
    }
}
