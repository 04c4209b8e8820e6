import Foundation

/// A StarCraft II profile, `GET /sc2/profile/{regionId}/{realmId}/{profileId}`: summary, ladder snapshot,
/// career, swarm levels, campaign, achievements and rewards. Every part is optional, as profiles that never played
/// a mode leave parts out; the raw answer (``StarCraft2Client/data(_:)``) has every field.
public struct SC2Profile: Codable, Hashable, Sendable {
    /// Name, portrait, clan and totals.
    public var summary: SC2ProfileSummary?
    /// This season's ladder standing per mode.
    public var snapshot: SC2Snapshot?
    /// Wins, games and best finishes.
    public var career: SC2Career?
    /// Levels per race.
    public var swarmLevels: SC2SwarmLevels?
    /// The hardest difficulty each campaign was completed on.
    public var campaign: SC2Campaign?
    /// Achievement points per category.
    public var categoryPointProgress: [SC2CategoryPoints]?
    /// The achievement ids the player shows off.
    public var achievementShowcase: [String]?
    /// Rewards (portraits, decals, skins) earned.
    public var earnedRewards: [SC2Reward]?
    /// Achievements earned or in progress.
    public var earnedAchievements: [SC2Achievement]?

    /// Creates a profile.
    public init(
        summary: SC2ProfileSummary? = nil, snapshot: SC2Snapshot? = nil, career: SC2Career? = nil,
        swarmLevels: SC2SwarmLevels? = nil, campaign: SC2Campaign? = nil,
        categoryPointProgress: [SC2CategoryPoints]? = nil, achievementShowcase: [String]? = nil,
        earnedRewards: [SC2Reward]? = nil, earnedAchievements: [SC2Achievement]? = nil
    ) {
        self.summary = summary
        self.snapshot = snapshot
        self.career = career
        self.swarmLevels = swarmLevels
        self.campaign = campaign
        self.categoryPointProgress = categoryPointProgress
        self.achievementShowcase = achievementShowcase
        self.earnedRewards = earnedRewards
        self.earnedAchievements = earnedAchievements
    }

    enum CodingKeys: String, CodingKey {
        case summary, snapshot, career, swarmLevels, campaign, categoryPointProgress, achievementShowcase
        case earnedRewards, earnedAchievements
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        summary = try container.decodeIfPresent(SC2ProfileSummary.self, forKey: .summary)
        snapshot = try container.decodeIfPresent(SC2Snapshot.self, forKey: .snapshot)
        career = try container.decodeIfPresent(SC2Career.self, forKey: .career)
        swarmLevels = try container.decodeIfPresent(SC2SwarmLevels.self, forKey: .swarmLevels)
        campaign = try container.decodeIfPresent(SC2Campaign.self, forKey: .campaign)
        categoryPointProgress = try container.decodeIfPresent([SC2CategoryPoints].self, forKey: .categoryPointProgress)
        // Its entries were never seen filled; ids are kept when they are strings or numbers.
        achievementShowcase = try container.decodeIfPresent([SC2FlexibleID].self, forKey: .achievementShowcase)?
            .map(\.value)
        earnedRewards = try container.decodeIfPresent([SC2Reward].self, forKey: .earnedRewards)
        earnedAchievements = try container.decodeIfPresent([SC2Achievement].self, forKey: .earnedAchievements)
    }
}

/// An id sent as a string or a number.
struct SC2FlexibleID: Decodable {
    var value: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else if let number = try? container.decode(Int64.self) {
            value = String(number)
        } else {
            value = ""
        }
    }
}

/// A profile's name, portrait and totals.
public struct SC2ProfileSummary: Codable, Hashable, Sendable {
    /// The profile id (a string).
    public var id: String
    /// The realm id.
    public var realm: Int?
    /// The display name.
    public var displayName: String
    /// The clan's name, for clan members.
    public var clanName: String?
    /// The clan's tag, for clan members.
    public var clanTag: String?
    /// The portrait image.
    public var portrait: String?
    /// The Terran decal image.
    public var decalTerran: String?
    /// The Protoss decal image.
    public var decalProtoss: String?
    /// The Zerg decal image.
    public var decalZerg: String?
    /// The sum of the race levels.
    public var totalSwarmLevel: Int?
    /// Achievement points.
    public var totalAchievementPoints: Int?

    /// Creates a summary.
    public init(
        id: String, realm: Int? = nil, displayName: String, clanName: String? = nil, clanTag: String? = nil,
        portrait: String? = nil, decalTerran: String? = nil, decalProtoss: String? = nil, decalZerg: String? = nil,
        totalSwarmLevel: Int? = nil, totalAchievementPoints: Int? = nil
    ) {
        self.id = id
        self.realm = realm
        self.displayName = displayName
        self.clanName = clanName
        self.clanTag = clanTag
        self.portrait = portrait
        self.decalTerran = decalTerran
        self.decalProtoss = decalProtoss
        self.decalZerg = decalZerg
        self.totalSwarmLevel = totalSwarmLevel
        self.totalAchievementPoints = totalAchievementPoints
    }
}

/// The season's ladder standing per mode (`1v1`, `2v2`, `3v3`, `4v4`, `Archon`).
public struct SC2Snapshot: Codable, Hashable, Sendable {
    /// Standing by mode name.
    public var seasonSnapshot: [String: SC2ModeStanding]
    /// Ranked games this season over every mode.
    public var totalRankedSeasonGamesPlayed: Int?

    /// Creates a snapshot.
    public init(seasonSnapshot: [String: SC2ModeStanding] = [:], totalRankedSeasonGamesPlayed: Int? = nil) {
        self.seasonSnapshot = seasonSnapshot
        self.totalRankedSeasonGamesPlayed = totalRankedSeasonGamesPlayed
    }

    enum CodingKeys: String, CodingKey {
        case seasonSnapshot, totalRankedSeasonGamesPlayed
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seasonSnapshot = try container.decodeIfPresent([String: SC2ModeStanding].self, forKey: .seasonSnapshot) ?? [:]
        totalRankedSeasonGamesPlayed = try container.decodeIfPresent(Int.self, forKey: .totalRankedSeasonGamesPlayed)
    }
}

/// One mode's standing this season.
public struct SC2ModeStanding: Codable, Hashable, Sendable {
    /// The rank; -1 when unranked.
    public var rank: Int?
    /// The league (`GRANDMASTER`, `DIAMOND`), nil when unranked.
    public var leagueName: String?
    /// Games played.
    public var totalGames: Int?
    /// Games won.
    public var totalWins: Int?

    /// Creates a standing.
    public init(rank: Int? = nil, leagueName: String? = nil, totalGames: Int? = nil, totalWins: Int? = nil) {
        self.rank = rank
        self.leagueName = leagueName
        self.totalGames = totalGames
        self.totalWins = totalWins
    }
}

/// Career totals and best finishes.
public struct SC2Career: Codable, Hashable, Sendable {
    /// Wins as Terran.
    public var terranWins: Int?
    /// Wins as Zerg.
    public var zergWins: Int?
    /// Wins as Protoss.
    public var protossWins: Int?
    /// Games played in total.
    public var totalCareerGames: Int?
    /// Games played this season.
    public var totalGamesThisSeason: Int?
    /// The current 1v1 league, nil when unranked.
    public var current1v1LeagueName: String?
    /// The current best team league, nil when unranked.
    public var currentBestTeamLeagueName: String?
    /// The best 1v1 finish.
    public var best1v1Finish: SC2Finish?
    /// The best team finish.
    public var bestTeamFinish: SC2Finish?

    /// Creates career totals.
    public init(
        terranWins: Int? = nil, zergWins: Int? = nil, protossWins: Int? = nil, totalCareerGames: Int? = nil,
        totalGamesThisSeason: Int? = nil, current1v1LeagueName: String? = nil,
        currentBestTeamLeagueName: String? = nil, best1v1Finish: SC2Finish? = nil, bestTeamFinish: SC2Finish? = nil
    ) {
        self.terranWins = terranWins
        self.zergWins = zergWins
        self.protossWins = protossWins
        self.totalCareerGames = totalCareerGames
        self.totalGamesThisSeason = totalGamesThisSeason
        self.current1v1LeagueName = current1v1LeagueName
        self.currentBestTeamLeagueName = currentBestTeamLeagueName
        self.best1v1Finish = best1v1Finish
        self.bestTeamFinish = bestTeamFinish
    }
}

/// A best finish: the league and how often it was reached.
public struct SC2Finish: Codable, Hashable, Sendable {
    /// The league, nil when never ranked.
    public var leagueName: String?
    /// How many times.
    public var timesAchieved: Int?

    /// Creates a finish.
    public init(leagueName: String? = nil, timesAchieved: Int? = nil) {
        self.leagueName = leagueName
        self.timesAchieved = timesAchieved
    }
}
