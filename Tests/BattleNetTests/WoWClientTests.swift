import BattleNet
import BattleNetEmulator
import BattleNetWorldOfWarcraft
import Foundation
import Testing

@Suite("WorldOfWarcraftClient against the emulator's router", .timeLimit(.minutes(2)))
struct WoWClientTests {
    static let allScopes = ["openid", "wow.profile", "sc2.profile", "d3.profile"]

    func client(_ router: EmulatorRouter, _ token: AccessToken, version: WoWGameVersion = .retail) -> WorldOfWarcraftClient {
        WorldOfWarcraftClient(
            region: .us, version: version, apiBaseURL: EmulatorRouter.baseURL, tokens: StaticTokenSource(token),
            transport: router)
    }

    @Test("The recorded account's answers come back byte for byte, and decode")
    func recordedBytes() async throws {
        try await withEmulatorRouter { router in
            let wow = client(router, try await router.playerToken("Rilian#1142", scopes: Self.allScopes))
            let recordings: [(WoWEndpoint, String)] = [
                (.accountProfile, WoWModelTests.summary), (.collections, WoWModelTests.index),
                (.mounts, WoWModelTests.mounts), (.pets, WoWModelTests.pets),
                (.protectedCharacter(realmID: 1262, characterID: 107_811_065), WoWModelTests.protected),
            ]
            for (endpoint, name) in recordings {
                #expect(try await wow.data(endpoint) == sample(name), "\(endpoint)")
            }
            #expect(try await wow.accountProfile().characters.count == 2)
            #expect(try await wow.pets().pets.count == 4)
        }
    }

    @Test("A generated account: two licences, characters on several realms, each with protected and public profiles")
    func generatedAccount() async throws {
        try await withEmulatorRouter { router in
            let wow = client(router, try await router.playerToken(scopes: Self.allScopes))
            let profile = try await wow.accountProfile()
            #expect(profile.wowAccounts.count == 2)
            #expect(profile.wowAccounts[1].characters.first?.level == 0)
            #expect(Set(profile.characters.map(\.realm.slug)).count >= 2)
            for character in profile.characters {
                let protected = try await wow.protectedCharacter(realmID: character.realm.id, characterID: character.id)
                #expect(protected.name == character.name && protected.character?.realm?.id == character.realm.id)
                #expect(profile.wowAccounts.contains { $0.id == protected.wowAccount })
                let details = try await wow.character(realmSlug: character.realm.slug, name: character.name.uppercased())
                #expect(details.id == character.id && details.level == character.level)
                #expect(details.characterClass?.id == character.playableClass?.id)
            }
            let index = try await wow.collections()
            #expect(index.toys != nil && index.heirlooms != nil && index.transmogs != nil)
            #expect(try await wow.mounts().mounts.contains { $0.isFavorite == true })
            #expect(try await wow.toys().toys.count == 3)
            #expect(try await wow.heirlooms().heirlooms.first?.upgrade?.level == 4)
            #expect(try await wow.transmogs().appearanceCount == 4)
            let pets = try await wow.pets()
            #expect(pets.pets.filter { $0.isActive == true }.map(\.activeSlot) == [0])
        }
    }

    @Test("Classic and Classic Era have their own characters and namespaces")
    func classic() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.playerToken(scopes: Self.allScopes)
            let retail = try await client(router, token).accountProfile().characters.map(\.id)
            let classic = try await client(router, token, version: .classic).accountProfile()
            let era = try await client(router, token, version: .classicEra).accountProfile()
            #expect(classic.characters.count == 1 && era.characters.count == 2)
            #expect(Set(retail).isDisjoint(with: classic.characters.map(\.id) + era.characters.map(\.id)))
            #expect(classic.links?.current?.href.hasSuffix("namespace=profile-classic-us") == true)
            #expect(era.characters[0].realm.key?.href.hasSuffix("namespace=dynamic-classic1x-us") == true)
            let character = era.characters[0]
            _ = try await client(router, token, version: .classicEra)
                .protectedCharacter(realmID: character.realm.id, characterID: character.id)
            await #expect(throws: BattleNetError.notFound("The toys collection")) {
                try await client(router, token, version: .classicEra).toys()
            }
        }
    }

    @Test("A token without wow.profile, and an application token, get missingScope naming wow.profile")
    func missingScope() async throws {
        try await withEmulatorRouter { router in
            let refused = BattleNetError.missingScope(scope: "wow.profile", what: "the World of Warcraft account profile")
            let d3Only = try await router.playerToken(scopes: ["openid", "d3.profile"])
            await #expect(throws: refused) { try await client(router, d3Only).accountProfile() }
            let application = try await router.oauth.clientCredentialsToken()
            await #expect(throws: refused) { try await client(router, application).accountProfile() }
            // The gateway's 403 body is the recorded one, byte for byte.
            let answer = try await router.get("/profile/user/wow?namespace=profile-us", token: d3Only)
            #expect(answer.status == 403)
            #expect(answer.body == (try sample("wow_error403-profile-namespace_character-soulbinds-sheday-eu-2020_rbattlenet-vcr.json")))
            // The public character profile needs no player: an application token reads it.
            let character = try await client(router, application).character(realmSlug: "tarren-mill", name: "aelyth")
            #expect(character.realm?.slug == "tarren-mill")
        }
    }

    @Test("The namespace may come as the Battlenet-Namespace header; without one, or a wrong one, the gateway's 404")
    func namespaceHeader() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.playerToken(scopes: Self.allScopes)
            let header = try await router.get(
                "/profile/user/wow?locale=en_US", token: token, headers: [("Battlenet-Namespace", "profile-eu")])
            #expect(header.status == 200)
            #expect(header.headers.contains { $0.name.lowercased() == "battlenet-namespace" && $0.value == "profile-eu" })
            let profile = try JSONDecoder().decode(WoWAccountProfile.self, from: header.body)
            #expect(profile.links?.current?.href == "https://eu.api.blizzard.com/profile/user/wow?namespace=profile-eu")
            for path in ["/profile/user/wow", "/profile/user/wow?namespace=static-us", "/profile/user/wow?namespace=profile-xx"] {
                #expect(try await router.get(path, token: token).status == 404, "\(path)")
            }
            #expect(try await router.get("/profile/user/wow?namespace=profile-us", token: nil).status == 401)
            #expect(try await router.get("/profile/user/wow/collections/decor?namespace=profile-us", token: token).status == 404)
        }
    }

    @Test("Without a locale every name is a map of the 12 locales, which the models read")
    func localizedMaps() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.playerToken(scopes: Self.allScopes)
            let answer = try await router.get("/profile/user/wow?namespace=profile-us", token: token)
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(text.contains(#""name":{"en_US":"#) && text.contains(#""zh_CN":"#))
            let profile = try JSONDecoder().decode(WoWAccountProfile.self, from: answer.body)
            let name = try #require(profile.characters.first?.playableClass?.name)
            #expect(name.value == nil && name.translations.count == 12 && !name.text().isEmpty)
        }
    }
}
