import BattleNet
import BattleNetHearthstone
import BattleNetStarCraft2
import BattleNetURLSession
import BattleNetWorldOfWarcraft
import Foundation
import TestSupport
import Testing

/// The World of Warcraft, StarCraft II and Hearthstone catalogs' examples, run as printed against the real
/// `bnet-relay` in sandbox mode (issue 45 item 6; Diablo III's runs in ``AppSandboxAPITests``): the code between a
/// `// example` and an `// end` line below is the catalog's block, which ``catalogShows(_:_:)`` checks line for line,
/// and it runs with the names the catalog takes from its surroundings (`session`, `accountID`, `gateway`) made real.
@Suite("The game catalogs' examples run as printed against a sandbox relay", .serialized, .timeLimit(.minutes(2)))
struct GameCatalogExampleTests {
    @Test("World of Warcraft's: the account's characters, a protected character, mounts, equipment and auctions")
    func worldOfWarcraft() async throws {
        try await withSandboxRelay { relay, _ in
            let (session, _) = try await signedIn(at: relay)
            var printed: [String] = []
            func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

            // example BattleNetWorldOfWarcraft 1
            let wow = WorldOfWarcraftClient(region: .eu, tokens: session, transport: URLSessionTransport.shared)
            let profile = try await wow.accountProfile()
            for character in profile.characters {          // every licence (WoW1, WoW2, …), not only the first
                print(character.name, character.realm.slug, character.level, character.faction?.type == .horde)
            }
            let first = profile.characters[0]
            let details = try await wow.protectedCharacter(realmID: first.realm.id, characterID: first.id)
            let mounts = try await wow.mounts()
            let era = WorldOfWarcraftClient(api: wow.api, version: .classicEra)   // namespace profile-classic1x-eu
            // end
            // example BattleNetWorldOfWarcraft 2
            let equipment = try await wow.equipment(realmSlug: "tarren-mill", name: "Aelyth")
            print(equipment.averageItemLevel ?? 0, equipment.equippedItems.compactMap(\.enchantments).count)
            let listing = try await wow.auctions(connectedRealmID: 1084)
            for page in listing.pages(of: 500) { for auction in try page.get() { print(auction.item.id, auction.buyout ?? 0) } }
            // end

            try catalogShows("BattleNetWorldOfWarcraft", ["BattleNetWorldOfWarcraft 1", "BattleNetWorldOfWarcraft 2"])
            #expect(printed.count == profile.characters.count + 1 + listing.count, "\(printed.prefix(5))")
            #expect(details.id == first.id && !mounts.mounts.isEmpty && listing.count > 0)
            #expect(era.namespace == "profile-classic1x-eu")
        }
    }

    @Test("StarCraft II's: every profile of the signed-in account, each in full")
    func starCraft2() async throws {
        try await withSandboxRelay { relay, _ in
            let (session, player) = try await signedIn(at: relay)
            let accountID = try #require(player.accountID, "the sign-in's account id")
            var printed: [String] = []
            func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

            // example BattleNetStarCraft2
            let sc2 = StarCraft2Client(region: .eu, tokens: session, transport: URLSessionTransport.shared)
            for entry in try await sc2.profiles(accountID: accountID) {
                let profile = try await sc2.profile(regionID: entry.regionID, realmID: entry.realmID, profileID: entry.profileID)
                print(entry.name, profile.career?.totalCareerGames ?? 0)
            }
            // end

            try catalogShows("BattleNetStarCraft2", ["BattleNetStarCraft2"])
            #expect(!printed.isEmpty, "the account's profiles")
        }
    }

    @Test("Hearthstone's, through the relay's gateway with no token: every page of a card search, and a deck")
    func hearthstone() async throws {
        try await withSandboxRelay { relay, _ in
            let discovered = try await DeviceFlowClient.discover(relayURL: relay.baseURL, transport: URLSessionTransport.shared)
            let gateway = try #require(discovered.endpoints.apiGatewayURL, "a sandbox relay's api_gateway_endpoint")
            var printed: [String] = []
            func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

            // example BattleNetHearthstone
            let api = BlizzardAPI(region: .eu, gateway: gateway, locale: .enGB, transport: URLSessionTransport.shared)
            let hs = HearthstoneClient(api: api)
            var search = HSCardSearch(textFilter: "dragon")
            repeat {
                let page = try await hs.cards(search)
                for card in page.cards { print(card.name ?? "", card.manaCost ?? 0) }
                search.page = page.hasNextPage ? page.page + 1 : nil
            } while search.page != nil
            let deck = try await hs.deck(code: "AAECAQcG+wyd8AKS+AKggAOblAPanQMMS6IE/web8wLR9QKD+wKe+wKz/AL1gAOXlAOalAOSnwMA")
            // end

            try catalogShows("BattleNetHearthstone", ["BattleNetHearthstone"])
            #expect(!printed.isEmpty, "the search's cards")
            #expect(!deck.cards.isEmpty, "the deck's cards")
        }
    }

    /// A player signed in at `relay` with the relay's default scopes (`wow.profile` and `sc2.profile` among them).
    private func signedIn(at relay: RelayProcess) async throws -> (PlayerSession, SignedInPlayer) {
        let session = PlayerSession(relay: relay.signIn(), store: InMemoryTokenStore())
        let player = try await session.signIn { attempt in try await PlayerBrowser().signIn(at: attempt.url) }.player()
        return (session, player)
    }

    /// Fails unless each named `// example` region of this file, unindented, is a run of whole lines of `library`'s
    /// catalog article (its Swift block, since the region is code).
    private func catalogShows(_ library: String, _ names: [String], file: String = #filePath) throws {
        let root = URL(fileURLWithPath: file).deletingLastPathComponent().appending(path: "../..")
        let article = try String(
            contentsOf: root.appending(path: "Sources/\(library)/\(library).docc/\(library).md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8).components(separatedBy: "\n")
        for name in names {
            let start = try #require(source.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// example \(name)" })
            let end = try #require(source[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// end" })
            let region = source[(start + 1)..<end]
            let indent = region.map { $0.prefix { $0 == " " }.count }.min() ?? 0
            let block = region.map { String($0.dropFirst(indent)) }.joined(separator: "\n")
            #expect(!region.isEmpty && article.contains("\n" + block + "\n"), "\(library).md does not show:\n\(block)")
        }
    }
}
