import BattleNet
import BattleNetEmulator
import BattleNetStarCraft2
import Foundation
import Testing

@Suite("StarCraft II models and client", .timeLimit(.minutes(2)))
struct SC2Tests {
    static let player = "sc2_player_acct2137104-rigs-2019_rbattlenet-vcr.json"
    static let profile = "sc2_profile_2-1-2137104-katarn-2019_rbattlenet-vcr.json"

    @Test("The recorded account lookup decodes: a top-level array, profileId a string")
    func playerRecording() throws {
        let profiles = try JSONDecoder().decode([SC2PlayerProfile].self, from: sample(Self.player))
        #expect(profiles == [SC2PlayerProfile(
            name: "Rigs", profileURL: "https://www.starcraft2.com/profile/1/1/1235050",
            avatarURL: "https://static.starcraft2.com/starport/d0e7c831-18ab-4cd6-adc7-9d4a28f49ec7/portraits/0-5.jpg",
            profileID: "1235050", regionID: 1, realmID: 1)])
        #expect(try JSONDecoder().decode([SC2PlayerProfile].self, from: Data("[]".utf8)).isEmpty)
    }

    @Test("The recorded 250 KB profile decodes, with the 'never' completion date past Int64, and round-trips")
    func profileRecording() throws {
        let profile = try JSONDecoder().decode(SC2Profile.self, from: sample(Self.profile))
        #expect(profile.summary?.displayName == "katarn" && profile.summary?.id == "2137104")
        #expect(profile.snapshot?.seasonSnapshot["1v1"]?.rank == -1)
        #expect(profile.snapshot?.seasonSnapshot["1v1"]?.leagueName == nil)
        #expect(profile.swarmLevels?.terran?.currentLevelPoints == 47479)
        #expect(profile.campaign?.difficultyCompleted.isEmpty == true)
        #expect(profile.categoryPointProgress?.count == 8)
        let achievements = try #require(profile.earnedAchievements)
        #expect(achievements.contains { $0.completedAt == nil && $0.inProgress == true })
        #expect(achievements.first?.completedAt == Date(timeIntervalSince1970: 1_368_973_017))
        #expect(achievements.contains { $0.criteria?.contains { $0.earned?.quantity == 1 } == true })
        #expect(profile.earnedRewards?.contains { $0.achievementID == "91475320768611" } == true)
        let again = try JSONDecoder().decode(SC2Profile.self, from: JSONEncoder().encode(profile))
        #expect(again == profile)
    }

    @Test("The emulator serves the recordings byte for byte, and generated profiles for its players")
    func emulator() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.playerToken(scopes: ["openid", "sc2.profile"])
            let sc2 = StarCraft2Client(
                region: .eu, apiBaseURL: EmulatorRouter.baseURL, tokens: StaticTokenSource(token), transport: router)
            #expect(try await sc2.data(.player(accountID: EmulatorGames.recordedSC2AccountID)) == sample(Self.player))
            #expect(try await sc2.data(.profile(regionID: 2, realmID: 1, profileID: "2137104")) == sample(Self.profile))
            let accountID = try await router.oauth.userInfo(accessToken: token.value).id
            let mine = try await sc2.profiles(accountID: accountID)
            #expect(mine.count == 2 && mine.allSatisfy { $0.name == "FaYe" })
            for entry in mine {
                let profile = try await sc2.profile(regionID: entry.regionID, realmID: entry.realmID, profileID: entry.profileID)
                #expect(profile.summary?.displayName == "FaYe" && profile.career?.totalCareerGames == 640)
            }
            // The recorded lookup's own profile is generated from its entry.
            #expect(try await sc2.profile(regionID: 1, realmID: 1, profileID: "1235050").summary?.displayName == "Rigs")
            #expect(try await sc2.profiles(accountID: 42).isEmpty)
            await #expect(throws: BattleNetError.notFound("The StarCraft II profile 1/1/999")) {
                try await sc2.profile(regionID: 1, realmID: 1, profileID: "999")
            }
            let miss = try await router.get("/sc2/profile/1/1/999", token: token)
            #expect(miss.status == 404 && miss.body.isEmpty)
            let headers = try await router.get("/sc2/player/\(accountID)", token: token).headers
            #expect(headers.contains { $0.name.lowercased() == "content-type" && $0.value == "application/json; charset=utf-8" })
        }
    }
}
