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

    @Test("Acts, artisans, recipes and their items, followers, classes and skills, item types and items, seasons, eras and boards")
    func walk() async throws {
        let emulator = BattleNetEmulator(configuration: EmulatorConfiguration(
            clients: [EmulatorClient(credentials: Self.credentials, name: "listing walk")]))
        do {
            let transport = EmulatorTransport(emulator: emulator)
            let endpoints = BattleNetEndpoints(emulatorBaseURL: EmulatorTransport.defaultBaseURL)
            let oauth = OAuthClient(credentials: Self.credentials, endpoints: endpoints, transport: transport)
            let d3 = Diablo3Client(
                region: .eu, apiBaseURL: EmulatorTransport.defaultBaseURL,
                tokens: ClientCredentialsTokenProvider(client: oauth), transport: transport)
            var followed = 0

            for act in try await d3.acts().acts {
                #expect(try await d3.act(act.number).number == act.number)
                followed += 1
            }
            for artisan in ["blacksmith", "jeweler", "mystic"] {
                for recipe in try await d3.artisan(artisan).recipes {
                    let answered = try await d3.recipe(recipe.slug, artisan: artisan)
                    #expect(answered.slug == recipe.slug)
                    let made = try #require(answered.itemProduced, "\(artisan)/\(recipe.slug) makes nothing")
                    #expect(try await d3.item(made.itemArgument).name == made.name, "d3 item \(made.itemArgument)")
                    followed += 2
                }
            }
            for follower in ["templar", "scoundrel", "enchantress"] {
                #expect(try await d3.follower(follower).name.isEmpty == false)
                followed += 1
            }
            for heroClass in ["barbarian", "crusader", "demon-hunter", "monk", "necromancer", "witch-doctor", "wizard"] {
                let answered = try await d3.characterClass(heroClass)
                for skill in answered.skills.active + answered.skills.passive {
                    #expect(try await d3.skill(skill.slug, characterClass: heroClass).skill.slug == skill.slug)
                    followed += 1
                }
            }
            let types = try await d3.itemTypes()
            #expect(types.count == 111)
            for type in types {
                let items = try await d3.itemType(type.slug)
                #expect(!items.isEmpty, "d3 item-type \(type.slug) lists nothing")
                for item in items {
                    #expect(try await d3.item(item.itemArgument).name == item.name, "d3 item \(item.itemArgument)")
                    followed += 1
                }
            }
            for kind in [D3LadderKind.season, .era] {
                let index = kind == .season ? try await d3.seasons() : try await d3.eras()
                #expect(!index.ids.isEmpty)
                for id in index.ids {
                    let ladder = kind == .season ? try await d3.season(id) : try await d3.era(id)
                    #expect(!ladder.leaderboards.isEmpty, "d3 \(kind.rawValue) \(id) lists no board")
                    for link in ladder.leaderboards {
                        let board = kind == .season
                            ? try await d3.seasonLeaderboard(link.board, season: id)
                            : try await d3.eraLeaderboard(link.board, era: id)
                        #expect(!board.rows.isEmpty, "d3 leaderboard \(link.board) --\(kind.rawValue) \(id)")
                        followed += 1
                    }
                }
            }
            print("followed \(followed) listed entries through the sandbox emulator")
        }
    }

    @Test("What no listing names is still Blizzard's not found")
    func unlisted() async throws {
        let emulator = BattleNetEmulator(configuration: EmulatorConfiguration(
            clients: [EmulatorClient(credentials: Self.credentials, name: "listing walk")]))
        do {
            let transport = EmulatorTransport(emulator: emulator)
            let oauth = OAuthClient(
                credentials: Self.credentials, endpoints: BattleNetEndpoints(emulatorBaseURL: EmulatorTransport.defaultBaseURL),
                transport: transport)
            let d3 = Diablo3Client(
                region: .eu, apiBaseURL: EmulatorTransport.defaultBaseURL,
                tokens: ClientCredentialsTokenProvider(client: oauth), transport: transport)
            await #expect(throws: BattleNetError.self) { try await d3.itemType("spoon") }
            await #expect(throws: BattleNetError.self) { try await d3.item("spoon-Spoon_001") }
            await #expect(throws: BattleNetError.self) { try await d3.recipe("spoon", artisan: "jeweler") }
        }
    }
}
