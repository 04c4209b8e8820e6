import Foundation

/// The recorded Battle.net responses the emulator serves (provenance in `Samples/SOURCES.md`). They are compiled
/// into the binary (`EmbeddedSamples.swift`, written by `scripts/embed-samples.sh`), so a shipped relay in sandbox
/// mode needs no file from the build tree.
public enum EmulatorSamples {
    /// The bytes of a sample file, by its file name (`d3_profile_faye-2543_rbattlenet_vcr_2019.json`).
    public static func data(named name: String) throws -> Data {
        guard let data = decoded[name] else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Samples/\(name)"])
        }
        return data
    }

    /// Every sample's bytes, decoded once, when a sample is first asked for (about 3 MiB, most of it the recorded
    /// achievements and Mythic+ leaderboard; a relay not in sandbox mode never asks).
    private static let decoded = embedded.compactMapValues { Data(base64Encoded: $0) }

    /// The names of every sample file.
    public static var names: [String] {
        embedded.keys.filter { $0.hasSuffix(".json") }.sorted()
    }

    static let fayeProfile = "d3_profile_faye-2543_rbattlenet_vcr_2019.json"
    static let fayeHero = "d3_hero_104729462_rbattlenet_vcr_2019.json"
    static let fayeHeroItems = "d3_hero_items_104729462_rbattlenet_vcr_2019.json"
    static let fayeFollowerItems = "d3_hero_follower_items_104729462_rbattlenet_vcr_2019.json"
    static let stratonProfile = "d3_profile_straton-1_blizzard_d3-api-docs_2012.json"
    static let stratonHero = "d3_hero_1_yharr_blizzard_d3-api-docs_2012.json"
    static let openIDConfiguration = "oidc_openid-configuration_oauth.battle.net_panva-wellknown.json"

    // World of Warcraft and StarCraft II (the player endpoints).
    static let wowAccountProfile = "wow_profile-user-wow_acct1142637-2020_argentpony.json"
    static let wowProtectedCharacter = "wow_protected-character_1262-107811065-drinian-2020_argentpony.json"
    static let wowCollections = "wow_collections-index_acct-argentpony-2020_argentpony.json"
    static let wowMounts = "wow_collections-mounts_acct-argentpony-2020_argentpony.json"
    static let wowPets = "wow_collections-pets_acct-argentpony-2020_argentpony.json"
    static let wowEquipment = "wow_character-equipment_sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let wowCharacterMedia = "wow_character-media_sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let wowAchievements = "wow_character-achievements_sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let wowMythicKeystoneProfileSheday =
        "wow_character-mythic-keystone-profile_sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let wowMythicKeystoneProfileAdaxion = "wow_character-mythic-keystone-profile_adaxion-area-52-us-2023_gg-apis.json"
    static let wowMythicKeystoneSeasonSheday =
        "wow_character-mythic-keystone-season_3-sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let wowMythicKeystoneSeasonAdaxion = "wow_character-mythic-keystone-season_9-adaxion-area-52-us-2023_gg-apis.json"
    static let wowPvPSummary = "wow_character-pvp-summary_sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let wowSpecializations = "wow_character-specializations_sheday-stormrage-eu-2019_rbattlenet-vcr.json"
    static let wowGuildRoster = "wow_guild-roster_avalerion-stormrage-eu-2019_rbattlenet-vcr.json"
    static let wowRealmIndex = "wow_realm-index_eu-2020_rbattlenet-vcr.json"
    static let wowRealmAggramar = "wow_realm_500-aggramar-eu-2020_rbattlenet-vcr.json"
    static let wowConnectedRealmIndex = "wow_connected-realm-index_eu-2019_rbattlenet-vcr.json"
    static let wowConnectedRealm509 = "wow_connected-realm_509-eu-2019_rbattlenet-vcr.json"
    static let wowToken = "wow_token-index_eu-2020_rbattlenet-vcr.json"
    static let wowCommodities = "wow_auctions-commodities_us-2023_argentpony.json"
    static let wowAuctionsConnectedRealm4 = "wow_auctions_connected-realm-4-us-2020_argentpony.json"
    static let wowKeystoneAffixIndex = "wow_keystone-affix-index_eu-2019_rbattlenet-vcr.json"
    static let wowMythicLeaderboard = "wow_mythic-keystone-leaderboard_cr509-dungeon244-period682-eu-2019_rbattlenet-vcr.json"
    static let sc2Player = "sc2_player_acct2137104-rigs-2019_rbattlenet-vcr.json"
    static let sc2Profile = "sc2_profile_2-1-2137104-katarn-2019_rbattlenet-vcr.json"
    static let sc2LadderSummary = "sc2_ladder-summary_2-1-2137104-2019_rbattlenet-vcr.json"
    static let sc2ProfileLadder = "sc2_profile-ladder_2-1-2137104-ladder2200-2019_rbattlenet-vcr.json"
    static let sc2Grandmaster = "sc2_grandmaster-leaderboard_region2-2019_rbattlenet-vcr.json"
    static let sc2League = "sc2_league_37-201-0-6-2019_rbattlenet-vcr.json"
    static let sc2Season = "sc2_season_region2-2019_rbattlenet-vcr.json"

    // Hearthstone.
    static let hsCard = "hs_card_52119-arch-villain-rafaam-eu-2019_rbattlenet-vcr.json"
    static let hsCardSearch = "hs_cards-search_mana1-attack1-health1-eu-2019_rbattlenet-vcr.json"
    static let hsDeck = "hs_deck_warrior-AAECAQcG-eu-2019_rbattlenet-vcr.json"
    static let hsMetadata = "hs_metadata_eu-2019_rbattlenet-vcr.json"
    static let hsMetadataSets = "hs_metadata-sets_eu-2019_rbattlenet-vcr.json"
    static let hsMetadataKeywords = "hs_metadata-keywords_eu-2019_rbattlenet-vcr.json"

    // The recordings the generated game data starts from.
    static let jeweler = "d3_artisan_1_rbattlenet_vcr.json"
    static let flamberge = "d3_recipe_blacksmith_apprentice-flamberge_rbattlenet_vcr.json"
    static let templar = "d3_follower_templar_rbattlenet_vcr.json"
    static let barbarian = "d3_character_class_1_rbattlenet_vcr.json"
    static let bash = "d3_skill_barbarian_bash_rbattlenet_vcr.json"
    static let seasonIndex = "d3_season_index_rbattlenet_vcr.json"
    static let eraIndex = "d3_era_index_rbattlenet_vcr.json"
    static let season = "d3_season_1_rbattlenet_vcr.json"
    static let era = "d3_era_1_rbattlenet_vcr.json"
    static let riftBoard = "d3_era_leaderboard_1_rift-wd_rbattlenet_vcr.json"
    static let conquestBoard = "d3_season_leaderboard_1_74987245615154_rbattlenet_vcr.json"
}
