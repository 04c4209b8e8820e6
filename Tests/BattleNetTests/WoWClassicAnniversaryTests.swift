import BattleNet
import BattleNetEmulator
import BattleNetWorldOfWarcraft
import Foundation
import Testing

@Suite("The Anniversary realms: classicann namespaces in the library and the emulator", .timeLimit(.minutes(1)))
struct WoWClassicAnniversaryTests {
    func client(_ router: EmulatorRouter, _ token: AccessToken, version: WoWGame) -> WorldOfWarcraftClient {
        let api = BlizzardAPI(region: .eu, apiBaseURL: EmulatorRouter.baseURL, tokens: StaticTokenSource(token), transport: router)
        return WorldOfWarcraftClient(api: api, game: version)
    }

    @Test("Its namespaces, and the version each namespace names")
    func namespaces() {
        let game = WoWGame.classicAnniversary
        #expect(game.profileNamespace(.eu) == "profile-classicann-eu")
        #expect(game.dynamicNamespace(.us) == "dynamic-classicann-us")
        #expect(game.staticNamespace(.kr) == "static-classicann-kr")
        #expect(WoWGame(profileNamespace: "profile-classicann-tw") == .classicAnniversary)
        #expect(WoWGameVersion(profileNamespace: "profile-classicann-tw") == nil)
        #expect(WoWGame.retail.dynamicNamespace(.eu) == "dynamic-eu")
        #expect(WoWGame.classicEra.staticNamespace(.eu) == "static-classic1x-eu")
        for version in WoWGameVersion.allCases {
            #expect(WoWGame(profileNamespace: version.profileNamespace(.us)) == WoWGame(version))
        }
        #expect(WoWGame(profileNamespace: "profile-classicxx-eu") == nil && WoWGame(profileNamespace: "dynamic-eu") == nil)
    }

    @Test("Its own characters and realms; Classic Era's characters and retail's paths are 404 there")
    func emulator() async throws {
        try await withEmulatorRouter { router in
            let player = try await router.playerToken(scopes: WoWClientTests.allScopes)
            let application = try await router.oauth.clientCredentialsToken()
            let anniversary = client(router, player, version: .classicAnniversary)
            let profile = try await anniversary.accountProfile()
            let character = try #require(profile.characters.first)
            #expect(profile.characters.count == 1 && character.realm.slug == "dreamscythe" && character.level == 60)
            #expect(profile.links?.current?.href.hasSuffix("namespace=profile-classicann-eu") == true)
            let era = try await client(router, player, version: .classicEra).accountProfile().characters
            #expect(Set(era.map(\.id)).isDisjoint(with: [character.id]))
            let anyToken = client(router, application, version: .classicAnniversary)
            #expect(try await anyToken.character(realmSlug: "dreamscythe", name: character.name).id == character.id)
            let equipment = try await anyToken.equipment(realmSlug: "dreamscythe", name: character.name)
            #expect(equipment.links?.current?.href.hasSuffix("namespace=profile-classicann-eu") == true)
            // A Classic Era character is not on an Anniversary realm.
            let firemaw = try #require(era.first)
            await #expect(throws: BattleNetError.notFound("The character \(firemaw.name) on \(firemaw.realm.slug)")) {
                try await anyToken.character(realmSlug: firemaw.realm.slug, name: firemaw.name)
            }
            // Retail's endpoints answer 404 in the Anniversary namespaces.
            await #expect(throws: BattleNetError.notFound("The Mythic+ profile of \(character.name) on dreamscythe")) {
                try await anyToken.mythicKeystoneProfile(realmSlug: "dreamscythe", name: character.name)
            }
            await #expect(throws: BattleNetError.notFound("The WoW Token price")) { try await anyToken.tokenPrice() }
            await #expect(throws: BattleNetError.notFound("The commodity auctions")) { try await anyToken.commodities() }
            await #expect(throws: BattleNetError.notFound("The toys collection")) { try await anniversary.toys() }
            #expect(try await anyToken.realms().realms.map(\.slug) == ["dreamscythe", "nightslayer"])
            let realm = try await anyToken.connectedRealm(id: 6103)
            #expect(realm.links?.current?.href.hasSuffix("namespace=dynamic-classicann-eu") == true)
        }
    }
}
