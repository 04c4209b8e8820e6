import ArgumentParser
import BattleNet
import BattleNetDiablo3
import BnetKit

/// `d3 hero`: one hero's skills, main stats and items.
struct HeroCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hero",
        abstract: "Show one hero: skills, main stats and equipped items.",
        discussion: """
            The hero is its id or its name, as `\(D3Group.prefix) profile` lists them. With --items, each equipped item is \
            shown with its main affixes; with --followers, each follower's items too.

            Examples:
              \(D3Group.prefix) hero FaYe#2543 104729462 --region eu
              \(D3Group.prefix) hero FaYe#2543 BITCONNEEECT --items
              \(D3Group.prefix) hero FaYe#2543 104729462 --followers
              \(D3Group.prefix) hero FaYe#2543 104729462 --json
            """)

    @Argument(help: "The account, such as Name#1234.", transform: { try BattleTag(parsing: $0) })
    var battleTag: BattleTag

    @Argument(help: "The hero's id or name.")
    var hero: String

    @Flag(help: "Also fetch the equipped items in detail and show their main affixes.")
    var items = false

    @Flag(help: "Also fetch the followers' items and show them with their main affixes.")
    var followers = false

    @Flag(help: """
        Print Battle.net's JSON answer exactly as it was sent, instead of text; with --items or --followers, \
        {"hero": …, "items": …, "followers": …}, each answer as sent.
        """)
    var json = false

    @OptionGroup var region: RegionOption
    @OptionGroup var api: APIOptions

    func run() async throws {
        try await APIAccess.run(region: region, options: api) { access in
            let client = Diablo3Client(api: access.api)
            let id = try await heroID(client)
            let hero: D3Hero
            do {
                hero = try await client.hero(battleTag, id: id)
            } catch BattleNetError.notFound where Int(self.hero) != nil {
                // The account may exist and only the hero not: say which.
                let heroes = try await client.profile(battleTag).heroes
                throw Self.noSuchHero(battleTag, self.hero, heroes: heroes)
            }
            let details = items ? try await client.heroItems(battleTag, id: id) : nil
            let followerItems = followers ? try await client.followerItems(battleTag, id: id) : nil
            if json {
                let names = ["hero"] + (items ? ["items"] : []) + (followers ? ["followers"] : [])
                let bodies = access.answers.last(names.count)
                Terminal.write(names.count == 1 ? access.answers.lastText : JSONText.object(Array(zip(names, bodies))))
            } else {
                Terminal.write(HeroRenderer(.terminal).render(
                    hero, of: battleTag, items: details, followers: followerItems))
            }
        }
    }

    /// The account was found but has no such hero: name the heroes it has.
    private static func noSuchHero(_ battleTag: BattleTag, _ hero: String, heroes: [D3HeroSummary]) -> CLIFailure {
        CLIFailure(.notFound, "\(battleTag) has no hero \(Int(hero) == nil ? "named " : "")\(hero); its heroes: "
            + (heroes.isEmpty ? "none" : heroes.map { "\($0.name) (\($0.id))" }.joined(separator: ", ")) + ".")
    }

    /// The id given, or the id of the account's hero of that name (letter case ignored).
    private func heroID(_ client: Diablo3Client) async throws -> Int {
        if let id = Int(hero) { return id }
        let heroes = try await client.profile(battleTag).heroes
        let named = heroes.filter { $0.name.lowercased() == hero.lowercased() }
        switch named.count {
        case 1:
            return named[0].id
        case 0:
            throw Self.noSuchHero(battleTag, hero, heroes: heroes)
        default:
            throw CLIFailure(.usage, "\(battleTag) has several heroes named \(hero): give the id, one of "
                + named.map { String($0.id) }.joined(separator: ", ") + ".")
        }
    }
}
