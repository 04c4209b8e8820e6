import BattleNet
import BattleNetEmulator
import BattleNetWorldOfWarcraft
import Foundation
import Testing

@Suite("WorldOfWarcraftClient's character and guild endpoints against the emulator's router", .timeLimit(.minutes(2)))
struct WoWCharacterClientTests {
    func client(
        _ router: EmulatorRouter, _ token: AccessToken, region: Region = .eu, version: WoWGameVersion = .retail
    ) -> WorldOfWarcraftClient {
        WorldOfWarcraftClient(
            region: region, version: version, apiBaseURL: EmulatorRouter.baseURL, tokens: StaticTokenSource(token),
            transport: router)
    }

    @Test("The recorded characters and guild come back byte for byte, with an application token")
    func recordedBytes() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.oauth.clientCredentialsToken()
            let eu = client(router, token), us = client(router, token, region: .us)
            let recordings: [(WorldOfWarcraftClient, WoWEndpoint, String)] = [
                (eu, .equipment(realmSlug: "stormrage", name: "Sheday"), WoWCharacterModelTests.equipment),
                (eu, .characterMedia(realmSlug: "stormrage", name: "sheday"), WoWCharacterModelTests.media),
                (eu, .achievements(realmSlug: "stormrage", name: "sheday"), WoWCharacterModelTests.achievements),
                (eu, .mythicKeystoneProfile(realmSlug: "stormrage", name: "sheday"), WoWCharacterModelTests.keystoneProfiles[0]),
                (us, .mythicKeystoneProfile(realmSlug: "area-52", name: "Adaxion"), WoWCharacterModelTests.keystoneProfiles[1]),
                (eu, .mythicKeystoneSeason(realmSlug: "stormrage", name: "sheday", season: 3),
                 WoWCharacterModelTests.keystoneSeasons[0]),
                (us, .mythicKeystoneSeason(realmSlug: "area-52", name: "adaxion", season: 9),
                 WoWCharacterModelTests.keystoneSeasons[1]),
                (eu, .pvpSummary(realmSlug: "stormrage", name: "sheday"), WoWCharacterModelTests.pvp),
                (eu, .specializations(realmSlug: "stormrage", name: "sheday"), WoWCharacterModelTests.specializations),
                (eu, .guildRoster(realmSlug: "stormrage", guildSlug: "avalerion"), WoWCharacterModelTests.roster),
            ]
            for (wow, endpoint, name) in recordings {
                #expect(try await wow.data(endpoint) == sample(name), "\(endpoint)")
            }
            #expect(try await eu.achievements(realmSlug: "stormrage", name: "sheday").totalPoints == 32_165)
            #expect(try await eu.guildRoster(realmSlug: "stormrage", guildSlug: "avalerion").members.count == 418)
            // The recordings are EU's (and Adaxion's US's) only.
            await #expect(throws: BattleNetError.notFound("The equipment of sheday on stormrage")) {
                try await us.equipment(realmSlug: "stormrage", name: "sheday")
            }
        }
    }

    @Test("Every character of a known account has every endpoint, in its own name, realm and namespace")
    func generatedCharacters() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.oauth.clientCredentialsToken()
            let wow = client(router, token, region: .us)
            let player = client(router, try await router.playerToken(scopes: WoWClientTests.allScopes), region: .us)
            let characters = try await player.accountProfile().characters
            #expect(characters.count == 4)
            for character in characters {
                let (realm, name) = (character.realm.slug, character.name)
                let equipment = try await wow.equipment(realmSlug: realm, name: name)
                #expect(equipment.character?.id == character.id && equipment.character?.name == name)
                #expect(equipment.character?.realm == WoWRealmReference(
                    key: WoWLink(href: "https://us.api.blizzard.com/data/wow/realm/\(character.realm.id)?namespace=dynamic-us"),
                    name: character.realm.name, id: character.realm.id, slug: realm))
                #expect(equipment.links?.current?.href == "https://us.api.blizzard.com/profile/wow/character/\(realm)/"
                    + "\(name.lowercased())/equipment?namespace=profile-us")
                #expect(equipment.equippedItems.count == 17 && equipment.averageItemLevel != nil)
                let raw = String(decoding: try await wow.data(.equipment(realmSlug: realm, name: name)), as: UTF8.self)
                #expect(!raw.contains("eu.api.blizzard.com") && !raw.contains("-eu\"") && !raw.contains("Sheday"))
                #expect(try await wow.characterMedia(realmSlug: realm, name: name).character?.id == character.id)
                #expect(try await wow.achievements(realmSlug: realm, name: name).totalPoints == 32_165)
                #expect(try await wow.pvpSummary(realmSlug: realm, name: name).character?.name == name)
                #expect(try await wow.specializations(realmSlug: realm, name: name).specializations.count == 3)
                let keystone = try await wow.mythicKeystoneProfile(realmSlug: realm, name: name)
                #expect(keystone.currentMythicRating != nil && keystone.character?.id == character.id)
                for season in try #require(keystone.seasons) {
                    let answer = try await wow.mythicKeystoneSeason(realmSlug: realm, name: name, season: season.id)
                    #expect(answer.season?.id == season.id && answer.character?.id == character.id)
                    #expect(answer.links?.current?.href.contains("/season/\(season.id)?") == true)
                }
            }
            // Each realm's guild holds the known characters on it.
            for realm in Set(characters.map(\.realm.slug)) {
                let roster = try await wow.guildRoster(realmSlug: realm, guildSlug: "emulated-vanguard")
                let here = characters.filter { $0.realm.slug == realm }.map(\.id)
                #expect(Set(here).isSubset(of: roster.members.map(\.character.id)), "\(realm)")
                #expect(roster.guild?.realm?.slug == realm && roster.members.first?.rank == 0)
                #expect(roster.members.allSatisfy { $0.character.realm?.slug == realm && $0.character.playableClass != nil })
            }
            let first = characters[0]
            await #expect(throws: BattleNetError.notFound("The Mythic+ season 1 of \(first.name) on \(first.realm.slug)")) {
                try await wow.mythicKeystoneSeason(realmSlug: first.realm.slug, name: first.name, season: 1)
            }
        }
    }

    @Test("Classic characters have equipment but no Mythic+; unknown characters and guilds, and no namespace, are 404")
    func refusals() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.oauth.clientCredentialsToken()
            let player = try await router.playerToken(scopes: WoWClientTests.allScopes)
            let era = client(router, token, region: .us, version: .classicEra)
            let character = try #require(try await client(router, player, region: .us, version: .classicEra)
                .accountProfile().characters.first)
            let equipment = try await era.equipment(realmSlug: character.realm.slug, name: character.name)
            #expect(equipment.links?.current?.href.hasSuffix("namespace=profile-classic1x-us") == true)
            #expect(equipment.character?.realm?.key?.href.hasSuffix("namespace=dynamic-classic1x-us") == true)
            await #expect(throws: BattleNetError.self) {
                try await era.mythicKeystoneProfile(realmSlug: character.realm.slug, name: character.name)
            }
            let retail = client(router, token)
            await #expect(throws: BattleNetError.notFound("The PvP summary of nobody on stormrage")) {
                try await retail.pvpSummary(realmSlug: "stormrage", name: "nobody")
            }
            await #expect(throws: BattleNetError.notFound("The roster of the guild nobody on stormrage")) {
                try await retail.guildRoster(realmSlug: "stormrage", guildSlug: "nobody")
            }
            let path = "/profile/wow/character/stormrage/sheday/equipment"
            #expect(try await router.get(path, token: token).status == 404)
            #expect(try await router.get(path + "?namespace=profile-eu", token: nil).status == 401)
            #expect(try await router.get(path + "?namespace=profile-eu", token: token).status == 200)
            // Housing's account-wide decor collection, which Blizzard lists but answers 404, is the gateway's 404.
            let decor = try await router.get("/profile/user/wow/collections/decor?namespace=profile-us", token: player)
            let notFound = try sample("api_gateway_error_404_BLZWEBAPI00000404.json")
            #expect(decor.status == 404)
            #expect(String(decoding: decor.body, as: UTF8.self)
                == String(decoding: notFound, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
