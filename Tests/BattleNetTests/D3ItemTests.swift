import Foundation
import Testing
@testable import BattleNet
@testable import BattleNetDiablo3

@Suite("Diablo III items", .timeLimit(.minutes(2)))
struct D3ItemTests {
    static let heroItems = "d3_hero_items_104729462_rbattlenet_vcr_2019.json"
    static let followerItems = "d3_hero_follower_items_104729462_rbattlenet_vcr_2019.json"
    static let legacyItem = "d3_item_blizzard_d3-api-docs_2012.json"

    @Test("Hero items decode every equipped slot with details")
    func heroItems() throws {
        let items = try decodeSample(D3HeroItems.self, Self.heroItems)
        #expect(items.items.count == 13)
        let head = try #require(items[.head])
        #expect(head.name == "Pestilence Mask")
        #expect(head.id == "P6_Necro_Set_4_Helm")
        #expect(head.displayColor == "green")
        #expect(head.typeName == "Set Helm")
        #expect(head.requiredLevel == 70)
        #expect(head.itemLevel == 1)
        #expect(head.armor == 664)
        #expect(head.attributes.primary.first == "+746 Intelligence")
        #expect(head.attributes.secondary.count == 2)
        let weapon = try #require(items["mainHand"])
        #expect(weapon.name == "In-geom")
        #expect(weapon.dps == "2,228.7")
        #expect(weapon.attacksPerSecond == 1.4)
        #expect(items.slots.contains("offHand"))
    }

    @Test("Follower items are keyed by follower then slot")
    func followerItems() throws {
        let items = try decodeSample(D3FollowerItems.self, Self.followerItems)
        #expect(items.followers.keys.sorted() == ["scoundrel", "templar"])
        #expect(items["templar"]?.items.count == 6)
        #expect(items["templar"]?[.special]?.name == "Enchanting Favor")
        #expect(items["scoundrel"]?[.special]?.name == "Ribald Etchings")
        #expect(items["enchantress"] == nil)
    }

    @Test("The 2012 item shape with an attribute array and ranges decodes")
    func legacyItem() throws {
        let item = try decodeSample(D3Item.self, Self.legacyItem)
        #expect(item.name == "Exsanguinating Chopsword of Assault")
        #expect(item.id == nil)
        #expect(item.requiredLevel == 60)
        #expect(item.itemLevel == 61)
        #expect(item.attributes.primary == [
            "+211 Strength", "+112 Vitality", "2.80% of Damage Dealt Is Converted to Life",
        ])
        #expect(item.attributes.secondary.isEmpty)
        #expect(item.dps?.hasPrefix("206.69") == true)
        #expect(item.attacksPerSecond == 1.2999999523162842)
        #expect(try roundTrip(item) == item)
    }

    @Test("Null slots are dropped and unknown item fields ignored")
    func nullsAndUnknownFields() throws {
        let json = #"""
        {"head":{"name":"Hat","futureField":{"a":[1,null]},"requiredLevel":70.0},"offHand":null}
        """#
        let items = try decode(D3HeroItems.self, json: json)
        #expect(items.slots == ["head"])
        #expect(items[.head]?.requiredLevel == 70)
    }

    @Test("A minimal item decodes with defaults")
    func minimalItem() throws {
        let item = try decode(D3Item.self, json: "{}")
        #expect(item.name == "")
        #expect(item.armor == nil)
        #expect(item.attributes == D3ItemAttributes())
    }

    @Test("Hero and follower items round-trip through encoding")
    func roundTrips() throws {
        let hero = try decodeSample(D3HeroItems.self, Self.heroItems)
        #expect(try roundTrip(hero) == hero)
        let followers = try decodeSample(D3FollowerItems.self, Self.followerItems)
        #expect(try roundTrip(followers) == followers)
        let object = try jsonObject(encodeSorted(hero))
        #expect((object["head"] as? [String: Any])?["typeName"] as? String == "Set Helm")
    }
}
