import BattleNet
import BattleNetDiablo3
import BattleNetEmulator
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The sandbox shows the whole game: everything a listing names answers, followed as `d3` follows it (its hints:
/// `d3 artisan` lists recipe slugs for `d3 recipe`, a recipe names its item for `d3 item`, `d3 item-type TYPE` lists
/// item slugs, `d3 season`/`d3 era` list ids and boards). In process: the emulator's routes behind an `EmulatorTransport`.
@Suite("Every sandbox listing answers", .timeLimit(.minutes(3)))
struct SandboxListingTests {
    static let credentials = ClientCredentials(id: "listing-walk", secret: "listing-walk-secret-0123456789")

    /// A Diablo III client on a fresh in-process emulator.
    static func client() -> Diablo3Client {
        let emulator = BattleNetEmulator(configuration: EmulatorConfiguration(
            clients: [EmulatorClient(credentials: credentials, name: "listing walk")]))
        let transport = EmulatorTransport(emulator: emulator)
        let oauth = OAuthClient(
            credentials: credentials, endpoints: BattleNetEndpoints(emulatorBaseURL: EmulatorTransport.defaultBaseURL),
            transport: transport)
        return Diablo3Client(
            region: .eu, apiBaseURL: EmulatorTransport.defaultBaseURL,
            tokens: ClientCredentialsTokenProvider(client: oauth), transport: transport)
    }

    // The walk (about 900 requests) is split into tests Swift Testing runs side by side.

    @Test("Acts, artisans and their recipes and items, followers, classes and their skills")
    func communityData() async throws {
        let d3 = Self.client()
        for act in try await d3.acts().acts {
            #expect(try await d3.act(act.number).number == act.number)
        }
        for artisan in ["blacksmith", "jeweler", "mystic"] {
            for recipe in try await d3.artisan(artisan).recipes {
                let answered = try await d3.recipe(recipe.slug, artisan: artisan)
                #expect(answered.slug == recipe.slug)
                let made = try #require(answered.itemProduced, "\(artisan)/\(recipe.slug) makes nothing")
                #expect(try await d3.item(made.itemArgument).name == made.name, "d3 item \(made.itemArgument)")
            }
        }
        for follower in ["templar", "scoundrel", "enchantress"] {
            #expect(try await d3.follower(follower).name.isEmpty == false)
        }
        for heroClass in ["barbarian", "crusader", "demon-hunter", "monk", "necromancer", "witch-doctor", "wizard"] {
            let answered = try await d3.characterClass(heroClass)
            for skill in answered.skills.active + answered.skills.passive {
                #expect(try await d3.skill(skill.slug, characterClass: heroClass).skill.slug == skill.slug)
            }
        }
    }

    @Test("Item types and every item each lists (a quarter of the types per case)", arguments: 0..<4)
    func itemTypes(quarter: Int) async throws {
        let d3 = Self.client()
        let types = try await d3.itemTypes()
        #expect(types.count == 111)
        for (index, type) in types.enumerated() where index % 4 == quarter {
            let items = try await d3.itemType(type.slug)
            #expect(!items.isEmpty, "d3 item-type \(type.slug) lists nothing")
            for item in items {
                #expect(try await d3.item(item.itemArgument).name == item.name, "d3 item \(item.itemArgument)")
            }
        }
    }

    @Test("Every season and era answers with one of its boards; every board the first and the last list answers",
          arguments: [D3LadderKind.season, .era])
    func ladders(kind: D3LadderKind) async throws {
        let d3 = Self.client()
        let index = kind == .season ? try await d3.seasons() : try await d3.eras()
        let ids = index.ids.sorted()
        #expect(ids.count > 2)
        func board(_ link: D3LeaderboardLink, of id: Int) async throws {
            let board = kind == .season
                ? try await d3.seasonLeaderboard(link.board, season: id)
                : try await d3.eraLeaderboard(link.board, era: id)
            #expect(!board.rows.isEmpty, "d3 leaderboard \(link.board) --\(kind.rawValue) \(id)")
        }
        // Every id, with a board that differs from one id to the next (each board is generated the same way for
        // every id, so the walk of every board of every id, 767 boards of 25 KB, added nothing but time).
        for id in ids {
            let ladder = kind == .season ? try await d3.season(id) : try await d3.era(id)
            #expect(!ladder.leaderboards.isEmpty, "d3 \(kind.rawValue) \(id) lists no board")
            try await board(ladder.leaderboards[id % ladder.leaderboards.count], of: id)
        }
        for id in [ids[0], ids[ids.count - 1]] {
            let ladder = kind == .season ? try await d3.season(id) : try await d3.era(id)
            for link in ladder.leaderboards { try await board(link, of: id) }
        }
    }

    @Test("What no listing names is still Blizzard's not found")
    func unlisted() async throws {
        let d3 = Self.client()
        await #expect(throws: BattleNetError.self) { try await d3.itemType("spoon") }
        await #expect(throws: BattleNetError.self) { try await d3.item("spoon-Spoon_001") }
        await #expect(throws: BattleNetError.self) { try await d3.recipe("spoon", artisan: "jeweler") }
    }
}
