import BattleNet
import BattleNetEmulator
import BattleNetStarCraft2
import Foundation
import Testing

@Suite("StarCraft II ladders, grandmaster board, season and league data", .timeLimit(.minutes(2)))
struct SC2LadderTests {
    static let summary = "sc2_ladder-summary_2-1-2137104-2019_rbattlenet-vcr.json"
    static let ladder = "sc2_profile-ladder_2-1-2137104-ladder2200-2019_rbattlenet-vcr.json"
    static let grandmaster = "sc2_grandmaster-leaderboard_region2-2019_rbattlenet-vcr.json"
    static let league = "sc2_league_37-201-0-6-2019_rbattlenet-vcr.json"
    static let season = "sc2_season_region2-2019_rbattlenet-vcr.json"

    @Test("The models decode every recording: empty summary and ladder, 189 grandmasters, a league, a season")
    func recordings() throws {
        let summary = try JSONDecoder().decode(SC2LadderSummary.self, from: sample(Self.summary))
        #expect(summary == SC2LadderSummary())
        let ladder = try JSONDecoder().decode(SC2ProfileLadder.self, from: sample(Self.ladder))
        #expect(ladder.ladderTeams.isEmpty && ladder.ranksAndPools.isEmpty && ladder.league == nil)
        let board = try JSONDecoder().decode(SC2GrandmasterLeaderboard.self, from: sample(Self.grandmaster))
        #expect(board.ladderTeams.count == 189)
        let first = try #require(board.ladderTeams.first)
        #expect(first.mmr == 6983 && first.points == 1496 && first.wins == 36 && first.joinTimestamp == 1_576_180_775)
        #expect(first.teamMembers == [SC2LadderTeam.Member(
            id: "4730741", realm: 1, region: 2, displayName: "IlIlIlIlIlIl", favoriteRace: "protoss")])
        #expect(board.ladderTeams.filter { $0.teamMembers.first?.clanTag != nil }.count == 98)
        let league = try JSONDecoder().decode(SC2League.self, from: sample(Self.league))
        #expect(league.key == SC2League.Key(leagueID: 6, seasonID: 37, queueID: 201, teamType: 0))
        #expect(league.tier.first?.division?.first == SC2League.Tier.Division(id: 1, ladderID: 207_508, memberCount: 186))
        #expect(league.links?.current?.href.hasSuffix("namespace=prod") == true)
        let season = try JSONDecoder().decode(SC2Season.self, from: sample(Self.season))
        #expect(season.seasonID == 42 && season.number == 4 && season.year == 2019)
        #expect(season.start == Date(timeIntervalSince1970: 1_574_819_530) && season.endTimestamp == 1_579_759_200)
        #expect(try JSONDecoder().decode(SC2Season.self, from: JSONEncoder().encode(season)) == season)
    }

    @Test("Lenient: numbers for strings, missing lists, documented summary entries")
    func lenient() throws {
        let season = try JSONDecoder().decode(SC2Season.self, from: Data(#"{"seasonId":60,"startDate":1700000000}"#.utf8))
        #expect(season.startTimestamp == 1_700_000_000 && season.endTimestamp == nil && season.year == nil)
        let member = try JSONDecoder().decode(SC2LadderTeam.Member.self, from: Data(#"{"id":4730741}"#.utf8))
        #expect(member.id == "4730741" && member.displayName == nil)
        #expect(try JSONDecoder().decode(SC2GrandmasterLeaderboard.self, from: Data("{}".utf8)).ladderTeams.isEmpty)
        let summary = try JSONDecoder().decode(SC2LadderSummary.self, from: Data(#"""
            {"showCaseEntries":[{"ladderId":"301001","team":{"localizedGameMode":"1v1","members":[{"favoriteRace":"zerg",
            "name":"Serral","playerId":"1","region":2}]},"leagueName":"GRANDMASTER","rank":1,"wins":90,"losses":10}],
            "allLadderMemberships":[{"ladderId":301001,"localizedGameMode":"1v1 Grandmaster","rank":1}]}
            """#.utf8))
        #expect(summary.showCaseEntries.first?.team?.members?.first?.name == "Serral")
        #expect(summary.allLadderMemberships.first?.ladderID == "301001" && summary.placementMatches.isEmpty)
    }

    @Test("The emulator: recordings byte for byte, a ladder for its own profiles, every region's board and season")
    func emulator() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.oauth.clientCredentialsToken()
            let sc2 = StarCraft2Client(
                region: .eu, apiBaseURL: EmulatorRouter.baseURL, tokens: StaticTokenSource(token), transport: router)
            let recordings: [(SC2Endpoint, String)] = [
                (.ladderSummary(regionID: 2, realmID: 1, profileID: "2137104"), Self.summary),
                (.ladder(regionID: 2, realmID: 1, profileID: "2137104", ladderID: 2200), Self.ladder),
                (.grandmaster(regionID: 2), Self.grandmaster), (.season(regionID: 2), Self.season),
                (.league(seasonID: 37, queueID: 201, teamType: 0, leagueID: 6), Self.league),
            ]
            for (endpoint, name) in recordings {
                #expect(try await sc2.data(endpoint) == sample(name), "\(endpoint)")
            }
            let player = try await router.playerToken(scopes: ["openid", "sc2.profile"])
            let accountID = try await router.oauth.userInfo(accessToken: player.value).id
            let mine = try await StarCraft2Client(
                region: .eu, apiBaseURL: EmulatorRouter.baseURL, tokens: StaticTokenSource(player), transport: router
            ).profiles(accountID: accountID)
            for entry in mine {
                let summary = try await sc2.ladderSummary(
                    regionID: entry.regionID, realmID: entry.realmID, profileID: entry.profileID)
                let membership = try #require(summary.allLadderMemberships.first)
                #expect(summary.showCaseEntries.first?.team?.members?.first?.playerID == entry.profileID)
                let ladder = try await sc2.ladder(
                    regionID: entry.regionID, realmID: entry.realmID, profileID: entry.profileID,
                    ladderID: try #require(Int(membership.ladderID)))
                #expect(ladder.ladderTeams.contains { $0.teamMembers.first?.id == entry.profileID })
                #expect(ladder.ranksAndPools.first?.rank == membership.rank)
            }
            let americas = try await sc2.grandmaster(regionID: 1)
            #expect(americas.ladderTeams.count == 189 && americas.ladderTeams.allSatisfy { $0.teamMembers.allSatisfy { $0.region == 1 } })
            #expect(try await sc2.season(regionID: 3).seasonID == 42)
            let bronze = try await sc2.league(seasonID: 60, queueID: 202, teamType: 1, leagueID: 0)
            #expect(bronze.key?.seasonID == 60 && bronze.key?.queueID == 202 && bronze.tier.count == 3)
            await #expect(throws: BattleNetError.notFound("The grandmaster leaderboard of region 4")) {
                try await sc2.grandmaster(regionID: 4)
            }
            await #expect(throws: BattleNetError.notFound("The StarCraft II league 60/999/0/0")) {
                try await sc2.league(seasonID: 60, queueID: 999, teamType: 0, leagueID: 0)
            }
            await #expect(throws: BattleNetError.notFound("The ladder 1 of StarCraft II profile 2/1/2137104")) {
                try await sc2.ladder(regionID: 2, realmID: 1, profileID: "2137104", ladderID: 1)
            }
            let gone = try await router.get("/sc2/ladder/season/9", token: token)
            #expect(gone.status == 404 && gone.body.isEmpty)
        }
    }
}
