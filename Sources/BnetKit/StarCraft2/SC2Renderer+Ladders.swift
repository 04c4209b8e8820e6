import BattleNetStarCraft2
import Foundation

/// StarCraft II's ladders: a profile's summary and one ladder, the grandmaster board, the season, a league.
extension SC2Renderer {
    /// A profile's ladder summary: the showcase, placement matches, and every ladder it is on.
    public func ladderSummary(_ summary: SC2LadderSummary) -> String {
        var lines = [style.bold("Ladder summary")]
        if summary.showCaseEntries.isEmpty, summary.placementMatches.isEmpty, summary.allLadderMemberships.isEmpty {
            return lines[0] + "\n  no ladder games this season\n"
        }
        if !summary.showCaseEntries.isEmpty {
            var table = TextTable(headers: ["Ladder", "Mode", "League", "Division", "Rank", "Wins", "Losses"],
                rightAligned: [4, 5, 6])
            table.rows = summary.showCaseEntries.map {
                [$0.ladderID ?? "", $0.team?.localizedGameMode ?? "", $0.leagueName ?? "", $0.localizedDivisionName ?? "",
                 $0.rank.map(String.init) ?? "-", String($0.wins ?? 0), String($0.losses ?? 0)]
            }
            lines += [""] + self.table("Showcase:", table)
        }
        if !summary.placementMatches.isEmpty {
            var table = TextTable(headers: ["Mode", "Games left"], rightAligned: [1])
            table.rows = summary.placementMatches.map { [$0.localizedGameMode ?? "", String($0.gamesRemaining ?? 0)] }
            lines += [""] + self.table("Placement matches:", table)
        }
        lines += [""] + self.table("Ladders (show one with its id as LADDER):", memberships(summary.allLadderMemberships))
        return lines.joined(separator: "\n") + "\n"
    }

    /// One ladder of a profile: its league, its teams, and the profile's other ladders.
    public func ladder(_ ladder: SC2ProfileLadder) -> String {
        var lines = [style.bold("\(Self.league(ladder.league)) ladder, \(ladder.ladderTeams.count) teams")]
        lines += [""] + teams(ladder.ladderTeams).render(indent: "  ", width: width, headerStyle: style.dim)
        if !ladder.allLadderMemberships.isEmpty {
            lines += [""] + self.table("Ladders of the profile:", memberships(ladder.allLadderMemberships))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The grandmaster board of a region.
    public func grandmaster(_ board: SC2GrandmasterLeaderboard, region: Int) -> String {
        ([style.bold("Grandmaster, \(Self.regionName(region)): \(board.ladderTeams.count) players")]
            + teams(board.ladderTeams).render(width: width, headerStyle: style.dim))
            .joined(separator: "\n") + "\n"
    }

    /// The current season.
    public func season(_ season: SC2Season, region: Int) -> String {
        var fields = [("Season id", String(season.seasonID))]
        if let number = season.number, let year = season.year { fields.append(("Season", "\(year) season \(number)")) }
        if let start = season.start { fields.append(("Started", Formatting.minute(start, timeZone: timeZone))) }
        if let end = season.end { fields.append(("Ends", Formatting.minute(end, timeZone: timeZone))) }
        return self.fields("StarCraft II season, \(Self.regionName(region))", fields)
    }

    /// A league: each tier and its divisions.
    public func league(_ league: SC2League) -> String {
        let key = league.key
        let title = "League \(key?.leagueID.map(String.init) ?? "?") of season \(key?.seasonID.map(String.init) ?? "?"), "
            + "queue \(key?.queueID.map(String.init) ?? "?"), team type \(key?.teamType.map(String.init) ?? "?")"
        var table = TextTable(headers: ["Tier", "Division", "Ladder", "Members"], rightAligned: [0, 1, 2, 3])
        table.rows = league.tier.flatMap { tier in
            (tier.division ?? []).map {
                [String(tier.id + 1), String($0.id), $0.ladderID.map(String.init) ?? "", String($0.memberCount ?? 0)]
            }
        }
        return ([style.bold(title)] + table.render(indent: "  ", width: width, headerStyle: style.dim))
            .joined(separator: "\n") + "\n"
    }

    private func memberships(_ memberships: [SC2LadderMembership]) -> TextTable {
        var table = TextTable(headers: ["Ladder", "Mode", "Rank"], rightAligned: [2])
        table.rows = memberships.map { [$0.ladderID, $0.localizedGameMode ?? "", $0.rank.map(String.init) ?? "-"] }
        return table
    }

    private func teams(_ teams: [SC2LadderTeam]) -> TextTable {
        var table = TextTable(headers: ["#", "Player", "Race", "MMR", "Points", "Wins", "Losses"],
            rightAligned: [0, 3, 4, 5, 6])
        table.rows = teams.enumerated().map { index, team in
            let names = team.teamMembers.map { member in
                (member.clanTag.map { $0.isEmpty ? "" : "[\($0)] " } ?? "") + (member.displayName ?? member.id)
            }
            return [String(index + 1), names.joined(separator: ", "),
                    team.teamMembers.compactMap(\.favoriteRace).joined(separator: ", "),
                    team.mmr.map(String.init) ?? "", String(team.points ?? 0), String(team.wins ?? 0),
                    String(team.losses ?? 0)]
        }
        return table
    }
}
