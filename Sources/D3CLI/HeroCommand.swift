import ArgumentParser
import BattleNet
import D3Kit

/// `d3 hero`: one hero's skills, main stats and items.
struct HeroCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hero",
        abstract: "Show one hero: skills, main stats and equipped items.",
        discussion: """
            Hero ids are listed by `d3 profile`.

            Examples:
              d3 hero FaYe#2543 104729462 --region eu
              d3 hero FaYe#2543 104729462 --json
            """)

    @Argument(help: "The account, such as Name#1234.", transform: { try BattleTag(parsing: $0) })
    var battleTag: BattleTag

    @Argument(help: "The hero id.")
    var heroID: Int

    @Flag(help: "Print the hero as JSON (sorted keys) instead of text.")
    var json = false

    @OptionGroup var region: RegionOption
    @OptionGroup var api: APIOptions

    func run() async throws {
        let context = try Context(region: region.region, locale: api.locale)
        let access = try APIAccess(context: context, options: api)
        let hero = try await access.client.hero(battleTag, id: heroID)
        if json {
            Terminal.write(try stableJSON(hero))
        } else {
            Terminal.write(HeroRenderer(style: Terminal.outputStyle).render(hero, of: battleTag))
        }
    }
}
