import ArgumentParser
import BattleNet
import BattleNetWorldOfWarcraft
import BnetKit
import Foundation

/// `bnet wow ...`: the signed-in player's World of Warcraft characters and collections.
struct WoWGroup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wow",
        abstract: "World of Warcraft: your characters on every licence, a character, your collections.",
        discussion: """
            These need a sign-in that granted wow.profile (`bnet login` asks for it). --classic asks \
            progression Classic (namespace profile-classic-REGION), --classic-era Classic Era, Hardcore and \
            Anniversary realms (profile-classic1x-REGION); retail otherwise (profile-REGION).
            """,
        subcommands: [
            WoWCharactersCommand.self, WoWCharacterCommand.self, WoWCollectionCommand<WoWMounts>.self,
            WoWCollectionCommand<WoWPets>.self, WoWCollectionCommand<WoWToys>.self,
            WoWCollectionCommand<WoWHeirlooms>.self, WoWCollectionCommand<WoWTransmogs>.self,
        ])
}

/// `--classic`, `--classic-era` and `--json`, with the region and API options every WoW command takes.
struct WoWOptions: ParsableArguments {
    @Flag(help: "Progression Classic (namespace profile-classic-REGION).")
    var classic = false

    @Flag(help: "Classic Era, Hardcore and Anniversary realms (namespace profile-classic1x-REGION).")
    var classicEra = false

    @Flag(help: "Print Battle.net's JSON answer exactly as it was sent, instead of text.")
    var json = false

    @OptionGroup var region: RegionOption
    @OptionGroup var api: APIOptions

    var version: WoWGameVersion { classic ? .classic : classicEra ? .classicEra : .retail }

    var gameName: String {
        switch version {
        case .retail: "retail"
        case .classic: "Classic"
        case .classicEra: "Classic Era"
        }
    }

    func validate() throws {
        if classic, classicEra { throw ValidationError("Give --classic or --classic-era, not both.") }
    }

    /// Runs `body` with a client for the game asked, after checking that the sign-in may read account data; a
    /// refusal for want of `wow.profile` becomes the message that says how to sign in with it.
    func run(_ body: (WorldOfWarcraftClient, APIAccess) async throws -> Void) async throws {
        try await APIAccess.run(region: region, options: api) { access in
            let region = access.context.settings.region
            let what = "World of Warcraft account data"
            try GameScopes.require(WorldOfWarcraftClient.scope, for: what, access: access, region: region)
            let client = WorldOfWarcraftClient(api: access.api, version: version)
            try await GameScopes.mapping(WorldOfWarcraftClient.scope, for: what, access: access, region: region) {
                try await body(client, access)
            }
        }
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
