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

    /// Every sample's bytes, decoded once, when a sample is first asked for (under 1 MiB; a relay not in sandbox mode
    /// never asks).
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
    static let sc2Player = "sc2_player_acct2137104-rigs-2019_rbattlenet-vcr.json"
    static let sc2Profile = "sc2_profile_2-1-2137104-katarn-2019_rbattlenet-vcr.json"

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
