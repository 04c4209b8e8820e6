import Foundation

/// The ladder endpoints (any token): a profile's ladders, a region's grandmaster board and season, and league data.
/// Each has a raw form: ``StarCraft2Client/data(_:)`` with the matching ``SC2Endpoint``.
extension StarCraft2Client {
    /// The ladders a profile plays this season, with its showcase entries.
    public func ladderSummary(regionID: Int, realmID: Int, profileID: String) async throws -> SC2LadderSummary {
        try await get(.ladderSummary(regionID: regionID, realmID: realmID, profileID: profileID), as: SC2LadderSummary.self)
    }

    /// One ladder a profile is on: its teams, and the ranks and bonus pools.
    public func ladder(regionID: Int, realmID: Int, profileID: String, ladderID: Int) async throws -> SC2ProfileLadder {
        try await get(
            .ladder(regionID: regionID, realmID: realmID, profileID: profileID, ladderID: ladderID), as: SC2ProfileLadder.self)
    }

    /// The region's grandmaster 1v1 leaderboard.
    public func grandmaster(regionID: Int) async throws -> SC2GrandmasterLeaderboard {
        try await get(.grandmaster(regionID: regionID), as: SC2GrandmasterLeaderboard.self)
    }

    /// The region's current season.
    public func season(regionID: Int) async throws -> SC2Season {
        try await get(.season(regionID: regionID), as: SC2Season.self)
    }

    /// A league's tiers and their divisions' ladders. `queueID`: 201 for 1v1 (LotV), 202-204 for team games;
    /// `teamType` 0 arranged, 1 random; `leagueID` 0 Bronze … 6 Grandmaster.
    public func league(seasonID: Int, queueID: Int, teamType: Int, leagueID: Int) async throws -> SC2League {
        try await get(.league(seasonID: seasonID, queueID: queueID, teamType: teamType, leagueID: leagueID), as: SC2League.self)
    }
}
