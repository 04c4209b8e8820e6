import BattleNet
import Foundation

/// Every Diablo III API endpoint: the community data (acts, artisans, recipes, followers, classes, skills, item
/// types, items), the profile (account, hero, hero items, follower items) and the game data (seasons, eras and
/// their leaderboards).
///
/// ```swift
/// let tokens = ClientCredentialsTokenProvider(client: oauth)
/// let d3 = Diablo3Client(region: .eu, tokens: tokens, transport: transport)
/// let profile = try await d3.profile(BattleTag(parsing: "FaYe#2543"))
/// let board = try await d3.seasonLeaderboard("rift-barbarian", season: 19)
/// ```
///
/// For a path without a model here, use ``api`` (a `BlizzardAPI`) with the same tokens.
public struct Diablo3Client: Sendable {
    /// The generic client every endpoint goes through.
    public let api: BlizzardAPI

    /// The region whose API is called (and whose default locale is used).
    public var region: Region { api.region }
    /// The locale of names and descriptions.
    public var locale: BattleNetLocale { api.locale }
    /// The API base URL named at creation, else the region's own (see `BlizzardAPI.apiBaseURL` for a session's).
    public var apiBaseURL: URL { api.apiBaseURL }

    /// Creates a client. `apiBaseURL` overrides the region's API host (the emulator, a test server); without it, a
    /// client whose tokens are a `PlayerSession` calls the sandbox relay's API its player signed in at, if any.
    public init(
        region: Region, locale: BattleNetLocale? = nil, apiBaseURL: URL? = nil, tokens: any AccessTokenSource,
        transport: any HTTPTransport, timeout: Duration = .seconds(10), maxResponseBytes: Int = 32 << 20,
        retry: RateLimitRetry = RateLimitRetry()
    ) {
        api = BlizzardAPI(
            region: region, locale: locale, apiBaseURL: apiBaseURL, tokens: tokens, transport: transport,
            timeout: timeout, maxResponseBytes: maxResponseBytes, retry: retry)
    }

    /// Creates a client on an existing generic client.
    public init(api: BlizzardAPI) {
        self.api = api
    }

    // MARK: Profile

    /// A player's account profile: heroes, paragon levels, kills, time played, progression, seasons.
    public func profile(_ battleTag: BattleTag) async throws -> D3Profile {
        try await api.get("d3/profile/\(battleTag.pathComponent)/", what: "The Diablo III profile of \(battleTag)")
    }

    /// One hero in full: skills, items, followers, stats.
    public func hero(_ battleTag: BattleTag, id: Int) async throws -> D3Hero {
        try await api.get("d3/profile/\(battleTag.pathComponent)/hero/\(id)", what: "Hero \(id) of \(battleTag)")
    }

    /// A hero's equipped items in detail.
    public func heroItems(_ battleTag: BattleTag, id: Int) async throws -> D3HeroItems {
        try await api.get(
            "d3/profile/\(battleTag.pathComponent)/hero/\(id)/items", what: "Hero \(id) of \(battleTag)")
    }

    /// The items of a hero's followers.
    public func followerItems(_ battleTag: BattleTag, id: Int) async throws -> D3FollowerItems {
        try await api.get(
            "d3/profile/\(battleTag.pathComponent)/hero/\(id)/follower-items", what: "Hero \(id) of \(battleTag)")
    }

    // MARK: Community data

    /// The game's acts and their quests.
    public func acts() async throws -> D3ActIndex {
        try await api.get("d3/data/act", what: "The act index")
    }

    /// One act and its quests.
    public func act(_ id: Int) async throws -> D3Act {
        try await api.get("d3/data/act/\(id)", what: "Act \(id)")
    }

    /// An artisan (`blacksmith`, `jeweler`, `mystic`) and the recipes of each training tier.
    public func artisan(_ slug: String) async throws -> D3ArtisanDetail {
        try await api.get("d3/data/artisan/\(Self.segment(slug))", what: "The artisan \(slug)")
    }

    /// One artisan recipe: its cost, reagents and the item it makes.
    public func recipe(_ slug: String, artisan: String) async throws -> D3Recipe {
        try await api.get(
            "d3/data/artisan/\(Self.segment(artisan))/recipe/\(Self.segment(slug))",
            what: "The recipe \(slug) of the \(artisan)")
    }

    /// A follower (`templar`, `scoundrel`, `enchantress`) and its skills.
    public func follower(_ slug: String) async throws -> D3FollowerDetail {
        try await api.get("d3/data/follower/\(Self.segment(slug))", what: "The follower \(slug)")
    }

    /// A character class (`barbarian`, `demon-hunter`, …) and its active and passive skills.
    public func characterClass(_ slug: String) async throws -> D3CharacterClass {
        try await api.get("d3/data/hero/\(Self.segment(slug))", what: "The class \(slug)")
    }

    /// One skill of a class with its runes.
    public func skill(_ slug: String, characterClass: String) async throws -> D3SkillDetail {
        try await api.get(
            "d3/data/hero/\(Self.segment(characterClass))/skill/\(Self.segment(slug))",
            what: "The skill \(slug) of the \(characterClass)")
    }

    /// Every item type.
    public func itemTypes() async throws -> [D3ItemTypeSummary] {
        try await api.get("d3/data/item-type", what: "The item type index")
    }

    /// The items of one item type (`sword2h`).
    public func itemType(_ slug: String) async throws -> [D3ItemReference] {
        try await api.get("d3/data/item-type/\(Self.segment(slug))", what: "The item type \(slug)")
    }

    /// One item by its slug and id, `corrupted-ashbringer-Unique_Sword_2H_104_x1`.
    public func item(_ slugAndID: String) async throws -> D3Item {
        try await api.get("d3/data/item/\(Self.segment(slugAndID))", what: "The item \(slugAndID)")
    }

    // MARK: Game data

    /// The seasons and the current one. `namespace` defaults to the server's (`2-6-{region}`).
    public func seasons(namespace: String? = nil) async throws -> D3LadderIndex {
        try await api.get("data/d3/season/", namespace: namespace, what: "The season index")
    }

    /// One season and its leaderboards.
    public func season(_ id: Int, namespace: String? = nil) async throws -> D3Ladder {
        try await api.get("data/d3/season/\(id)", namespace: namespace, what: "Season \(id)")
    }

    /// A season leaderboard (`rift-barbarian`, `achievement-points`, a conquest id).
    public func seasonLeaderboard(_ board: String, season: Int, namespace: String? = nil) async throws
        -> D3Leaderboard
    {
        try await api.get(
            "data/d3/season/\(season)/leaderboard/\(Self.segment(board))", namespace: namespace,
            what: "The leaderboard \(board) of season \(season)")
    }

    /// The eras and the current one.
    public func eras(namespace: String? = nil) async throws -> D3LadderIndex {
        try await api.get("data/d3/era/", namespace: namespace, what: "The era index")
    }

    /// One era and its leaderboards.
    public func era(_ id: Int, namespace: String? = nil) async throws -> D3Ladder {
        try await api.get("data/d3/era/\(id)", namespace: namespace, what: "Era \(id)")
    }

    /// An era leaderboard (`rift-wd`, `rift-hardcore-dh`, `achievement-points`).
    public func eraLeaderboard(_ board: String, era: Int, namespace: String? = nil) async throws -> D3Leaderboard {
        try await api.get(
            "data/d3/era/\(era)/leaderboard/\(Self.segment(board))", namespace: namespace,
            what: "The leaderboard \(board) of era \(era)")
    }

    /// A slug as one percent-encoded path segment (a `/` or `?` in it cannot reach another path).
    static func segment(_ slug: String) -> String {
        slug.addingPercentEncoding(withAllowedCharacters: .urlPathSegmentAllowed) ?? slug
    }
}

extension CharacterSet {
    /// Characters left as they are in one path segment.
    static let urlPathSegmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;?"))
}
