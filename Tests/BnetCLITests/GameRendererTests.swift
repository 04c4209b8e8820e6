import BattleNet
import BattleNetEmulator
import BattleNetStarCraft2
import BattleNetWorldOfWarcraft
import BnetKit
import Foundation
import Testing

@Suite("World of Warcraft and StarCraft II renderers", .timeLimit(.minutes(1)))
struct GameRendererTests {
    func recorded<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try JSONDecoder().decode(T.self, from: EmulatorSamples.data(named: name))
    }

    @Test("The recorded account summary: one table per licence with realm, name, level, class, race and faction")
    func characters() throws {
        let profile = try recorded(WoWAccountProfile.self, "wow_profile-user-wow_acct1142637-2020_argentpony.json")
        let text = WoWRenderer().characters(profile, game: "retail")
        #expect(text == """
            2 characters on 1 licence (retail)

            Licence WoW1 (id 19995845)
              Realm                Name          Level  Class    Race    Faction
              Darrowmere           Bregal932B58      0  Hunter   Tauren  Horde
              Steamwheedle Cartel  Rilian            6  Paladin  Human   Alliance

            """)
    }

    @Test("The recorded protected character: gold, deaths, location; and copper as gold, silver, copper")
    func protectedCharacter() throws {
        let character = try recorded(
            WoWProtectedCharacter.self, "wow_protected-character_1262-107811065-drinian-2020_argentpony.json")
        let text = WoWRenderer().character(character, public: nil)
        #expect(text.hasPrefix("Drinian on Norgannon\n"))
        #expect(text.contains("  Money         146,669g 16s 88c\n"))
        #expect(text.contains("  Deaths        5,475\n"))
        #expect(text.contains("  Location      Tradewinds Market, Kul Tiras\n"))
        #expect(WoWRenderer.gold(5) == "0g 0s 5c")
    }

    @Test("Collections: the count, favourites marked, pets with level, quality and battle slot")
    func collections() throws {
        let mounts = WoWRenderer().mounts(try recorded(
            WoWMountCollection.self, "wow_collections-mounts_acct-argentpony-2020_argentpony.json"))
        #expect(mounts.hasPrefix("5 mounts\n    Brown Horse\n"))
        #expect(mounts.contains("  * X-995 Mechanocat\n"))
        let pets = WoWRenderer().pets(try recorded(
            WoWPetCollection.self, "wow_collections-pets_acct-argentpony-2020_argentpony.json"))
        #expect(pets.contains("Tolai Hare Pup  level 23, Uncommon, battle slot 2\n"))
    }

    @Test("Text from Battle.net cannot reach the terminal's escape sequences")
    func hostileNames() throws {
        let hostile = WoWAccountProfile(id: 1, wowAccounts: [WoWAccount(id: 2, characters: [
            WoWAccountCharacter(
                name: "Evil\u{1B}[2J", id: 3, realm: WoWRealmReference(name: "Realm\u{9B}31m", id: 4, slug: "r"),
                playableClass: WoWReference(name: WoWLocalizedString(translations: ["en_US": "Mage\u{7}"]), id: 8), level: 1),
        ])])
        let text = WoWRenderer().characters(hostile, game: "retail")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 })
        let profile = SC2Profile(summary: SC2ProfileSummary(id: "1", displayName: "x\u{1B}]0;title\u{7}", clanTag: "\u{1B}[5m"))
        #expect(!SC2Renderer().profile(profile).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test("StarCraft II: the profiles with the command that shows each; a profile's levels, career and season")
    func starCraft2() throws {
        let list = try recorded([SC2PlayerProfile].self, "sc2_player_acct2137104-rigs-2019_rbattlenet-vcr.json")
        #expect(SC2Renderer().profiles(list).contains("Rigs  Americas  1      1235050  bnet sc2 profile 1 1 1235050"))
        #expect(SC2Renderer().profiles([]) == "No StarCraft II profiles on this account.\n")
        let profile = try recorded(SC2Profile.self, "sc2_profile_2-1-2137104-katarn-2019_rbattlenet-vcr.json")
        let text = SC2Renderer().profile(profile)
        #expect(text.hasPrefix("katarn\n  Level         2 (Terran 2, Zerg 0, Protoss 0)\n"))
        #expect(text.contains("  1v1 league    unranked\n"))
        #expect(text.contains("\nThis season:\n  Mode    League    Rank  Games  Wins\n  1v1     unranked     -      0     0\n"))
    }
}
