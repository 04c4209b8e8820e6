import ArgumentParser
import BattleNet
import D3Kit

/// `d3 hero`: one hero's skills, main stats and items.
struct HeroCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hero",
        abstract: "Show one hero: skills, main stats and equipped items.",
        discussion: """
            The hero is its id or its name, as `d3 profile` lists them. With --items, each equipped item is \
            shown with its main affixes.

            Examples:
              d3 hero FaYe#2543 104729462 --region eu
              d3 hero FaYe#2543 BITCONNEEECT --items
              d3 hero FaYe#2543 104729462 --json
            """)

    @Argument(help: "The account, such as Name#1234.", transform: { try BattleTag(parsing: $0) })
    var battleTag: BattleTag

    @Argument(help: "The hero's id or name.")
    var hero: String

    @Flag(help: "Also fetch the equipped items in detail and show their main affixes.")
    var items = false

    @Flag(help: "Print the hero as JSON (sorted keys) instead of text; with --items, {\"hero\": …, \"items\": …}.")
    var json = false

    @OptionGroup var region: RegionOption
    @OptionGroup var api: APIOptions

    func run() async throws {
        let context = try Context(region: region.region, locale: api.locale)
        let client = try APIAccess(context: context, options: api).client
        let id = try await heroID(client)
        let hero = try await client.hero(battleTag, id: id)
        let details = items ? try await client.heroItems(battleTag, id: id) : nil
        if json {
            Terminal.write(try details.map { try stableJSON(HeroWithItems(hero: hero, items: $0)) } ?? stableJSON(hero))
        } else {
            Terminal.write(HeroRenderer(style: Terminal.outputStyle).render(hero, of: battleTag, items: details))
        }
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
            throw CLIFailure(.notFound, "\(battleTag) has no hero named \(hero); its heroes: "
                + (heroes.isEmpty ? "none" : heroes.map(\.name).joined(separator: ", ")) + ".")
        default:
            throw CLIFailure(.usage, "\(battleTag) has several heroes named \(hero): give the id, one of "
                + named.map { String($0.id) }.joined(separator: ", ") + ".")
        }
    }
}

/// `d3 hero --items --json`: the hero and its detailed items.
struct HeroWithItems: Encodable {
    let hero: D3Hero
    let items: D3HeroItems
}
