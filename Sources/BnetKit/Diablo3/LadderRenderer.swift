import BattleNet
import BattleNetDiablo3
import Foundation

extension DataRenderer {
    /// The seasons or eras and which is current.
    public func render(_ index: D3LadderIndex) -> String {
        let noun = index.kind == .season ? "Season" : "Era"
        return document("\(noun)s", [
            fields([
                ("Current", index.current.map(String.init)), ("Service", index.serviceState),
                ("Updated", index.lastUpdateTime),
            ]),
            section("\(noun)s", [noun, "Command"], rightAligned: [0], index.ids.map {
                [String($0), program.diablo3("\(index.kind.rawValue) \($0)")]
            }),
        ])
    }

    /// A season or era and its leaderboards.
    public func render(_ ladder: D3Ladder) -> String {
        let noun = ladder.kind == .season ? "Season" : "Era"
        return document("\(noun) \(ladder.id)", [
            fields([
                ("Started", ladder.startDate.map { Formatting.day($0, timeZone: timeZone) }),
                ("Ended", ladder.endDate.map { Formatting.day($0, timeZone: timeZone) }),
                ("Updated", ladder.lastUpdateTime),
            ]),
            section("Leaderboards", ["Board", "Team", "Class", "Hardcore"], rightAligned: [1],
                ladder.leaderboards.map {
                    [$0.board, $0.teamSize.map(String.init) ?? "", $0.heroClass ?? "", $0.hardcore ? "yes" : ""]
                }),
        ])
    }

    /// A leaderboard's rows: rank (a tied row, sent without one, shows the rank it shares), rift level, time,
    /// completion and players with class and paragon.
    public func render(_ board: D3Leaderboard) -> String {
        let rift = board.rows.contains { $0.riftLevel != nil }
        let headers = ["Rank"] + (rift ? ["Rift", "Time"] : []) + ["Completed", "Players"]
        var tied = ""
        let rows = board.rows.map { row -> [String] in
            let rank: String = row.rank.map(String.init) ?? tied
            tied = rank
            let level: String = row.riftLevel.map(String.init) ?? ""
            let time: String = row.riftTime.map(Self.duration) ?? ""
            let completed: String = row.completedTime.map { Formatting.minute($0, timeZone: timeZone) } ?? ""
            let players: String = row.players.map(Self.player).joined(separator: ", ")
            return rift ? [rank, level, time, completed, players] : [rank, completed, players]
        }
        let scope = [board.season.map { "season \($0)" }, board.era.map { "era \($0)" }].compactMap { $0 }
        return document(board.title, [
            fields([
                ("Board", scope.first), ("Conquest", board.conquestDescription), ("Updated", board.lastUpdateTime),
            ]),
            section("Rows", headers, rightAligned: rift ? [0, 1, 2] : [0], rows),
        ])
    }

    /// `Name#1234 (demon hunter, paragon 22)`.
    static func player(_ player: D3LeaderboardPlayer) -> String {
        let details = [player.heroClass, player.paragonLevel.map { "paragon \($0)" }].compactMap { $0 }
        return (player.battleTag ?? "(hidden)") + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
    }

    /// `13:49.033` (minutes, seconds, milliseconds).
    static func duration(_ duration: Duration) -> String {
        let milliseconds = Int(duration.components.seconds) * 1000
            + Int(duration.components.attoseconds / 1_000_000_000_000_000)
        let minutes = milliseconds / 60_000
        let seconds = milliseconds / 1000 % 60
        return "\(minutes):" + (seconds < 10 ? "0" : "") + "\(seconds)." + String(format: "%03d", milliseconds % 1000)
    }
}
