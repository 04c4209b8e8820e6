import BattleNet
import BattleNetDiablo3
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import Testing

@Suite("Diablo III data endpoints and the generic call against the emulator", .timeLimit(.minutes(2)))
struct Diablo3DataClientTests {
    @Test("Every community endpoint answers its recording")
    func community() async throws {
        try await withEmulator { emulator async throws in
            let d3 = emulator.diablo3()
            #expect(try await d3.act(5).name == "Act V")
            #expect(try await d3.artisan("jeweler").training.tiers.count == 12)
            #expect(try await d3.recipe("apprentice-flamberge", artisan: "blacksmith").cost == 1000)
            #expect(try await d3.recipe("flawless-amethyst", artisan: "jeweler").cost == 2500)
            #expect(try await d3.follower("templar").realName == "Kormac")
            #expect(try await d3.follower("scoundrel").skills.active.isEmpty == false)
            #expect(try await d3.characterClass("barbarian").skills.passive.isEmpty == false)
            #expect(try await d3.skill("bash", characterClass: "barbarian").runes.count == 5)
            #expect(try await d3.itemTypes().count > 10)
            #expect(try await d3.itemType("sword2h").first?.slug == "splintered-oar")
            #expect(try await d3.item("corrupted-ashbringer-Unique_Sword_2H_104_x1").name == "Corrupted Ashbringer")
        }
    }

    @Test("Every game-data endpoint answers its recording, with or without a namespace")
    func gameData() async throws {
        try await withEmulator { emulator async throws in
            let d3 = emulator.diablo3()
            #expect(try await d3.seasons().current == 19)
            #expect(try await d3.season(1, namespace: "2-6-eu").leaderboards.count > 20)
            #expect(try await d3.seasonLeaderboard("74987245615154", season: 1).title == "Death Gets Got")
            #expect(try await d3.eras(namespace: "2-6-us").current == 12)
            #expect(try await d3.era(1).startDate != nil)
            #expect(try await d3.eraLeaderboard("rift-wd", era: 1).rows.first?.riftLevel == 49)
        }
    }

    @Test("Game-data answers carry Battlenet-Namespace; community answers do not")
    func namespaceHeader() async throws {
        try await withEmulator { emulator async throws in
            let token = try await emulator.oauthClient().clientCredentialsToken()
            func get(_ path: String) async throws -> TransportResponse {
                try await emulator.transport.send(TransportRequest(
                    url: URL(string: path, relativeTo: emulator.baseURL)!.absoluteURL,
                    headers: [("Authorization", "Bearer \(token.value)")]))
            }
            #expect(try await get("/data/d3/season/").header("Battlenet-Namespace") == "2-6-eu")
            #expect(try await get("/data/d3/season/1").header("Battlenet-Schema") == "season")
            #expect(try await get("/data/d3/era/1?namespace=2-6-US").header("Battlenet-Namespace") == "2-6-us")
            #expect(try await get("/data/d3/era/1?namespace=static-us").status == 404)
            #expect(try await get("/d3/data/act").header("Battlenet-Namespace") == nil)
        }
    }

    @Test("Unknown slugs and ids are Blizzard's 404, reported as notFound", arguments: [NotFoundStyle.gateway404, .legacy200])
    func unknown(style: NotFoundStyle) async throws {
        try await withEmulator(notFoundStyle: style) { emulator async throws in
            let d3 = emulator.diablo3()
            await #expect(throws: BattleNetError.notFound("The artisan cook")) { try await d3.artisan("cook") }
            await #expect(throws: BattleNetError.notFound("Season 99")) { try await d3.season(99) }
            await #expect(throws: BattleNetError.notFound("The leaderboard rift-x of era 1")) {
                try await d3.eraLeaderboard("rift-x", era: 1)
            }
            await #expect(throws: BattleNetError.notFound("The skill bash/../x of the barbarian")) {
                try await d3.skill("bash/../x", characterClass: "barbarian")
            }
        }
    }

    @Test("A 200 body with MAINTENANCE or LIMITED is an error a person can act on, never data")
    func legacyCodes() async throws {
        try await withEmulator { emulator async throws in
            let d3 = emulator.diablo3()
            for (code, reason) in [("MAINTENANCE", "The application is in maintenance."),
                                   ("LIMITED", "The application is in limited mode.")] {
                await emulator.state.inject(EmulatorFault(
                    pathPrefix: "/d3/profile", kind: .legacyError(code: code, reason: reason), count: 1))
                let error = await #expect(throws: BattleNetError.self) {
                    try await d3.profile(BattleTag(parsing: "FaYe#2543"))
                }
                #expect(error == .unavailable(code: code, reason: reason))
                #expect(error?.description.contains("try again later") == true)
            }
        }
    }

    @Test("The generic call reaches any path as Decodable or raw JSON, with the same errors")
    func generic() async throws {
        try await withEmulator { emulator async throws in
            let api = emulator.diablo3().api
            struct Acts: Decodable { var acts: [Act]; struct Act: Decodable { var name: String } }
            #expect(try await api.get("/d3/data/act", as: Acts.self).acts.count == 5)
            let raw = try await api.data("data/d3/era/", namespace: "2-6-eu")
            #expect(try JSONSerialization.jsonObject(with: raw) is [String: Any])
            await #expect(throws: BattleNetError.notFound("The resource /data/wow/mount/index")) {
                try await api.data("data/wow/mount/index", namespace: "static-eu")
            }
            await #expect(throws: BattleNetError.malformedResponse("The resource /d3/data/act could not be decoded")) {
                try await api.get("d3/data/act", as: [String].self)
            }
        }
    }

    @Test("Locales: multi is a typed choice offered by every region but China")
    func locales() {
        #expect(BattleNetLocale(rawValue: "MULTI") == .multi)
        #expect(Region.eu.accepts(.multi))
        #expect(!Region.cn.accepts(.multi))
        #expect(Region.eu.accepts(.deDE))
        #expect(!Region.us.accepts(.deDE))
    }
}
