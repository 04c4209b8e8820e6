import Foundation
import Testing
@testable import BattleNet
@testable import BattleNetDiablo3

@Suite("Diablo III community data models", .timeLimit(.minutes(2)))
struct D3CommunityDataTests {
    @Test("The recorded jeweler decodes its tiers, recipes, costs and reagents")
    func artisan() throws {
        let jeweler = try decodeSample(D3ArtisanDetail.self, "d3_artisan_1_rbattlenet_vcr.json")
        #expect(jeweler.slug == "jeweler")
        #expect(jeweler.training.tiers.map(\.tier) == Array(1...12))
        let first = try #require(jeweler.training.tiers.first?.trainedRecipes.first)
        #expect(first.name == "Flawless Amethyst")
        #expect(first.cost == 2500)
        #expect(first.reagents.first?.quantity == 2)
        #expect(first.reagents.first?.item.name == "Amethyst")
        #expect(first.itemProduced?.slug == "flawless-amethyst")
        #expect(jeweler.recipes.count == 51 + 18)
        #expect(try roundTrip(jeweler) == jeweler)
    }

    @Test("Another artisan shape decodes: the mystic without training, a blacksmith with a taught recipe")
    func otherArtisans() throws {
        let mystic = try decode(D3ArtisanDetail.self, json: #"{"slug":"mystic","name":"Mystic","portrait":"pt_mystic","unknown":{"x":[1]}}"#)
        #expect(mystic.training.tiers.isEmpty)
        #expect(mystic.recipes.isEmpty)
        let blacksmith = try decode(D3ArtisanDetail.self, json: #"""
            {"slug":"blacksmith","name":"Blacksmith","training":{"tiers":[{"tier":1.0,"taughtRecipes":[
             {"id":"x","slug":"y","name":"Plan","cost":50000.0}]}]}}
            """#)
        #expect(blacksmith.training.tiers.first?.trainedRecipes.isEmpty == true)
        #expect(blacksmith.recipes.first?.cost == 50000)
        #expect(blacksmith.recipes.first?.reagents.isEmpty == true)
        #expect(blacksmith.recipes.first?.itemProduced == nil)
    }

    @Test("The recorded recipe keeps its cost, reagents and product")
    func recipe() throws {
        let recipe = try decodeSample(D3Recipe.self, "d3_recipe_blacksmith_apprentice-flamberge_rbattlenet_vcr.json")
        #expect(recipe.name == "Apprentice Flamberge")
        #expect(recipe.cost == 1000)
        #expect(recipe.reagents.map(\.quantity) == [5, 5])
        #expect(recipe.reagents.first?.item.slug == "reusable-parts")
        #expect(recipe.itemProduced?.itemArgument == "dervish-Sword_2H_003")
        #expect(try roundTrip(recipe) == recipe)
    }

    @Test("Both followers decode: the 2019 skill list and the 2012 active/passive object")
    func followers() throws {
        let templar = try decodeSample(D3FollowerDetail.self, "d3_follower_templar_rbattlenet_vcr.json")
        #expect(templar.realName == "Kormac")
        #expect(templar.skills.active.first?.name == "Intervene")
        #expect(templar.skills.active.first?.description?.hasPrefix("Cooldown: 10 seconds") == true)
        #expect(templar.skills.active.count == 8)
        let scoundrel = try decodeSample(
            D3FollowerDetail.self, "d3_data_follower_scoundrel_blizzard_d3-api-docs_2012.json")
        #expect(scoundrel.name == "Scoundrel")
        #expect(scoundrel.skills.active.first?.slug == "crippling-shot")
        #expect(try roundTrip(templar) == templar)
        let bare = try decode(D3FollowerDetail.self, json: #"{"slug":"enchantress","name":"Enchantress"}"#)
        #expect(bare.skills == D3ClassSkills())
    }

    @Test("The recorded class decodes categories, actives and passives")
    func characterClass() throws {
        let barbarian = try decodeSample(D3CharacterClass.self, "d3_character_class_1_rbattlenet_vcr.json")
        #expect(barbarian.slug == "barbarian")
        #expect(barbarian.femaleName == "Barbarian")
        #expect(barbarian.skillCategories.first?.slug == "primary")
        #expect(barbarian.skills.active.first?.slug == "bash")
        #expect(barbarian.skills.passive.first?.name == "Pound of Flesh")
        #expect(barbarian.skills.active.count > 20)
        #expect(try roundTrip(barbarian) == barbarian)
    }

    @Test("The recorded skill keeps its description and runes; a passive without runes decodes")
    func skill() throws {
        let bash = try decodeSample(D3SkillDetail.self, "d3_skill_barbarian_bash_rbattlenet_vcr.json")
        #expect(bash.skill.name == "Bash")
        #expect(bash.skill.description?.hasPrefix("Generate: 6 Fury per attack") == true)
        #expect(bash.runes.count == 5)
        #expect(bash.runes.first?.name == "Frostbite")
        #expect(bash.runes.first?.type == "c")
        #expect(bash.runes.first?.level == 6)
        #expect(try roundTrip(bash) == bash)
        let passive = try decode(D3SkillDetail.self, json: #"{"skill":{"slug":"ruthless","name":"Ruthless","level":10.0}}"#)
        #expect(passive.runes.isEmpty)
        #expect(passive.skill.level == 10)
    }

    @Test("The item type index and an item type decode; entries missing fields still decode")
    func itemTypes() throws {
        let index = try decodeSample([D3ItemTypeSummary].self, "d3_item_type_index_rbattlenet_vcr.json")
        #expect(index.first?.name == "Chest Armor")
        #expect(index.first?.slug == "chestarmornecromancer")
        let swords = try decodeSample([D3ItemReference].self, "d3_item_type_sword2h_rbattlenet_vcr.json")
        #expect(swords.first?.itemArgument == "splintered-oar-Unique_Sword_2H_014_1xx")
        let sparse = try decode([D3ItemReference].self, json: #"[{"id":"A","slug":"b","name":"C","extra":1}]"#)
        #expect(sparse.first?.itemArgument == "b-A")
    }

    @Test("The recorded item keeps its affixes, random affixes and colour")
    func item() throws {
        let item = try decodeSample(D3Item.self, "d3_item_corrupted-ashbringer-Unique_Sword_2H_104_x1_rbattlenet_vcr.json")
        #expect(item.slug == "corrupted-ashbringer")
        #expect(item.displayColor == "orange")
        #expect(item.typeName == "Legendary Two-Handed Sword")
        #expect(item.dps == "1,632.4")
        #expect(item.damage?.hasPrefix("1137-1702 Damage") == true)
        #expect(item.attributes.primary.first == "+[1177 - 1439]-[1410 - 1788] Poison Damage")
        #expect(item.attributes.secondary.count == 3)
        #expect(item.randomAffixes.first?.oneOf.count == 3)
        #expect(item.set == nil)
        #expect(try roundTrip(item) == item)
    }

    @Test("A set item's bonuses are read from its description")
    func setBonuses() throws {
        let items = try decodeSample(D3HeroItems.self, "d3_hero_items_104729462_rbattlenet_vcr_2019.json")
        let set = try #require(items[.head]?.set)
        #expect(set.name == "Pestilence Master's Shroud")
        #expect(set.bonuses.map(\.pieces) == [2, 4, 6])
        #expect(set.bonuses.first?.text
            == "Each corpse you consume fires a Corpse Lance at a nearby enemy. (Necromancer Only)")
        let item = try decode(D3Item.self, json: #"""
            {"name":"Ring","color":"green","set":{"name":"S","slug":"s","description":"S (3) Set: Triple."},
             "attributes":{"primary":[{"text":"+5 Vitality"},null]}}
            """#)
        #expect(item.set?.bonuses == [D3SetBonus(pieces: 3, text: "Triple.")])
        #expect(item.attributes.primary == ["+5 Vitality"])
    }

    @Test("Icon URLs have the media host's documented form")
    func media() {
        #expect(D3Media.itemIcon("unique_sword_2h_104_x1_demonhunter_male").absoluteString
            == "https://media.blizzard.com/d3/icons/items/large/unique_sword_2h_104_x1_demonhunter_male.png")
        #expect(D3Media.itemIcon("x1_amethyst_01_demonhunter_male", size: .small).absoluteString
            == "https://media.blizzard.com/d3/icons/items/small/x1_amethyst_01_demonhunter_male.png")
        #expect(D3Media.skillIcon("barbarian_bash").absoluteString
            == "https://media.blizzard.com/d3/icons/skills/64/barbarian_bash.png")
        #expect(D3Media.skillIcon("a/b", size: .small).absoluteString
            == "https://media.blizzard.com/d3/icons/skills/21/a%2Fb.png")
    }
}
