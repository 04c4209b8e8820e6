import BattleNet
import BattleNetDiablo3
import BattleNetEmulator
import Foundation
import Testing

@Suite("The sandbox's generated game data, in the recorded shapes", .timeLimit(.minutes(2)))
struct GeneratedGameDataTests {
    @Test("All three artisans, all three followers, every class and its skills decode")
    func community() async throws {
        try await withEmulator { emulator async throws in
            let d3 = emulator.diablo3()
            let blacksmith = try await d3.artisan("blacksmith")
            #expect(blacksmith.name == "Blacksmith")
            #expect(blacksmith.recipes.map(\.slug) == ["apprentice-flamberge"])
            #expect(try await d3.artisan("mystic").recipes.isEmpty)
            #expect(try await d3.follower("enchantress").realName == "Eirena")
            for slug in ["barbarian", "crusader", "demon-hunter", "monk", "necromancer", "witch-doctor", "wizard"] {
                let heroClass = try await d3.characterClass(slug)
                #expect(heroClass.slug == slug)
                let skill = try #require(heroClass.skills.active.first)
                #expect(try await d3.skill(skill.slug, characterClass: slug).skill.name == skill.name)
            }
            #expect(try await d3.skill("magic-missile", characterClass: "wizard").runes.count == 5)
            await #expect(throws: BattleNetError.notFound("The artisan cook")) { try await d3.artisan("cook") }
            await #expect(throws: BattleNetError.notFound("The class paladin")) { try await d3.characterClass("paladin") }
            await #expect(throws: BattleNetError.notFound("The skill bash of the wizard")) {
                try await d3.skill("bash", characterClass: "wizard")
            }
        }
    }

    @Test("Every season and era of the recorded indexes answers, with the boards it lists")
    func ladders() async throws {
        try await withEmulator { emulator async throws in
            let d3 = emulator.diablo3()
            let seasons = try await d3.seasons()
            #expect(seasons.current == 19)
            let current = try await d3.season(19)
            #expect(current.id == 19)
            #expect(current.leaderboards.contains { $0.board == "rift-barbarian" })
            let board = try await d3.seasonLeaderboard("rift-barbarian", season: 19)
            #expect(board.season == 19)
            #expect(board.title == "Barbarian Greater Rift")
            #expect(board.rows.first?.players.first?.heroClass == "barbarian")
            let eras = try await d3.eras()
            let team = try await d3.eraLeaderboard("rift-team-4", era: try #require(eras.current))
            #expect(team.title == "Greater Rift 4 Players")
            #expect(try await d3.seasonLeaderboard("achievement-points", season: 5).title == "Achievement Points")
            await #expect(throws: BattleNetError.notFound("Season 20")) { try await d3.season(20) }
            await #expect(throws: BattleNetError.notFound("The leaderboard rift-necromancer of season 19")) {
                try await d3.seasonLeaderboard("rift-necromancer", season: 19)
            }
        }
    }
}
