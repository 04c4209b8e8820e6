import Foundation
import Testing
@testable import BattleNet
@testable import BattleNetDiablo3

@Suite("Diablo III game data models", .timeLimit(.minutes(2)))
struct D3GameDataTests {
    @Test("The recorded season and era indexes decode their ids and current entry", arguments: [
        ("d3_season_index_rbattlenet_vcr.json", D3LadderKind.season, 19),
        ("d3_data_season_index_rbattlenet_vcr_2019.json", .season, 19),
        ("d3_era_index_rbattlenet_vcr.json", .era, 12),
        ("d3_data_era_index_rbattlenet_vcr_2019.json", .era, 12),
    ])
    func indexes(name: String, kind: D3LadderKind, current: Int) throws {
        let index = try decodeSample(D3LadderIndex.self, name)
        #expect(index.kind == kind)
        #expect(index.current == current)
        #expect(index.ids.first == 1)
        #expect(index.ids.last == current)
        #expect(index.lastUpdateTime == "Sat, 21 Dec 2019 15:41:00 UTC")
        #expect(try roundTrip(index) == index)
    }

    @Test("The recorded season lists its boards by id; the era its start date and classes")
    func ladders() throws {
        let season = try decodeSample(D3Ladder.self, "d3_season_1_rbattlenet_vcr.json")
        #expect(season.kind == .season)
        #expect(season.id == 1)
        #expect(season.leaderboards.first?.board == "achievement-points")
        #expect(season.leaderboards.contains { $0.board == "74987245615154" })
        #expect(season.leaderboards.first { $0.board == "rift-team-2" }?.teamSize == 2)
        #expect(try roundTrip(season) == season)
        let era = try decodeSample(D3Ladder.self, "d3_era_1_rbattlenet_vcr.json")
        #expect(era.kind == .era)
        #expect(era.startDate == Date(timeIntervalSince1970: 1_409_011_200))
        #expect(era.leaderboards.first { $0.board == "rift-wd" }?.heroClass == "wd")
        #expect(try roundTrip(era) == era)
    }

    @Test("A season without leaderboards or dates, and an index without a current season, decode")
    func sparseLadders() throws {
        let season = try decode(D3Ladder.self, json: #"{"season_id":31,"start_date":1700000000,"extra":{}}"#)
        #expect(season.leaderboards.isEmpty)
        #expect(season.startDate == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(season.endDate == nil)
        let index = try decode(D3LadderIndex.self, json: #"{"season":[{"href":"https://x/data/d3/season/30?namespace=2-6-US"}]}"#)
        #expect(index.ids == [30])
        #expect(index.current == nil)
    }

    @Test("The recorded era rift board has ranks, rift levels, times and players")
    func eraLeaderboard() throws {
        let board = try decodeSample(D3Leaderboard.self, "d3_era_leaderboard_1_rift-wd_rbattlenet_vcr.json")
        #expect(board.title == "Witch Doctor Greater Rift")
        #expect(board.era == 1)
        #expect(board.greaterRift)
        #expect(board.rows.count == 40)
        let first = try #require(board.rows.first)
        #expect(first.rank == 1)
        #expect(first.riftLevel == 49)
        #expect(first.riftTime == .milliseconds(829_033))
        #expect(first.completedTime == Date(timeIntervalSince1970: 1_422_545_252))
        let player = try #require(first.players.first)
        #expect(player.battleTag == "Wolo#2434")
        #expect(player.heroClass == "witch doctor")
        #expect(player.paragonLevel == 1015)
        #expect(player.clanTag == "Tigres")
        #expect(player.heroID == 42_527_447)
        #expect(try roundTrip(board) == board)
    }

    @Test("The recorded conquest board has no rift columns")
    func conquestLeaderboard() throws {
        let board = try decodeSample(
            D3Leaderboard.self, "d3_season_leaderboard_1_74987245615154_rbattlenet_vcr.json")
        #expect(board.title == "Death Gets Got")
        #expect(board.season == 1)
        #expect(board.conquest)
        #expect(board.conquestDescription == "Kill Malthael at max level on Torment VI.")
        #expect(board.rows.first?.riftLevel == nil)
        #expect(board.rows.first?.battleTag == "Baffled#2498")
        #expect(board.rows.first?.players.first?.paragonLevel == 22)
    }

    @Test("A team board with several players and float numbers, and an empty board, decode")
    func otherBoards() throws {
        let board = try decode(D3Leaderboard.self, json: #"""
            {"title":"Greater Rift 4 Players","greater_rift":true,"greater_rift_team_size":4,"season":30,
             "row":[{"order":1,"data":[{"id":"Rank","number":1.0},{"id":"RiftLevel","number":150},
               {"id":"RiftTime","timestamp":600000},{"id":"NewColumn","string":"x"}],
              "player":[{"data":[{"id":"HeroBattleTag","string":"A#1"},{"id":"ParagonLevel","number":4000}]},
                        {"data":[{"id":"HeroBattleTag","string":"B#2"}]}, null]}, null]}
            """#)
        #expect(board.greaterRiftTeamSize == 4)
        let row = try #require(board.rows.first)
        #expect(board.rows.count == 1)
        #expect(row.rank == 1)
        #expect(row.riftTime == .seconds(600))
        #expect(row.players.map(\.battleTag) == ["A#1", "B#2"])
        #expect(row.players.last?.paragonLevel == nil)
        #expect(try roundTrip(board) == board)
        let empty = try decode(D3Leaderboard.self, json: #"{"title":"Empty"}"#)
        #expect(empty.rows.isEmpty)
    }
}
