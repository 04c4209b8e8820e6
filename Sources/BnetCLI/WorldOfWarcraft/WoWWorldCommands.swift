import ArgumentParser
import BattleNet
import BattleNetWorldOfWarcraft
import BnetKit
import Foundation

/// `bnet wow realms`: every realm of the region.
struct WoWRealmsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "realms",
        abstract: "List the realms of the region: name, slug and id.",
        discussion: "Examples:\n  bnet wow realms --region eu\n  bnet wow realms --classic-era --region us --json")

    @OptionGroup var options: WoWOptions

    func run() async throws {
        try await options.show(hint: "this game has no realms there.", gameData: true, { try await $0.realms() },
            render: { $0.realms($1) })
    }
}

/// `bnet wow realm SLUG`: a realm, and whether it is up (its connected realm's status, population and queue).
struct WoWRealmCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "realm",
        abstract: "Show a realm: is it up, its population and queue, type, locale, time zone, connected realms.",
        discussion: """
            Reads the realm, then its connected realm (which has the status). --json prints \
            {"realm": ..., "connected_realm": ...}, each as Battle.net sent it.

            Examples:
              bnet wow realm aggramar --region eu
              bnet wow realm "Area 52" --region us --json
            """)

    @Argument(help: "The realm's slug or name, as `bnet wow realms` lists them.")
    var realm: String

    @OptionGroup var options: WoWOptions

    func run() async throws {
        let slug = WoWSlug.of(realm)
        try await APIAccess.run(region: options.data.region, options: options.data.api, gameData: true) { access in
            let client = WorldOfWarcraftClient(api: access.api, game: options.game)
            let found: WoWRealm
            do {
                found = try await client.realm(slug: slug)
            } catch BattleNetError.notFound {
                throw CLIFailure(.notFound, "There is no realm \(slug) in region \(access.context.settings.region) "
                    + "(\(options.gameName)): `bnet wow realms` lists them.")
            }
            guard let id = found.connectedRealmID else {
                throw BattleNetError.malformedResponse("The realm \(slug) names no connected realm")
            }
            let connected = try await client.connectedRealm(id: id)
            if options.json {
                let bodies = access.answers.last(2)
                Terminal.write(JSONText.object([("realm", bodies[0]), ("connected_realm", bodies[1])]))
            } else {
                Terminal.write(WoWRenderer(.terminal).realm(found, connected: connected))
            }
        }
    }
}

/// `bnet wow token`: the WoW Token's price.
struct WoWTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Show what a WoW Token costs in the region, in gold, and when the price was set.",
        discussion: "Retail and progression Classic.\n\nExamples:\n  bnet wow token --region eu\n  bnet wow token --json")

    @OptionGroup var options: WoWOptions

    func run() async throws {
        try await options.show(hint: "the token is sold in retail and progression Classic (--classic).", gameData: true,
            { try await $0.tokenPrice() }, render: { $0.token($1) })
    }
}

/// `bnet wow affixes`: the Mythic+ affixes.
struct WoWAffixesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "affixes",
        abstract: "List the Mythic+ affixes: id and name.",
        discussion: "Examples:\n  bnet wow affixes --region eu\n  bnet wow affixes --json")

    @OptionGroup var options: WoWOptions

    func run() async throws {
        try await options.show(hint: "Mythic+ is retail's.", gameData: true, { try await $0.keystoneAffixes() },
            render: { $0.affixes($1) })
    }
}

/// `bnet wow mythic-plus-leaderboard CONNECTED_REALM DUNGEON PERIOD`.
struct WoWLeaderboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mythic-plus-leaderboard",
        abstract: "Show the best Mythic+ groups of one dungeon in one week on a connected realm.",
        discussion: """
            CONNECTED_REALM is the id `bnet wow realm` shows; DUNGEON the dungeon's id (Atal'Dazar is 244); \
            PERIOD the weekly period's id.

            Examples:
              bnet wow mythic-plus-leaderboard 509 244 682 --region eu
              bnet wow mythic-plus-leaderboard 509 244 682 --region eu --json
            """)

    @Argument(help: "The connected realm's id.")
    var connectedRealm: Int

    @Argument(help: "The dungeon's id.")
    var dungeon: Int

    @Argument(help: "The weekly period's id.")
    var period: Int

    @OptionGroup var options: WoWOptions

    func run() async throws {
        let hint = "check the connected realm (`bnet wow realm SLUG`), the dungeon and the period."
        try await options.show(hint: hint, gameData: true, {
            try await $0.mythicKeystoneLeaderboard(connectedRealmID: connectedRealm, dungeonID: dungeon, period: period)
        }, render: { $0.leaderboard($1) })
    }
}
