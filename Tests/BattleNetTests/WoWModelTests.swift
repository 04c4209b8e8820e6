import BattleNet
import BattleNetEmulator
import BattleNetWorldOfWarcraft
import Foundation
import Testing

@Suite("World of Warcraft models decode the recordings and other answers of their endpoints", .timeLimit(.minutes(1)))
struct WoWModelTests {
    static let summary = "wow_profile-user-wow_acct1142637-2020_argentpony.json"
    static let protected = "wow_protected-character_1262-107811065-drinian-2020_argentpony.json"
    static let index = "wow_collections-index_acct-argentpony-2020_argentpony.json"
    static let mounts = "wow_collections-mounts_acct-argentpony-2020_argentpony.json"
    static let pets = "wow_collections-pets_acct-argentpony-2020_argentpony.json"

    /// Decodes, encodes and decodes again: the model keeps every field it types.
    func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ data: Data) throws -> T {
        let value = try JSONDecoder().decode(T.self, from: data)
        #expect(try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value)) == value)
        return value
    }

    @Test("The account summary: every licence's characters, level 0, the collections link")
    func accountSummary() throws {
        let profile = try roundTrip(WoWAccountProfile.self, sample(Self.summary))
        #expect(profile.id == 1_142_637)
        #expect(profile.wowAccounts.map(\.id) == [19_995_845])
        #expect(profile.characters.map(\.name) == ["Bregal932B58", "Rilian"])
        let bregal = profile.characters[0]
        #expect(bregal.level == 0 && bregal.realm.slug == "darrowmere" && bregal.realm.id == 1351)
        #expect(bregal.playableClass?.name == "Hunter" && bregal.playableRace?.id == 6)
        #expect(bregal.faction?.type == .horde && bregal.gender?.type == .male)
        #expect(bregal.protectedCharacterID == "1351-93530968")
        #expect(profile.characters[1].faction?.type == .alliance)
        #expect(profile.collections?.href == "https://us.api.blizzard.com/profile/user/wow/collections?namespace=profile-us")
        #expect(profile.links?.user?.href == "https://us.api.blizzard.com/profile/user")
    }

    @Test("The protected character: money and gold counters past 2^31, positions as doubles")
    func protectedCharacter() throws {
        let character = try roundTrip(WoWProtectedCharacter.self, sample(Self.protected))
        #expect(character.name == "Drinian" && character.id == 107_811_065)
        #expect(character.money == 1_466_691_688)
        #expect(character.protectedStats?.totalGoldGained == 10_579_308_330)
        #expect(character.position?.zone?.name == "Tradewinds Market")
        #expect(character.position?.x == 1158.7345)
        #expect(character.bindPosition?.facing == 3.7450316)
        #expect(character.character?.realm?.slug == "norgannon")
        #expect(character.wowAccount == 19_795_845)
    }

    @Test("The collections: index (pets and mounts only in 2020), mounts with favourites, pets with optional fields")
    func collections() throws {
        let index = try roundTrip(WoWCollectionsIndex.self, sample(Self.index))
        #expect(index.pets != nil && index.mounts != nil && index.toys == nil && index.transmogs == nil)
        let mounts = try roundTrip(WoWMountCollection.self, sample(Self.mounts))
        #expect(mounts.mounts.count == 5)
        #expect(mounts.mounts.filter { $0.isFavorite == true }.map(\.mount.id) == [1239, 1240])
        #expect(mounts.mounts[0].isFavorite == nil)
        let pets = try roundTrip(WoWPetCollection.self, sample(Self.pets))
        #expect(pets.pets.count == 4 && pets.unlockedBattlePetSlots == 3)
        let active = try #require(pets.pets.first { $0.isActive == true })
        #expect(active.species.name == "Tolai Hare Pup" && active.activeSlot == 1 && active.level == 23)
        #expect(active.stats?.breedID == 12 && active.quality?.type == .uncommon)
        #expect(pets.pets[3].quality?.type == .rare && pets.pets[3].name == nil)
    }

    @Test("Encoding writes Blizzard's keys and leaves out what was absent (no nulls, no false is_favorite)")
    func encodingKeys() throws {
        let mounts = try JSONDecoder().decode(WoWMountCollection.self, from: sample(Self.mounts))
        let text = String(decoding: try JSONEncoder().encode(mounts), as: UTF8.self)
        #expect(text.contains("\"_links\"") && text.contains("\"is_favorite\":true"))
        #expect(!text.contains("null") && !text.contains("false"))
    }

    @Test("Names sent as a map of every locale (no locale asked) decode and pick a locale")
    func localizedNames() throws {
        let json = """
            {"id": 1, "wow_accounts": [{"id": 2, "characters": [{"name": "Aelyth", "id": 3,
              "realm": {"name": {"en_US": "Tarren Mill", "de_DE": "Tarren Mill DE"}, "id": 1084, "slug": "tarren-mill"},
              "playable_class": {"name": {"en_US": "Hunter", "de_DE": "Jäger", "fr_FR": null}, "id": 3},
              "faction": {"type": "HORDE", "name": {"en_US": "Horde"}}, "level": 80}]}]}
            """
        let profile = try roundTrip(WoWAccountProfile.self, Data(json.utf8))
        let hunter = try #require(profile.characters.first?.playableClass?.name)
        #expect(hunter.value == nil && hunter.text() == "Hunter" && hunter.text(locale: "de_DE") == "Jäger")
        #expect(hunter.translations.count == 2)
        #expect(profile.characters.first?.realm.name?.text(locale: "de_DE") == "Tarren Mill DE")
    }

    @Test("Unknown enum values, missing optional fields and new fields decode")
    func lenient() throws {
        let json = """
            {"_links": {"self": {"href": "x"}}, "pets": [{"species": {"id": 5}, "id": 9,
              "quality": {"type": "MYTHIC", "name": "Mythic"}, "is_favorite": true, "name": "Sir Fluffs",
              "new_field": [1, 2]}]}
            """
        let pets = try roundTrip(WoWPetCollection.self, Data(json.utf8))
        #expect(pets.pets[0].quality?.type.rawValue == "MYTHIC")
        #expect(pets.pets[0].creatureDisplay == nil && pets.pets[0].level == nil && pets.unlockedBattlePetSlots == nil)
        let faction = try JSONDecoder().decode(WoWFaction.self, from: Data(#"{"type":"NEUTRAL"}"#.utf8))
        #expect(faction.type == .neutral && faction.name == nil)
        let empty = try roundTrip(WoWAccountProfile.self, Data(#"{"id": 7}"#.utf8))
        #expect(empty.wowAccounts.isEmpty && empty.characters.isEmpty)
    }

    @Test("Toys, heirlooms and transmogs decode the shape of Blizzard's API reference")
    func referenceShapes() throws {
        let toys = try roundTrip(WoWToyCollection.self, Data("""
            {"toys": [{"toy": {"key": {"href": "h"}, "name": "Toy Train Set", "id": 243}, "is_favorite": true},
                      {"toy": {"name": "Hearthstone Board", "id": 1131}}]}
            """.utf8))
        #expect(toys.toys.map(\.toy.id) == [243, 1131] && toys.toys[0].isFavorite == true)
        let heirlooms = try roundTrip(WoWHeirloomCollection.self, Data("""
            {"heirlooms": [{"heirloom": {"name": "Bloodied Arcanite Reaper", "id": 1}, "upgrade": {"level": 4}}]}
            """.utf8))
        #expect(heirlooms.heirlooms[0].upgrade?.level == 4)
        let transmogs = try roundTrip(WoWTransmogCollection.self, Data("""
            {"appearance_sets": [{"key": {"href": "h"}, "name": "Battlegear of Wrath", "id": 1}],
             "slots": [{"slot": {"type": "HEAD", "name": "Head"}, "appearances": [{"key": {"href": "h"}, "id": 1012},
                                                                                  {"id": 1013}]},
                       {"slot": {"type": "PROFESSION_TOOL", "name": "Profession Tool"}}]}
            """.utf8))
        #expect(transmogs.appearanceCount == 2 && transmogs.slots[0].slot.type == .head)
        #expect(transmogs.slots[1].slot.type.rawValue == "PROFESSION_TOOL" && transmogs.slots[1].appearances.isEmpty)
    }

    @Test("The profile namespaces of the three games, and back")
    func namespaces() {
        #expect(WoWGameVersion.retail.profileNamespace(.us) == "profile-us")
        #expect(WoWGameVersion.classic.profileNamespace(.eu) == "profile-classic-eu")
        #expect(WoWGameVersion.classicEra.profileNamespace(.kr) == "profile-classic1x-kr")
        for version in WoWGameVersion.allCases {
            #expect(WoWGameVersion(profileNamespace: version.profileNamespace(.tw)) == version)
        }
        #expect(WoWGameVersion(profileNamespace: "static-us") == nil)
        #expect(WoWEndpoint.character(realmSlug: "Tarren-Mill", name: "Zoë").path
            == "profile/wow/character/tarren-mill/zo%C3%AB")
    }
}
