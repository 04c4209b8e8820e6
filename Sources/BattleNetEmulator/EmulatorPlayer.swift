import BattleNet
import Foundation

/// A Battle.net account the emulator knows: who can sign in, and the Diablo III data served for it.
public struct EmulatorPlayer: Sendable {
    /// One hero's three documents, as Blizzard's API serves them.
    public struct HeroDocuments: Sendable {
        /// `GET /d3/profile/{account}/hero/{id}`.
        public var hero: Data
        /// `GET /d3/profile/{account}/hero/{id}/items`.
        public var items: Data
        /// `GET /d3/profile/{account}/hero/{id}/follower-items`.
        public var followerItems: Data

        /// Creates a hero's documents.
        public init(hero: Data, items: Data, followerItems: Data) {
            self.hero = hero
            self.items = items
            self.followerItems = followerItems
        }
    }

    /// The account id (`id` in userinfo, `sub` as a string).
    public var accountID: Int
    /// The BattleTag; profile lookups match it exactly, letter case included.
    public var battleTag: BattleTag
    /// `GET /d3/profile/{account}/`.
    public var profile: Data
    /// Heroes by id.
    public var heroes: [Int: HeroDocuments]

    /// Creates a player from its documents.
    public init(accountID: Int, battleTag: BattleTag, profile: Data, heroes: [Int: HeroDocuments]) {
        self.accountID = accountID
        self.battleTag = battleTag
        self.profile = profile
        self.heroes = heroes
    }

    /// FaYe#2543: the profile, hero, items and follower items recorded live from eu.api.blizzard.com (2019).
    public static func faye() throws -> EmulatorPlayer {
        try EmulatorPlayer(
            accountID: 100_000_001, battleTag: BattleTag(parsing: "FaYe#2543"),
            profile: EmulatorSamples.data(named: EmulatorSamples.fayeProfile),
            heroes: [
                104_729_462: HeroDocuments(
                    hero: EmulatorSamples.data(named: EmulatorSamples.fayeHero),
                    items: EmulatorSamples.data(named: EmulatorSamples.fayeHeroItems),
                    followerItems: EmulatorSamples.data(named: EmulatorSamples.fayeFollowerItems))
            ])
    }

    /// Straton#1: Blizzard's 2012 documentation example (legacy shapes), with its hero Yharr.
    public static func straton() throws -> EmulatorPlayer {
        let hero = try EmulatorSamples.data(named: EmulatorSamples.stratonHero)
        let items = (try JSONSerialization.jsonObject(with: hero) as? [String: Any])?["items"] ?? [:]
        return try EmulatorPlayer(
            accountID: 100_000_002, battleTag: BattleTag(parsing: "Straton#1"),
            profile: EmulatorSamples.data(named: EmulatorSamples.stratonProfile),
            heroes: [1: HeroDocuments(hero: hero, items: json(items), followerItems: Data("{}".utf8))])
    }

    /// A generated player in today's shapes, with `heroCount` heroes cycling through the classes.
    public static func generated(accountID: Int, battleTag: BattleTag, heroCount: Int = 3) -> EmulatorPlayer {
        let classes = ["barbarian", "crusader", "demon-hunter", "monk", "necromancer", "witch-doctor", "wizard"]
        let names = ["Aria", "Brann", "Cydaea", "Dorian", "Eirena", "Fenris", "Gorath", "Haedrig"]
        var summaries: [[String: Any]] = []
        var heroes: [Int: HeroDocuments] = [:]
        for index in 0..<max(0, heroCount) {
            let id = accountID % 1_000_000 * 100 + index + 1
            let heroClass = classes[index % classes.count]
            let name = names[index % names.count] + (index >= names.count ? "\(index)" : "")
            let level = 70 - (index * 7) % 60
            let seasonal = index % 2 == 1
            summaries.append([
                "id": id, "name": name, "class": heroClass, "classSlug": heroClass, "gender": index % 2,
                "level": level, "kills": ["elites": 100 * (index + 1)], "paragonLevel": 500 + index,
                "hardcore": index % 3 == 2, "seasonal": seasonal, "dead": false,
                "last-updated": 1_700_000_000 + index * 3600,
            ])
            let hero: [String: Any] = [
                "id": id, "name": name, "class": heroClass, "gender": index % 2, "level": level,
                "paragonLevel": 500 + index, "kills": ["elites": 100 * (index + 1)], "hardcore": index % 3 == 2,
                "seasonal": seasonal, "seasonCreated": seasonal ? 30 : 0,
                "skills": ["active": [] as [Any], "passive": [] as [Any]], "items": [:] as [String: Any],
                "followers": [:] as [String: Any], "legendaryPowers": [] as [Any],
                "progression": ["act1": true, "act2": true, "act3": true, "act4": true, "act5": true],
                "alive": true, "lastUpdated": 1_700_000_000 + index * 3600, "highestSoloRiftCompleted": 40 + index,
                "stats": ["life": 100_000 + index, "damage": 50_000.5, "toughness": 1_000_000, "healing": 20_000],
            ]
            heroes[id] = HeroDocuments(hero: json(hero), items: Data("{}".utf8), followerItems: Data("{}".utf8))
        }
        let profile: [String: Any] = [
            "battleTag": battleTag.description, "paragonLevel": 500, "paragonLevelHardcore": 0,
            "paragonLevelSeason": 100, "paragonLevelSeasonHardcore": 0, "guildName": "", "heroes": summaries,
            "lastHeroPlayed": summaries.first?["id"] ?? 0, "lastUpdated": 1_700_000_000,
            "kills": ["monsters": 123_456, "elites": 7_890, "hardcoreMonsters": 0], "highestHardcoreLevel": 0,
            "timePlayed": Dictionary(uniqueKeysWithValues: classes.map { ($0, $0 == classes[0] ? 1.0 : 0.25) }),
            "progression": ["act1": true, "act2": true, "act3": true, "act4": false, "act5": false],
            "seasonalProfiles": [
                "season30": [
                    "seasonId": 30, "paragonLevel": 100, "paragonLevelHardcore": 0,
                    "kills": ["monsters": 5_000, "elites": 300, "hardcoreMonsters": 0],
                    "timePlayed": ["wizard": 1.0], "highestHardcoreLevel": 0,
                ]
            ],
        ]
        return EmulatorPlayer(accountID: accountID, battleTag: battleTag, profile: json(profile), heroes: heroes)
    }

    /// The players every emulator starts with: FaYe#2543 and Straton#1 (recorded samples), generated players with
    /// Korean, Cyrillic and accented Latin BattleTags, and Rilian#1142 and katarn#2137, whose World of Warcraft and
    /// StarCraft II answers are recorded ones. Built once (every emulator, one per test, used to build them again).
    public static func defaults() -> [EmulatorPlayer] {
        standard
    }

    private static let standard: [EmulatorPlayer] = {
        var players = [(try? faye()), (try? straton())].compactMap { $0 }
        let generated: [(Int, String)] = [
            (100_000_003, "전사#3100"), (100_000_004, "Зоя#2207"), (100_000_005, "Zoë#1999"),
            // The accounts of the World of Warcraft and StarCraft II recordings (EmulatorGames.recorded()).
            (EmulatorGames.recordedWoWAccountID, "Rilian#1142"), (EmulatorGames.recordedSC2AccountID, "katarn#2137"),
        ]
        for (id, tag) in generated {
            if let battleTag = try? BattleTag(parsing: tag) {
                players.append(.generated(accountID: id, battleTag: battleTag))
            }
        }
        return players
    }()
}

private func json(_ object: Any) -> Data {
    (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
}
