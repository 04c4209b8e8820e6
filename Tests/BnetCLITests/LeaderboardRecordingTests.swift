import BattleNet
import BattleNetDiablo3
import Foundation
import Testing

/// The emulator embeds the recorded leaderboards trimmed to 40 rows; the full recordings (about 1.2 MB each, as
/// Blizzard sent them) are decoded here, so that the models still read real answers of full size.
@Suite("Full leaderboard recordings", .timeLimit(.minutes(2)))
struct LeaderboardRecordingTests {
    private func recording(_ name: String) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Golden/FullRecordings"))
        return try Data(contentsOf: url)
    }

    @Test("The era rift board decodes every one of its 1,963 rows")
    func eraBoard() throws {
        let data = try recording("d3_era_leaderboard_1_rift-wd_rbattlenet_vcr.json")
        #expect(data.count == 1_200_116)
        let board = try JSONDecoder().decode(D3Leaderboard.self, from: data)
        #expect(board.rows.count == 1963)
        #expect(board.rows.first?.rank == 1)
        #expect(board.rows.allSatisfy { $0.rank != nil && $0.riftLevel != nil && !$0.players.isEmpty })
    }

    @Test("The season conquest board decodes every one of its 1,990 rows")
    func conquestBoard() throws {
        let data = try recording("d3_season_leaderboard_1_74987245615154_rbattlenet_vcr.json")
        #expect(data.count == 1_274_992)
        let board = try JSONDecoder().decode(D3Leaderboard.self, from: data)
        #expect(board.rows.count == 1990)
        #expect(board.conquest)
        #expect(board.rows.first?.battleTag == "Baffled#2498")
        #expect(board.rows.allSatisfy { $0.riftLevel == nil })
    }
}
