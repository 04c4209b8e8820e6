import BattleNet
import BattleNetEmulator
import BattleNetWorldOfWarcraft
import Foundation
import Testing

@Suite("World of Warcraft game data: realms, token, auctions, Mythic+ boards and affixes", .timeLimit(.minutes(2)))
struct WoWWorldTests {
    static let realmIndex = "wow_realm-index_eu-2020_rbattlenet-vcr.json"
    static let aggramar = "wow_realm_500-aggramar-eu-2020_rbattlenet-vcr.json"
    static let connectedRealmIndex = "wow_connected-realm-index_eu-2019_rbattlenet-vcr.json"
    static let connectedRealm = "wow_connected-realm_509-eu-2019_rbattlenet-vcr.json"
    static let token = "wow_token-index_eu-2020_rbattlenet-vcr.json"
    static let commodities = "wow_auctions-commodities_us-2023_argentpony.json"
    static let auctions = "wow_auctions_connected-realm-4-us-2020_argentpony.json"
    static let affixes = "wow_keystone-affix-index_eu-2019_rbattlenet-vcr.json"
    static let leaderboard = "wow_mythic-keystone-leaderboard_cr509-dungeon244-period682-eu-2019_rbattlenet-vcr.json"

    func client(_ router: EmulatorRouter, _ token: AccessToken, region: Region = .eu, version: WoWGameVersion = .retail)
        -> WorldOfWarcraftClient
    {
        WorldOfWarcraftClient(
            region: region, version: version, apiBaseURL: EmulatorRouter.baseURL, tokens: StaticTokenSource(token),
            transport: router)
    }

    @Test("The models decode every recording: realms, connected realms, token, affixes, the Mythic+ board")
    func recordings() throws {
        let index = try JSONDecoder().decode(WoWRealmIndex.self, from: sample(Self.realmIndex))
        #expect(index.realms.count == 267 && index.realms[0].slug == "aggramar")
        let realm = try JSONDecoder().decode(WoWRealm.self, from: sample(Self.aggramar))
        #expect(realm.id == 500 && realm.name == "Aggramar" && realm.connectedRealmID == 1325)
        #expect(realm.type?.type == .normal && realm.region?.id == 3 && realm.timezone == "Europe/Paris")
        let connected = try JSONDecoder().decode(WoWConnectedRealmIndex.self, from: sample(Self.connectedRealmIndex))
        #expect(connected.ids.count == 123 && connected.ids.first == 509)
        let garona = try JSONDecoder().decode(WoWConnectedRealm.self, from: sample(Self.connectedRealm))
        #expect(garona.status?.type == .up && garona.population?.type == .medium && garona.hasQueue == false)
        #expect(garona.realms.map(\.slug) == ["garona", "nerzhul", "sargeras"] && garona.realms[0].links == nil)
        let token = try JSONDecoder().decode(WoWTokenPrice.self, from: sample(Self.token))
        #expect(token.price == 1_894_280_000 && token.gold == 189_428 && token.lastUpdated != nil)
        let affixes = try JSONDecoder().decode(WoWKeystoneAffixIndex.self, from: sample(Self.affixes))
        #expect(affixes.affixes.count == 18 && affixes.affixes[0].name == "Overflowing")
        let board = try JSONDecoder().decode(WoWMythicKeystoneLeaderboard.self, from: sample(Self.leaderboard))
        #expect(board.leadingGroups.count == 500 && board.leadingGroups[0].ranking == 1)
        #expect(board.leadingGroups[0].members?.first?.profile.name == "Wushuwushu")
        #expect(board.leadingGroups[0].members?.first?.faction?.type == .horde)
        #expect(board.keystoneAffixes?.map(\.startingLevel) == [2, 4, 7, 10] && board.mapChallengeModeID == 244)
        #expect(board.name == "Atal'Dazar" && board.period == 682)
    }

    @Test("Lenient: unknown status and population, localized realm names, missing lists")
    func lenient() throws {
        let realm = try JSONDecoder().decode(WoWConnectedRealm.self, from: Data(#"""
            {"id":1,"status":{"type":"MAINTENANCE","name":{"en_US":"Maintenance"}},"population":{"type":"NEW_PLAYERS"},
            "realms":[{"id":1,"name":{"en_US":"Aegwynn","de_DE":"Aegwynn"},"slug":"aegwynn","category":{"en_US":"German"}}]}
            """#.utf8))
        #expect(realm.status?.type.rawValue == "MAINTENANCE" && realm.population?.type.rawValue == "NEW_PLAYERS")
        #expect(realm.realms[0].name?.text(locale: "de_DE") == "Aegwynn" && realm.hasQueue == nil)
        #expect(try JSONDecoder().decode(WoWRealmIndex.self, from: Data("{}".utf8)).realms.isEmpty)
        #expect(try JSONDecoder().decode(WoWMythicKeystoneLeaderboard.self, from: Data("{}".utf8)).leadingGroups.isEmpty)
    }

    @Test("Auctions are read in pages: the recordings (pretty-printed and compact), pets, bids, empty and broken answers")
    func auctionListing() throws {
        let recorded = try sample(Self.auctions)
        let realm = try WoWAuctionListing(data: recorded)
        #expect(realm.count == 6 && realm.data == recorded)
        let pages = realm.pages(of: 4)
        #expect(pages.map(\.indices) == [0..<4, 4..<6])
        let all = try pages.flatMap { try $0.get() }
        #expect(all.map(\.id) == [37_781_919, 37_793_634, 37_999_300, 38_040_082, 37_885_614, 38_731_280])
        #expect(all[3].bid == 500_000 && all[3].buyout == 1_003_700 && all[3].timeLeft == "VERY_LONG")
        #expect(all[4].item.petSpeciesID == 194 && all[1].item.bonusLists == [1687, 4767])
        #expect(all[1].item.modifiers == [WoWAuction.Item.Modifier(type: 9, value: 50)])
        let commodities = try WoWAuctionListing(data: sample(Self.commodities))
        let first = try #require(try commodities.auctions(0..<1).first)
        #expect(commodities.count == 9 && first.unitPrice == 900_000 && first.quantity == 45 && first.buyout == nil)
        #expect(try WoWAuctionListing(data: Data(#"{"_links":{},"auctions":[]}"#.utf8)).count == 0)
        #expect(try WoWAuctionListing(data: Data(#"{"x":"a\"]}","auctions":[{"id":1,"item":{"id":2},"quantity":1}]}"#.utf8))
            .auctions(0..<5).map(\.item.id) == [2])
        #expect(throws: BattleNetError.self) { try WoWAuctionListing(data: Data(#"{"auctions":[{"id":1}"#.utf8)) }
        #expect(throws: BattleNetError.self) { try WoWAuctionListing(data: Data("[]".utf8)).count }
    }

    @Test("The recordings come back byte for byte in their region, with an application token")
    func recordedBytes() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.oauth.clientCredentialsToken()
            let eu = client(router, token), us = client(router, token, region: .us)
            let recordings: [(WorldOfWarcraftClient, WoWDataEndpoint, String)] = [
                (eu, .realmIndex, Self.realmIndex), (eu, .realm(slug: "Aggramar"), Self.aggramar),
                (eu, .connectedRealmIndex, Self.connectedRealmIndex), (eu, .connectedRealm(id: 509), Self.connectedRealm),
                (eu, .tokenIndex, Self.token), (us, .commodities, Self.commodities),
                (us, .auctions(connectedRealmID: 4), Self.auctions), (eu, .keystoneAffixIndex, Self.affixes),
                (eu, .mythicKeystoneLeaderboard(connectedRealmID: 509, dungeonID: 244, period: 682), Self.leaderboard),
            ]
            for (wow, endpoint, name) in recordings {
                #expect(try await wow.data(endpoint) == sample(name), "\(endpoint)")
            }
            #expect(try await us.auctions(connectedRealmID: 4).data == sample(Self.auctions))
            #expect(try await eu.tokenPrice().price == 1_894_280_000)
        }
    }

    @Test("Every region has the emulator's realms: index, realm, connected realm, 10,000 auctions, a board")
    func generated() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.oauth.clientCredentialsToken()
            let us = client(router, token, region: .us)
            let index = try await us.realms()
            #expect(index.realms.map(\.slug) == ["tarren-mill", "twisting-nether", "aggra-portugues"])
            #expect(index.links?.current?.href == "https://us.api.blizzard.com/data/wow/realm/?namespace=dynamic-us")
            let realm = try await us.realm(slug: "tarren-mill")
            #expect(realm.id == 1084 && realm.connectedRealmID == 1084 && realm.region?.id == 1)
            #expect(try await us.connectedRealms().ids == [1084, 3674, 1303])
            let first = try await us.connectedRealm(id: 1084), second = try await us.connectedRealm(id: 3674)
            #expect(first.hasQueue == true && first.population?.type == .full && second.population?.type == .medium)
            #expect(first.realms.map(\.slug) == ["tarren-mill"] && first.status?.type == .up)
            let auctions = try await us.auctions(connectedRealmID: 3674)
            #expect(auctions.count == 10_000)
            let last = try #require(try auctions.pages(of: 1_000).last?.get().last)
            #expect(last.buyout != nil && last.quantity >= 1)
            #expect(try await us.auctions(connectedRealmID: 3674).data == auctions.data)
            let board = try await us.mythicKeystoneLeaderboard(connectedRealmID: 1084, dungeonID: 375, period: 950)
            #expect(board.period == 950 && board.mapChallengeModeID == 375 && board.leadingGroups.count == 500)
            #expect(board.connectedRealm?.href == "https://us.api.blizzard.com/data/wow/connected-realm/1084?namespace=dynamic-us")
            let kr = client(router, token, region: .kr)
            #expect(try await kr.tokenPrice().links?.current?.href.contains("kr.api.blizzard.com") == true)
            #expect(try await kr.keystoneAffixes().affixes.count == 18)
            #expect(try await kr.commodities().count == 9)
            await #expect(throws: BattleNetError.notFound("The realm garona")) { try await us.realm(slug: "garona") }
            await #expect(throws: BattleNetError.notFound("The auctions of connected realm 1")) {
                try await us.auctions(connectedRealmID: 1)
            }
        }
    }

    @Test("Namespaces: dynamic for realms, static for affixes, none or the wrong one a 404")
    func namespaces() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.oauth.clientCredentialsToken()
            #expect(try await router.get("/data/wow/realm/index", token: token).status == 404)
            #expect(try await router.get("/data/wow/realm/index?namespace=static-eu", token: token).status == 404)
            #expect(try await router.get("/data/wow/keystone-affix/index?namespace=dynamic-eu", token: token).status == 404)
            let affixes = try await router.get("/data/wow/keystone-affix/index?namespace=static-eu", token: token)
            #expect(affixes.status == 200)
            #expect(affixes.headers.contains { $0.name.lowercased() == "battlenet-namespace" && $0.value.hasPrefix("static-") })
            #expect(try await router.get("/data/wow/token/index?namespace=dynamic-eu", token: nil).status == 401)
            #expect(WoWDataEndpoint.keystoneAffixIndex.namespace(.classicAnniversary, .eu) == "static-classicann-eu")
            #expect(WoWDataEndpoint.tokenIndex.namespace(.classicEra, .us) == "dynamic-classic1x-us")
        }
    }
}
