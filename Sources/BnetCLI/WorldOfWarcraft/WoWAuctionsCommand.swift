import ArgumentParser
import BattleNet
import BattleNetWorldOfWarcraft
import BnetKit

/// `bnet wow auctions --commodities | --connected-realm ID`: the auction house, a page at a time.
struct WoWAuctionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auctions",
        abstract: "Show the auction house: the region's commodities, or a connected realm's auctions, a page at a time.",
        discussion: """
            Retail. The answer (tens of megabytes on a busy realm) is held once, as sent; only the page shown is \
            decoded. --json prints the whole answer exactly as Battle.net sent it (--page does not apply).

            Examples:
              bnet wow auctions --commodities --region us
              bnet wow auctions --connected-realm 4 --region us --page 2
              bnet wow auctions --connected-realm 4 --region us --json
            """)

    @Flag(help: "The region's commodities (ore, herbs, reagents: one price per unit).")
    var commodities = false

    @Option(help: "A connected realm's auctions, by the id `bnet wow realm SLUG` shows.")
    var connectedRealm: Int?

    @Option(help: "The page shown.")
    var page = 1

    @Option(help: "Auctions per page.")
    var pageSize = 50

    @OptionGroup var options: WoWOptions

    func validate() throws {
        guard commodities != (connectedRealm != nil) else {
            throw ValidationError("Give --commodities or --connected-realm ID (one of them).")
        }
        guard page >= 1 else { throw ValidationError("--page: give 1 or more.") }
        guard (1...1000).contains(pageSize) else { throw ValidationError("--page-size: give 1 to 1000.") }
    }

    func run() async throws {
        let title = connectedRealm.map { "connected realm \($0)" } ?? "commodities"
        try await APIAccess.run(region: options.data.region, options: options.data.api) { access in
            let client = WorldOfWarcraftClient(api: access.api, game: options.game)
            let listing: WoWAuctionListing
            do {
                if let connectedRealm {
                    listing = try await client.auctions(connectedRealmID: connectedRealm)
                } else {
                    listing = try await client.commodities()
                }
            } catch BattleNetError.notFound(let what) {
                throw CLIFailure(.notFound, "\(what) was not found in region \(access.context.settings.region): "
                    + "the auction house is retail's; `bnet wow realm SLUG` shows a realm's connected realm.")
            }
            if options.json {
                JSONText.write(listing.data)
                return
            }
            let pages = listing.pages(of: pageSize)
            guard pages.isEmpty || page <= pages.count else {
                throw CLIFailure(.notFound, "There are \(pages.count) pages of \(pageSize) auctions: give --page 1 to \(pages.count).")
            }
            let shown = pages.isEmpty ? [] : try pages[page - 1].get()
            Terminal.write(WoWRenderer(.terminal).auctions(
                shown, of: listing.count, title: title, page: page, pages: pages.count))
        }
    }
}
