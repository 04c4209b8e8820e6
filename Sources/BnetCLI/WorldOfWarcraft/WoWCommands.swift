import ArgumentParser
import BattleNet
import BattleNetWorldOfWarcraft
import BnetKit
import Foundation

/// `bnet wow ...`: the signed-in player's World of Warcraft characters and collections.
struct WoWGroup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wow",
        abstract: "World of Warcraft: your characters and collections, any character and guild, realms, the token, auctions, Mythic+.",
        discussion: """
            The account commands (characters, character, the collections) need a sign-in that granted \
            wow.profile (`bnet login` asks for it); the public character, guild and game-data commands take any \
            sign-in, or client credentials. --classic asks progression Classic (namespaces profile-classic-REGION, \
            dynamic-classic-REGION, static-classic-REGION), --classic-era Classic Era and Hardcore \
            (...-classic1x-REGION), --classic-anniversary the Anniversary realms (...-classicann-REGION); retail \
            otherwise (profile-REGION, dynamic-REGION, static-REGION).
            """,
        subcommands: [
            WoWCharactersCommand.self, WoWCharacterCommand.self, WoWCollectionCommand<WoWMounts>.self,
            WoWCollectionCommand<WoWPets>.self, WoWCollectionCommand<WoWToys>.self,
            WoWCollectionCommand<WoWHeirlooms>.self, WoWCollectionCommand<WoWTransmogs>.self,
            WoWEquipmentCommand.self, WoWMediaCommand.self, WoWAchievementsCommand.self, WoWMythicPlusCommand.self,
            WoWPvPCommand.self, WoWSpecializationsCommand.self, WoWGuildCommand.self,
            WoWRealmsCommand.self, WoWRealmCommand.self, WoWTokenCommand.self, WoWAuctionsCommand.self,
            WoWLeaderboardCommand.self, WoWAffixesCommand.self,
        ])
}

/// `--classic`, `--classic-era`, `--classic-anniversary`: which World of Warcraft's namespaces are asked.
struct WoWGameFlags: ParsableArguments {
    @Flag(help: "Progression Classic (namespaces profile-classic-REGION, dynamic-classic-REGION, ...).")
    var classic = false

    @Flag(help: "Classic Era and Hardcore realms (namespaces profile-classic1x-REGION, ...).")
    var classicEra = false

    @Flag(help: "The Anniversary realms (namespaces profile-classicann-REGION, ...).")
    var classicAnniversary = false

    var game: WoWGame {
        classic ? .classic : classicEra ? .classicEra : classicAnniversary ? .classicAnniversary : .retail
    }

    func validate() throws {
        if [classic, classicEra, classicAnniversary].filter({ $0 }).count > 1 {
            throw ValidationError("Give one of --classic, --classic-era and --classic-anniversary.")
        }
    }
}

/// The game flags with the options every game-data command takes.
struct WoWOptions: ParsableArguments {
    @OptionGroup var flags: WoWGameFlags
    @OptionGroup var data: GameDataOptions

    var json: Bool { data.json }
    var game: WoWGame { flags.game }

    var gameName: String {
        switch game {
        case .retail: "retail"
        case .classic: "Classic"
        case .classicEra: "Classic Era"
        case .classicAnniversary: "Anniversary"
        }
    }

    /// Runs `body` with a client for the game asked, after checking that the sign-in may read account data; a
    /// refusal for want of `wow.profile` becomes the message that says how to sign in with it.
    func run(_ body: (WorldOfWarcraftClient, APIAccess) async throws -> Void) async throws {
        try await APIAccess.run(region: data.region, options: data.api) { access in
            let region = access.context.settings.region
            let what = "World of Warcraft account data"
            try GameScopes.require(WorldOfWarcraftClient.scope, for: what, access: access, region: region)
            let client = WorldOfWarcraftClient(api: access.api, game: game)
            try await GameScopes.mapping(WorldOfWarcraftClient.scope, for: what, access: access, region: region) {
                try await body(client, access)
            }
        }
    }

    /// Calls `fetch` on a client of the game asked (any token: public and game data), then prints Battle.net's
    /// answer as sent or `render`'s text. A missing resource exits 4 with `hint`. `gameData` (no player data) may
    /// go through the relay's gateway.
    func show<Value>(
        hint: String, gameData: Bool = false, _ fetch: (WorldOfWarcraftClient) async throws -> Value,
        render: (WoWRenderer, Value) -> String
    ) async throws {
        try await data.show(hint: hint, gameData: gameData, { try await fetch(WorldOfWarcraftClient(api: $0, game: game)) }, render: {
            render(WoWRenderer(.terminal), $0)
        })
    }
}

/// `bnet wow characters`: every character of every licence.
struct WoWCharactersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "characters",
        abstract: "List the characters of every World of Warcraft licence of the account.",
        discussion: """
            Reads every licence (WoW1, WoW2, ...) of the account profile summary, not only the first: realm, \
            name, level, class, race and faction of each character.

            Examples:
              bnet wow characters
              bnet wow characters --classic-era --region eu
              bnet wow characters --json | jq '.wow_accounts[].characters[].name'
            """)

    @OptionGroup var options: WoWOptions

    func run() async throws {
        try await options.run { client, access in
            let profile = try await client.accountProfile()
            if options.json {
                Terminal.write(access.answers.lastText)
            } else {
                Terminal.write(WoWRenderer(.terminal)
                    .characters(profile, game: options.gameName))
            }
        }
    }
}

/// `bnet wow character REALM NAME`: a character's protected summary with its public one.
struct WoWCharacterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "character",
        abstract: "Show one of your characters: level, class, money, deaths, location.",
        discussion: """
            REALM is the realm's slug or name (tarren-mill, "Tarren Mill"). The character must be one of the \
            account's (as `bnet wow characters` lists them): the protected summary comes with the public \
            profile. --json prints {"protected_character": ..., "character": ...}, each as Battle.net sent it.

            Examples:
              bnet wow character tarren-mill Aelyth
              bnet wow character "Twisting Nether" moira --json
            """)

    @Argument(help: "The realm's slug or name.")
    var realm: String

    @Argument(help: "The character's name, in any letter case.")
    var name: String

    @OptionGroup var options: WoWOptions

    func run() async throws {
        try await options.run { client, access in
            let profile = try await client.accountProfile()
            let slug = realm.lowercased().split(separator: " ").joined(separator: "-")
            guard let character = profile.characters.first(where: { candidate in
                candidate.name.lowercased() == name.lowercased()
                    && (candidate.realm.slug == slug || candidate.realm.name?.text().lowercased() == realm.lowercased())
            }) else {
                throw CLIFailure(.notFound, "\(name) on \(realm) is not a character of this account (\(options.gameName)): "
                    + "`bnet wow characters` lists them.")
            }
            let protected = try await client.protectedCharacter(realmID: character.realm.id, characterID: character.id)
            let details = try await client.character(realmSlug: character.realm.slug, name: character.name)
            if options.json {
                let bodies = access.answers.last(2)
                Terminal.write(JSONText.object([("protected_character", bodies[0]), ("character", bodies[1])]))
            } else {
                Terminal.write(WoWRenderer(.terminal)
                    .character(protected, public: details))
            }
        }
    }
}

/// A collection `bnet wow` shows.
protocol WoWCollectionKind {
    /// The subcommand, such as `mounts`.
    static var name: String { get }
    /// Its endpoint.
    static var endpoint: WoWEndpoint { get }
    /// The text of its answer.
    static func render(_ body: Data, _ renderer: WoWRenderer) throws -> String
}

/// `bnet wow mounts|pets|toys|heirlooms|transmogs`.
struct WoWCollectionCommand<Kind: WoWCollectionKind>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Kind.name,
            abstract: "List the account's \(Kind.name): how many, and each (favourites marked *).",
            discussion: "Examples:\n  bnet wow \(Kind.name)\n  bnet wow \(Kind.name) --json")
    }

    @OptionGroup var options: WoWOptions

    func run() async throws {
        try await options.run { client, access in
            let body = try await client.data(Kind.endpoint)
            if options.json {
                Terminal.write(JSONText.line(body))
                return
            }
            let renderer = WoWRenderer(.terminal)
            do {
                Terminal.write(try Kind.render(body, renderer))
            } catch {
                throw BattleNetError.malformedResponse("\(Kind.endpoint.what) could not be decoded")
            }
        }
    }
}

enum WoWMounts: WoWCollectionKind {
    static let name = "mounts"
    static let endpoint = WoWEndpoint.mounts
    static func render(_ body: Data, _ renderer: WoWRenderer) throws -> String {
        renderer.mounts(try JSONDecoder().decode(WoWMountCollection.self, from: body))
    }
}

enum WoWPets: WoWCollectionKind {
    static let name = "pets"
    static let endpoint = WoWEndpoint.pets
    static func render(_ body: Data, _ renderer: WoWRenderer) throws -> String {
        renderer.pets(try JSONDecoder().decode(WoWPetCollection.self, from: body))
    }
}

enum WoWToys: WoWCollectionKind {
    static let name = "toys"
    static let endpoint = WoWEndpoint.toys
    static func render(_ body: Data, _ renderer: WoWRenderer) throws -> String {
        renderer.toys(try JSONDecoder().decode(WoWToyCollection.self, from: body))
    }
}

enum WoWHeirlooms: WoWCollectionKind {
    static let name = "heirlooms"
    static let endpoint = WoWEndpoint.heirlooms
    static func render(_ body: Data, _ renderer: WoWRenderer) throws -> String {
        renderer.heirlooms(try JSONDecoder().decode(WoWHeirloomCollection.self, from: body))
    }
}

enum WoWTransmogs: WoWCollectionKind {
    static let name = "transmogs"
    static let endpoint = WoWEndpoint.transmogs
    static func render(_ body: Data, _ renderer: WoWRenderer) throws -> String {
        renderer.transmogs(try JSONDecoder().decode(WoWTransmogCollection.self, from: body))
    }
}
