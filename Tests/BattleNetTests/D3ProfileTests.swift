import Foundation
import Testing
@testable import BattleNet
@testable import BattleNetDiablo3

@Suite("Diablo III account profile", .timeLimit(.minutes(2)))
struct D3ProfileTests {
    static let faye = "d3_profile_faye-2543_rbattlenet_vcr_2019.json"
    static let straton = "d3_profile_straton-1_blizzard_d3-api-docs_2012.json"

    @Test("The 2019 FaYe profile decodes with its account values")
    func fayeAccount() throws {
        let profile = try decodeSample(D3Profile.self, Self.faye)
        #expect(profile.battleTag == BattleTag("FaYe#2543"))
        #expect(profile.paragonLevel == 1740)
        #expect(profile.paragonLevelHardcore == 794)
        #expect(profile.paragonLevelSeason == 349)
        #expect(profile.paragonLevelSeasonHardcore == 0)
        #expect(profile.guildName == "NoUnburiedLeftBehind")
        #expect(profile.lastHeroPlayed == 127_279_583)
        #expect(profile.lastUpdated == Date(timeIntervalSince1970: 1_575_241_449))
        #expect(profile.kills == D3Kills(monsters: 4_577_054, elites: 439_055, hardcoreMonsters: 315_799))
        #expect(profile.highestHardcoreLevel == 70)
        #expect(profile.timePlayed(for: .demonHunter) == 1.0)
        #expect(profile.timePlayed(for: .witchDoctor) == 0.203)
        #expect(profile.progression == D3Progression())
    }

    @Test("The 2019 FaYe profile lists its heroes")
    func fayeHeroes() throws {
        let profile = try decodeSample(D3Profile.self, Self.faye)
        #expect(profile.heroes.count == 7)
        let first = try #require(profile.heroes.first)
        #expect(first.id == 104_729_462)
        #expect(first.name == "BITCONNEEECT")
        #expect(first.heroClass == .necromancer)
        #expect(first.classSlug == "necromancer")
        #expect(first.gender == .female)
        #expect(first.eliteKills == 3951)
        #expect(first.lastUpdated == Date(timeIntervalSince1970: 1_519_616_157))
        let seasonal = try #require(profile.heroes.first { $0.name == "rendyboi" })
        #expect(seasonal.seasonal)
        #expect(seasonal.paragonLevel == 349)
        #expect(profile.heroes.first { $0.name == "letshavefun" }?.heroClass.displayName == "Witch Doctor")
    }

    @Test("The 2019 FaYe profile has fallen heroes, seasons and artisans")
    func fayeExtras() throws {
        let profile = try decodeSample(D3Profile.self, Self.faye)
        #expect(profile.fallenHeroes.count == 3)
        let fallen = try #require(profile.fallenHeroes.first)
        #expect(fallen.name == "duDuduTwo")
        #expect(fallen.heroClass == .wizard)
        #expect(fallen.elites == 2016)
        #expect(fallen.death.killer == 3847)
        #expect(fallen.death.time == Date(timeIntervalSince1970: 1_463_579_349))
        #expect(profile.seasonalProfiles.count == 6)
        #expect(profile.seasonalProfile(season: 19)?.paragonLevel == 349)
        #expect(profile.seasonalProfile(season: 0)?.kills.elites == 439_055)
        #expect(profile.seasonalProfile(season: 13)?.timePlayed(for: .necromancer) == 0.015)
        #expect(profile.artisans.count == 12)
        #expect(profile.artisans["blacksmithSeason"] == D3Artisan(slug: "blacksmith", level: 12))
        #expect(profile.artisans["mysticSeasonHardcore"]?.level == 0)
    }

    @Test("The 2012 Straton profile decodes its legacy shape")
    func stratonLegacy() throws {
        let profile = try decodeSample(D3Profile.self, Self.straton)
        #expect(profile.battleTag?.description == "Straton#1")
        #expect(profile.paragonLevel == 0)
        #expect(profile.heroes.map(\.name) == ["Yharr", "Worm", "Korale"])
        #expect(profile.heroes.first?.heroClass == .unknown(""))
        #expect(profile.heroes[1].hardcore)
        #expect(profile.timePlayed(for: .barbarian) == 1)
        #expect(profile.timePlayed(for: .crusader) == 0)
        #expect(profile.kills.hardcoreMonsters == 3130)
        let fallen = try #require(profile.fallenHeroes.first)
        #expect(fallen.name == "Cook")
        #expect(fallen.elites == 70)
        #expect(fallen.death.location == 60394)
        #expect(profile.artisans["blacksmith"]?.level == 9)
        #expect(profile.artisans["blacksmithHardcore"]?.level == 3)
        #expect(profile.artisans["jewelerHardcore"]?.level == 0)
        #expect(profile.progression == D3Progression())
    }

    @Test("A minimal profile decodes with defaults")
    func minimalProfile() throws {
        let profile = try decode(D3Profile.self, json: #"{"battleTag":"Solo#1","heroes":[]}"#)
        #expect(profile.battleTag?.name == "Solo")
        #expect(profile.heroes.isEmpty)
        #expect(profile.fallenHeroes.isEmpty)
        #expect(profile.seasonalProfiles.isEmpty)
        #expect(profile.guildName == "")
        #expect(profile.lastUpdated == Date(timeIntervalSince1970: 0))
        let short = try decode(D3Profile.self, json: #"{"battleTag":"A#1","heroes":[]}"#)
        #expect(short.battleTag == nil)
        #expect(try decode(D3Profile.self, json: "{}").artisans.isEmpty)
    }

    @Test("An absent fallenHeroes key gives an empty list")
    func absentFallenHeroes() throws {
        var object = try jsonObject(sample(Self.faye))
        object["fallenHeroes"] = nil
        let profile = try JSONDecoder().decode(D3Profile.self, from: jsonData(object))
        #expect(profile.fallenHeroes.isEmpty)
        #expect(profile.paragonLevel == 1740)
    }

    @Test("Unknown fields at any level are ignored")
    func unknownFields() throws {
        var object = try jsonObject(sample(Self.faye))
        object["futureField"] = unknownValue
        var heroes = try #require(object["heroes"] as? [[String: Any]])
        heroes[0]["futureField"] = unknownValue
        object["heroes"] = heroes
        var kills = try #require(object["kills"] as? [String: Any])
        kills["goblins"] = 12
        object["kills"] = kills
        let profile = try JSONDecoder().decode(D3Profile.self, from: jsonData(object))
        #expect(profile == (try decodeSample(D3Profile.self, Self.faye)))
    }

    @Test("Integers sent as 70.0 and unknown classes decode")
    func lenientValues() throws {
        let json = #"""
        {"paragonLevel":1740.0,"heroes":[{"id":1,"name":"X","class":"paladin","gender":1.0,
         "level":70.0,"kills":{"elites":5.0},"last-updated":1519616157.0}]}
        """#
        let profile = try decode(D3Profile.self, json: json)
        #expect(profile.paragonLevel == 1740)
        let hero = try #require(profile.heroes.first)
        #expect(hero.level == 70)
        #expect(hero.eliteKills == 5)
        #expect(hero.gender == .female)
        #expect(hero.heroClass == .unknown("paladin"))
        #expect(try roundTrip(hero) == hero)
    }

    @Test("Encoding uses Blizzard's key names and round-trips", arguments: [faye, straton])
    func roundTripProfile(name: String) throws {
        let profile = try decodeSample(D3Profile.self, name)
        #expect(try roundTrip(profile) == profile)
    }

    @Test("Encoded profiles keep hyphenated and top-level artisan keys")
    func encodedKeys() throws {
        let profile = try decodeSample(D3Profile.self, Self.faye)
        let object = try jsonObject(encodeSorted(profile))
        #expect(object["battleTag"] as? String == "FaYe#2543")
        #expect((object["blacksmith"] as? [String: Any])?["level"] as? Int == 12)
        let hero = try #require((object["heroes"] as? [[String: Any]])?.first)
        #expect(hero["last-updated"] as? Int == 1_519_616_157)
        #expect(hero["class"] as? String == "necromancer")
        #expect((hero["kills"] as? [String: Any])?["elites"] as? Int == 3951)
    }
}
