import Foundation

/// A character's PvP summary, `GET /profile/wow/character/{realmSlug}/{characterName}/pvp-summary` (any token):
/// honor level, honorable kills, battleground results per map, and links to its rated brackets.
public struct WoWPvPSummary: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// The rated brackets the character played (`…/pvp-bracket/3v3`).
    public var brackets: [WoWLink]?
    /// The honor level.
    public var honorLevel: Int?
    /// Results per battleground map.
    public var pvpMapStatistics: [MapStatistics]?
    /// Honorable kills in all.
    public var honorableKills: Int?
    /// The character.
    public var character: WoWCharacterReference?

    /// One map's results.
    public struct MapStatistics: Codable, Hashable, Sendable {
        /// The map (`Alterac Valley`).
        public var worldMap: WoWReference
        /// Played, won and lost.
        public var matchStatistics: WoWMatchStatistics?

        /// Creates a map's results.
        public init(worldMap: WoWReference, matchStatistics: WoWMatchStatistics? = nil) {
            self.worldMap = worldMap
            self.matchStatistics = matchStatistics
        }

        enum CodingKeys: String, CodingKey {
            case worldMap = "world_map", matchStatistics = "match_statistics"
        }
    }

    /// Creates a summary.
    public init(
        links: WoWLinks? = nil, brackets: [WoWLink]? = nil, honorLevel: Int? = nil,
        pvpMapStatistics: [MapStatistics]? = nil, honorableKills: Int? = nil, character: WoWCharacterReference? = nil
    ) {
        self.links = links
        self.brackets = brackets
        self.honorLevel = honorLevel
        self.pvpMapStatistics = pvpMapStatistics
        self.honorableKills = honorableKills
        self.character = character
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", brackets, honorLevel = "honor_level", pvpMapStatistics = "pvp_map_statistics"
        case honorableKills = "honorable_kills", character
    }
}

/// Matches played, won and lost.
public struct WoWMatchStatistics: Codable, Hashable, Sendable {
    /// Played.
    public var played: Int
    /// Won.
    public var won: Int
    /// Lost.
    public var lost: Int

    /// Creates counts.
    public init(played: Int, won: Int, lost: Int) {
        self.played = played
        self.won = won
        self.lost = lost
    }
}
