import BattleNetStarCraft2
import Foundation

/// Renders StarCraft II profiles as text. Every text from Battle.net goes through ``TerminalText/line(_:)``.
public struct SC2Renderer: TextRenderer {
    /// How it lays text out.
    public var format: TextFormat

    /// Creates a renderer; plain text, UTC dates and 100 columns by default.
    public init(_ format: TextFormat = TextFormat()) {
        self.format = format
    }

    /// The names given to StarCraft II's region ids.
    public static func regionName(_ id: Int) -> String {
        [1: "Americas", 2: "Europe", 3: "Korea", 5: "China"][id] ?? "region \(id)"
    }

    /// An account's profiles, with the `bnet sc2 profile` arguments of each.
    public func profiles(_ profiles: [SC2PlayerProfile]) -> String {
        guard !profiles.isEmpty else { return "No StarCraft II profiles on this account.\n" }
        var table = TextTable(headers: ["Name", "Region", "Realm", "Profile", "Show with"])
        table.rows = profiles.map {
            [$0.name, Self.regionName($0.regionID), String($0.realmID), $0.profileID,
             "bnet sc2 profile \($0.regionID) \($0.realmID) \($0.profileID)"]
        }
        return table.render(width: width, headerStyle: style.dim).joined(separator: "\n") + "\n"
    }

    /// One profile: summary, career and this season's ladder.
    public func profile(_ profile: SC2Profile) -> String {
        let summary = profile.summary
        var title = summary?.displayName ?? "?"
        if let tag = summary?.clanTag, !tag.isEmpty { title = "[\(tag)] " + title }
        var lines = [style.bold(style.cyan(TerminalText.line(title)))]
        var fields: [(String, String)] = []
        if let level = profile.swarmLevels {
            let races = [("Terran", level.terran), ("Zerg", level.zerg), ("Protoss", level.protoss)]
                .map { "\($0.0) \($0.1?.level ?? 0)" }
            fields.append(("Level", "\(level.level ?? summary?.totalSwarmLevel ?? 0) (" + races.joined(separator: ", ") + ")"))
        }
        if let points = summary?.totalAchievementPoints { fields.append(("Achievements", Formatting.grouped(points))) }
        if let career = profile.career {
            fields.append(("Games", "\(Formatting.grouped(career.totalCareerGames ?? 0)) in total, "
                + "\(career.totalGamesThisSeason ?? 0) this season"))
            fields.append(("Wins", "Terran \(career.terranWins ?? 0), Zerg \(career.zergWins ?? 0), "
                + "Protoss \(career.protossWins ?? 0)"))
            fields.append(("1v1 league", Self.league(career.current1v1LeagueName)
                + (career.best1v1Finish?.leagueName.map { " (best \(Self.league($0)))" } ?? "")))
        }
        if let campaign = profile.campaign, !campaign.difficultyCompleted.isEmpty {
            fields.append(("Campaigns", campaign.difficultyCompleted.sorted { $0.key < $1.key }
                .map { "\($0.key) \($0.value.lowercased())" }.joined(separator: ", ")))
        }
        lines += fields.map { "  " + Formatting.padded($0.0, to: 14) + TerminalText.line($0.1) }
        let modes = ["1v1", "2v2", "3v3", "4v4", "Archon"]
        if let season = profile.snapshot?.seasonSnapshot, !season.isEmpty {
            var table = TextTable(headers: ["Mode", "League", "Rank", "Games", "Wins"], rightAligned: [2, 3, 4])
            let names = modes.filter { season[$0] != nil } + season.keys.filter { !modes.contains($0) }.sorted()
            table.rows = names.map { mode in
                let standing = season[mode]!
                let rank = standing.rank.map { $0 < 0 ? "-" : String($0) } ?? "-"
                return [mode, Self.league(standing.leagueName), rank, String(standing.totalGames ?? 0),
                        String(standing.totalWins ?? 0)]
            }
            lines += ["", "This season:"] + table.render(indent: "  ", width: width, headerStyle: style.dim)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func league(_ name: String?) -> String {
        guard let name, !name.isEmpty else { return "unranked" }
        return name.prefix(1) + name.dropFirst().lowercased()
    }
}
