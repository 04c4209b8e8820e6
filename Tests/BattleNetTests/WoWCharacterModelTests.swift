import BattleNet
import BattleNetEmulator
import BattleNetWorldOfWarcraft
import Foundation
import Testing

@Suite("World of Warcraft character models decode every recording of their endpoints", .timeLimit(.minutes(1)))
struct WoWCharacterModelTests {
    static let equipment = "wow_character-equipment_sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let media = "wow_character-media_sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let achievements = "wow_character-achievements_sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let keystoneProfiles = [
        "wow_character-mythic-keystone-profile_sheday-stormrage-eu-2019_rbattlenet-vcr.json",
        "wow_character-mythic-keystone-profile_adaxion-area-52-us-2023_gg-apis.json",
    ]
    static let keystoneSeasons = [
        "wow_character-mythic-keystone-season_3-sheday-stormrage-eu-2019_rbattlenet-vcr.json",
        "wow_character-mythic-keystone-season_9-adaxion-area-52-us-2023_gg-apis.json",
    ]
    static let pvp = "wow_character-pvp-summary_sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let specializations = "wow_character-specializations_sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let roster = "wow_guild-roster_avalerion-stormrage-eu-2019_rbattlenet-vcr.json"

    func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ data: Data) throws -> T {
        let value = try JSONDecoder().decode(T.self, from: data)
        #expect(try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value)) == value)
        return value
    }

    @Test("Equipment: 17 items, item levels, enchantments (permanent and on-use), gems, and the average item level")
    func equipment() throws {
        let equipment = try roundTrip(WoWCharacterEquipment.self, sample(Self.equipment))
        #expect(equipment.character?.name == "Sheday" && equipment.character?.realm?.slug == "stormrage")
        #expect(equipment.equippedItems.count == 17)
        let head = equipment.equippedItems[0]
        #expect(head.slot?.type == .head && head.quality?.type == .epic && head.level?.value == 450)
        #expect(head.name == "Soulspun Casque" && head.item.id == 155_866)
        let ring = try #require(equipment.equippedItems.first { $0.slot?.type.rawValue == "FINGER_1" })
        #expect(ring.enchantments?.first?.displayString == "Enchanted: +60 Critical Strike")
        #expect(ring.enchantments?.first?.enchantmentSlot?.type == "PERMANENT")
        #expect(ring.sockets?.first?.socketType?.type == .prismatic && ring.sockets?.first?.item?.id == 168_639)
        let weapon = try #require(equipment.equippedItems.first { $0.slot?.type == .mainHand })
        #expect(weapon.inventoryType?.type == .twoHandWeapon)
        // The 15 items besides the shirt and the tabard, the two-hander counted twice with no off hand: 444.25.
        let levels = equipment.equippedItems.filter { ![.shirt, .tabard].contains($0.slot?.type) }.compactMap { $0.level?.value }
        #expect(levels.count == 15)
        let expected = Double(levels.reduce(0, +) + (weapon.level?.value ?? 0)) / Double(levels.count + 1)
        #expect(equipment.averageItemLevel == expected)
        #expect(equipment.averageItemLevel == 444.25)
    }

    @Test("Equipment is lenient: missing lists and fields, unknown slot and quality values, localized names")
    func equipmentLenient() throws {
        let empty = try JSONDecoder().decode(WoWCharacterEquipment.self, from: Data("{}".utf8))
        #expect(empty.equippedItems.isEmpty && empty.averageItemLevel == nil)
        let odd = Data(#"""
            {"equipped_items":[{"item":{"id":1},"slot":{"type":"SHOULDER_COSMETIC","name":"x"},
            "quality":{"type":"MYTHIC_PLUS","name":{"en_US":"Mythic","de_DE":"Mythisch"}},"name":{"en_US":"Hat"}}]}
            """#.utf8)
        let item = try #require(try JSONDecoder().decode(WoWCharacterEquipment.self, from: odd).equippedItems.first)
        #expect(item.slot?.type.rawValue == "SHOULDER_COSMETIC" && item.quality?.type.rawValue == "MYTHIC_PLUS")
        #expect(item.quality?.name?.text(locale: "de_DE") == "Mythisch" && item.name?.text() == "Hat")
        #expect(item.level == nil && item.enchantments == nil)
    }

    @Test("Character media: the 2019 URLs and the newer assets list both read as avatar, inset and render")
    func media() throws {
        let old = try roundTrip(WoWCharacterMedia.self, sample(Self.media))
        #expect(old.avatar?.hasPrefix("https://render-eu.worldofwarcraft.com/") == true && old.avatar == old.avatarURL)
        #expect(old.inset == old.bustURL && old.render == old.renderURL && old.assets == nil)
        let new = try JSONDecoder().decode(WoWCharacterMedia.self, from: Data(#"""
            {"assets":[{"key":"avatar","value":"https://a"},{"key":"inset","value":"https://i"},
            {"key":"main","value":"https://m"},{"key":"main-raw","value":"https://r"}]}
            """#.utf8))
        #expect(new.avatar == "https://a" && new.inset == "https://i" && new.render == "https://r")
    }

    @Test("Achievements summary: points, counts, completed and in-progress entries, categories, recent events")
    func achievements() throws {
        let summary = try roundTrip(WoWAchievementsSummary.self, sample(Self.achievements))
        #expect(summary.totalPoints == 32_165 && summary.totalQuantity == 3747)
        #expect(summary.achievements.count == 3786)
        #expect(summary.completed.count < summary.achievements.count)
        #expect(summary.achievements[0].achievement?.name == "Level 10" && summary.achievements[0].id == 6)
        #expect(summary.categoryProgress?.count == 113 && summary.recentEvents?.count == 10)
        let empty = try JSONDecoder().decode(WoWAchievementsSummary.self, from: Data(#"{"total_points":0}"#.utf8))
        #expect(empty.totalPoints == 0 && empty.achievements.isEmpty)
    }

    @Test("Mythic+ profiles: 2019 (best runs, no rating) and 2023 (rating, integer alpha, no runs)")
    func keystoneProfiles() throws {
        let old = try roundTrip(WoWMythicKeystoneProfile.self, sample(Self.keystoneProfiles[0]))
        #expect(old.currentMythicRating == nil && old.seasons?.map(\.id) == [1, 2, 3])
        let run = try #require(old.currentPeriod?.bestRuns?.first)
        #expect(run.keystoneLevel == 15 && run.dungeon?.name == "Shrine of the Storm" && run.members?.count == 5)
        #expect(run.isCompletedWithinTime == true && run.keystoneAffixes?.count == 4)
        let new = try roundTrip(WoWMythicKeystoneProfile.self, sample(Self.keystoneProfiles[1]))
        #expect(new.currentMythicRating?.rating == 2323.952 && new.currentMythicRating?.color?.a == 1)
        #expect(new.currentPeriod?.period?.id == 897 && new.currentPeriod?.bestRuns == nil)
        #expect(new.character?.realm?.slug == "area-52")
    }

    @Test("Mythic+ seasons: 14 runs without ratings (2019) and 16 with run and map ratings (2023)")
    func keystoneSeasons() throws {
        let old = try roundTrip(WoWMythicKeystoneSeason.self, sample(Self.keystoneSeasons[0]))
        #expect(old.season?.id == 3 && old.bestRuns.count == 14 && old.mythicRating == nil)
        #expect(old.bestRuns[0].members?[0].equippedItemLevel == 443)
        let new = try roundTrip(WoWMythicKeystoneSeason.self, sample(Self.keystoneSeasons[1]))
        #expect(new.season?.id == 9 && new.bestRuns.count == 16 && new.mythicRating?.rating == 2323.952)
        #expect(new.bestRuns[0].mythicRating?.rating == 142.83472 && new.bestRuns[0].mapRating?.color?.r == 255)
        #expect(new.bestRuns[0].isCompletedWithinTime == false)
    }

    @Test("PvP summary: honor level, kills, 16 maps with played, won and lost")
    func pvp() throws {
        let summary = try roundTrip(WoWPvPSummary.self, sample(Self.pvp))
        #expect(summary.honorLevel == 41 && summary.honorableKills == 71_484 && summary.brackets?.count == 1)
        let valley = try #require(summary.pvpMapStatistics?.first)
        #expect(valley.worldMap.name == "Alterac Valley" && valley.matchStatistics == WoWMatchStatistics(played: 186, won: 108, lost: 78))
    }

    @Test("Specializations: three, talents per tier, PvP talents; a loadout-shaped answer decodes too")
    func specializations() throws {
        let answer = try roundTrip(WoWCharacterSpecializations.self, sample(Self.specializations))
        #expect(answer.activeSpecialization?.name == "Retribution" && answer.specializations.count == 3)
        let retribution = answer.specializations[0]
        #expect(retribution.talents?.count == 7 && retribution.talents?[0].talent?.name == "Execution Sentence")
        #expect(retribution.pvpTalentSlots?.first?.slotNumber == 1)
        #expect(retribution.pvpTalentSlots?.first?.selected?.talent != nil)
        let loadouts = try JSONDecoder().decode(WoWCharacterSpecializations.self, from: Data(#"""
            {"specializations":[{"specialization":{"id":70,"name":{"en_US":"Retribution"}},
            "loadouts":[{"is_active":true,"talent_loadout_code":"CYEAAAAAAAAAAAAAAAAAAAAAAA"}]}]}
            """#.utf8))
        #expect(loadouts.specializations[0].loadouts?[0].isActive == true)
        #expect(loadouts.specializations[0].talents == nil && loadouts.activeSpecialization == nil)
    }

    @Test("Guild roster: 418 members with rank, level, class and race ids")
    func roster() throws {
        let roster = try roundTrip(WoWGuildRoster.self, sample(Self.roster))
        #expect(roster.guild?.name == "Avalerion" && roster.guild?.realm?.slug == "stormrage")
        #expect(roster.members.count == 418)
        #expect(roster.members[0].character.name == "Yoana" && roster.members[0].rank == 6)
        #expect(roster.members[0].character.playableClass?.id == 3 && roster.members[0].character.level == 91)
        #expect(roster.members.contains { $0.rank == 0 })
    }
}
