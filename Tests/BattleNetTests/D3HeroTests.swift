import Foundation
import Testing
@testable import BattleNet
@testable import BattleNetDiablo3

@Suite("Diablo III hero", .timeLimit(.minutes(2)))
struct D3HeroTests {
    static let hero2019 = "d3_hero_104729462_rbattlenet_vcr_2019.json"
    static let yharr = "d3_hero_1_yharr_blizzard_d3-api-docs_2012.json"

    @Test("The 2019 hero decodes its identity and progress")
    func hero2019Identity() throws {
        let hero = try decodeSample(D3Hero.self, Self.hero2019)
        #expect(hero.id == 104_729_462)
        #expect(hero.name == "BITCONNEEECT")
        #expect(hero.heroClass == .necromancer)
        #expect(hero.gender == .female)
        #expect(hero.level == 70)
        #expect(hero.paragonLevel == 1740)
        #expect(hero.eliteKills == 3951)
        #expect(!hero.hardcore)
        #expect(!hero.seasonal)
        #expect(hero.seasonCreated == 13)
        #expect(hero.alive)
        #expect(hero.lastUpdated == Date(timeIntervalSince1970: 1_519_616_157))
        #expect(hero.highestSoloRiftCompleted == 70)
        #expect(hero.progression == D3Progression())
    }

    @Test("The 2019 hero decodes skills, items, followers and stats")
    func hero2019Details() throws {
        let hero = try decodeSample(D3Hero.self, Self.hero2019)
        #expect(hero.skills.active.count == 6)
        let first = try #require(hero.skills.active.first)
        #expect(first.skill.slug == "corpse-lance")
        #expect(first.skill.level == 8)
        #expect(first.rune?.name == "Ricochet")
        #expect(first.rune?.type == "a")
        #expect(hero.skills.passive.count == 4)
        #expect(hero.items["head"]?.name == "Pestilence Mask")
        #expect(hero.item(in: .neck)?.id == "P6_Unique_Amulet_01")
        #expect(hero.legendaryPowers.map(\.name) == ["Nayr's Black Death", "Steuart's Greaves"])
        #expect(hero.followers.count == 3)
        let templar = try #require(hero.followers["templar"])
        #expect(templar.level == 70)
        #expect(templar.items["mainHand"]?.name == "Thunderfury, Blessed Blade of the Windseeker")
        #expect(templar.stats?.experienceBonus == 297)
        #expect(templar.skills.isEmpty)
        #expect(hero.stats.life == 577_856.1)
        #expect(hero.stats.critChance == 0.35000002)
        #expect(hero.stats.intelligence == 8671)
        #expect(hero.stats.arcaneResist == 503)
        #expect(hero.stats.primaryResource == 220)
    }

    @Test("The 2012 Yharr hero decodes its legacy shape")
    func yharrLegacy() throws {
        let hero = try decodeSample(D3Hero.self, Self.yharr)
        #expect(hero.id == 1)
        #expect(hero.name == "Yharr")
        #expect(hero.heroClass == .barbarian)
        #expect(hero.level == 54)
        #expect(hero.eliteKills == 1064)
        #expect(hero.alive)
        #expect(hero.lastUpdated == Date(timeIntervalSince1970: 1_339_069_947))
        #expect(hero.skills.active.first?.rune?.name == "Smite")
        #expect(hero.skills.passive.map(\.skill.slug).first == "ruthless")
        #expect(hero.skills.passive.count == 3)
        #expect(hero.items.count == 12)
        #expect(hero.item(in: .offHand) == nil)
        #expect(hero.item(in: .head)?.name == "Wild Casque of Invasion")
        #expect(hero.followers["scoundrel"]?.items["offHand"] == nil)
        #expect(hero.followers["templar"]?.skills.first?.slug == "heal")
        #expect(hero.followers["templar"]?.skills.count == 4)
        #expect(hero.stats.life == 28276)
        #expect(hero.stats.critDamage == 2.87)
    }

    @Test("A legacy dead flag means not alive")
    func deadFlag() throws {
        #expect(try !decode(D3Hero.self, json: #"{"id":2,"name":"Worm","dead":true}"#).alive)
        #expect(try decode(D3Hero.self, json: #"{"id":2,"name":"Worm","dead":false}"#).alive)
        #expect(try !decode(D3Hero.self, json: #"{"id":2,"name":"Worm","alive":false,"dead":false}"#).alive)
    }

    @Test("A minimal hero decodes with defaults")
    func minimalHero() throws {
        let hero = try decode(D3Hero.self, json: #"{"id":5,"name":"X"}"#)
        #expect(hero.id == 5)
        #expect(hero.heroClass == .unknown(""))
        #expect(hero.lastUpdated == nil)
        #expect(hero.items.isEmpty)
        #expect(hero.stats.life == 0)
        #expect(hero.skills == D3HeroSkills())
    }

    @Test("Unknown fields in the hero and its parts are ignored")
    func unknownFields() throws {
        var object = try jsonObject(sample(Self.hero2019))
        object["futureField"] = unknownValue
        var skills = try #require(object["skills"] as? [String: Any])
        skills["futureSkills"] = unknownValue
        object["skills"] = skills
        var stats = try #require(object["stats"] as? [String: Any])
        stats["futureText"] = "not a number"
        object["stats"] = stats
        let hero = try JSONDecoder().decode(D3Hero.self, from: jsonData(object))
        #expect(hero == (try decodeSample(D3Hero.self, Self.hero2019)))
    }

    @Test("Heroes round-trip through encoding", arguments: [hero2019, yharr])
    func roundTripHero(name: String) throws {
        let hero = try decodeSample(D3Hero.self, name)
        #expect(try roundTrip(hero) == hero)
    }

    @Test("Encoded heroes use Blizzard's key names")
    func encodedKeys() throws {
        let object = try jsonObject(encodeSorted(decodeSample(D3Hero.self, Self.yharr)))
        #expect(object["class"] as? String == "barbarian")
        #expect(object["lastUpdated"] as? Int == 1_339_069_947)
        #expect(object["alive"] as? Bool == true)
        #expect((object["kills"] as? [String: Any])?["elites"] as? Int == 1064)
        let passive = try #require((object["skills"] as? [String: Any])?["passive"] as? [[String: Any]])
        #expect((passive.first?["skill"] as? [String: Any])?["slug"] as? String == "ruthless")
    }
}
