import BattleNet
import Foundation
import HTTPTypes
import Hummingbird

/// StarCraft II's player endpoints as its API (an Express server behind the gateway) answers them: the profiles
/// of an account, `GET /sc2/player/{accountId}` (a JSON array, empty for an account without profiles), and a
/// profile, `GET /sc2/profile/{regionId}/{realmId}/{profileId}` (404 with an empty body when there is none).
/// Both accept any valid token, as the recordings show (they were made with an application token).
struct StarCraft2Routes {
    let state: EmulatorState

    func register(on router: Router<BasicRequestContext>) {
        router.get("sc2/player/:account") { request, context in
            await answer(request, cache: "no-cache") {
                guard let account = context.parameters.get("account", as: Int.self) else { return nil }
                return players(account: account)
            }
        }
        router.get("sc2/profile/:region/:realm/:profile") { request, context in
            await answer(request, cache: "max-age=300") {
                let key = ["region", "realm", "profile"].map { context.parameters.get($0) ?? "" }.joined(separator: "/")
                if let recorded = state.configuration.games.sc2Profiles[key] { return recorded }
                return allProfiles().first { $0.key == key }.map { GeneratedSC2.profile($0).data }
            }
        }
    }

    /// An answer of StarCraft II's Express server: `body`'s bytes, or its 404 with an empty body for nil.
    func answer(_ request: Request, cache: String, _ body: () -> Data?) async -> Response {
        await state.increment("sc2")
        if case .failure(let refusal) = await GameRequest.token(request, state: state) { return refusal.response }
        guard let data = body() else {
            var headers = Self.expressHeaders
            headers[.contentLength] = "0"
            return Response(status: .notFound, headers: headers)
        }
        var headers = Self.expressHeaders
        headers[.cacheControl] = cache
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The headers of StarCraft II's Express server.
    private static let expressHeaders: HTTPFields = [
        HTTPField.Name("X-Powered-By")!: "Express", .accessControlAllowOrigin: "*",
        .contentSecurityPolicy: "block-all-mixed-content",
    ]

    /// The recorded list of the account, else the generated one of a known player, else `[]`.
    private func players(account: Int) -> Data {
        let games = state.configuration.games
        if let recorded = games.sc2Players[account] { return recorded }
        guard let player = state.configuration.players.first(where: { $0.accountID == account }) else {
            return Data("[]".utf8)
        }
        return OrderedJSON.array(GeneratedSC2.profiles(of: player).map(GeneratedSC2.entry)).data
    }

    /// Every profile the account lookups name, recorded or generated.
    func allProfiles() -> [GeneratedSC2.Profile] {
        let recorded = state.configuration.games.sc2Players.values.flatMap(GeneratedSC2.profiles(inRecorded:))
        return recorded + state.configuration.players.flatMap(GeneratedSC2.profiles(of:))
    }
}

/// StarCraft II profiles made up for the emulator's players: one in the Americas and one in Europe each.
enum GeneratedSC2 {
    struct Profile {
        var name: String
        var regionID: Int
        var realmID: Int
        var profileID: String

        var key: String { "\(regionID)/\(realmID)/\(profileID)" }
    }

    private static let starport = "https://static.starcraft2.com/starport/d0e7c831-18ab-4cd6-adc7-9d4a28f49ec7"

    static func profiles(of player: EmulatorPlayer) -> [Profile] {
        let id = String(1_000_000 + player.accountID % 1_000_000)
        return [1, 2].map { Profile(name: player.battleTag.name, regionID: $0, realmID: 1, profileID: id) }
    }

    static func profiles(inRecorded data: Data) -> [Profile] {
        guard let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { entry in
            guard let name = entry["name"] as? String, let region = entry["regionId"] as? Int,
                let realm = entry["realmId"] as? Int, let id = entry["profileId"] as? String
            else { return nil }
            return Profile(name: name, regionID: region, realmID: realm, profileID: id)
        }
    }

    /// An entry of `/sc2/player/{accountId}`, keys in the recorded order.
    static func entry(_ profile: Profile) -> OrderedJSON {
        .object([
            ("name", .string(profile.name)),
            ("profileUrl", .string("https://starcraft2.blizzard.com/profile/\(profile.key)")),
            ("avatarUrl", .string("\(starport)/portraits/0-5.jpg")), ("profileId", .string(profile.profileID)),
            ("regionId", .number(profile.regionID)), ("realmId", .number(profile.realmID)),
        ])
    }

    /// `/sc2/profile/{regionId}/{realmId}/{profileId}` in the recorded shape: a Diamond 1v1 player with a completed
    /// Wings of Liberty campaign, one achievement earned and one in progress.
    static func profile(_ profile: Profile) -> OrderedJSON {
        func mode(_ rank: Int, _ league: String?, _ games: Int, _ wins: Int) -> OrderedJSON {
            .object([
                ("rank", .number(rank)), ("leagueName", league.map(OrderedJSON.string) ?? .null),
                ("totalGames", .number(games)), ("totalWins", .number(wins)),
            ])
        }
        func race(_ level: Int, _ points: Int) -> OrderedJSON {
            .object([("level", .number(level)), ("maxLevelPoints", 65000), ("currentLevelPoints", .number(points))])
        }
        return .object([
            ("summary", .object([
                ("id", .string(profile.profileID)), ("realm", .number(profile.realmID)),
                ("displayName", .string(profile.name)), ("portrait", .string("\(starport)/portraits/0-0.jpg")),
                ("decalTerran", .string("\(starport)/decals/2-0.jpg")),
                ("decalProtoss", .string("\(starport)/decals/2-25.jpg")),
                ("decalZerg", .string("\(starport)/decals/2-50.jpg")), ("totalSwarmLevel", 45),
                ("totalAchievementPoints", 1230),
            ])),
            ("snapshot", .object([
                ("seasonSnapshot", .object([
                    ("1v1", mode(12, "DIAMOND", 40, 22)), ("2v2", mode(-1, nil, 0, 0)), ("3v3", mode(-1, nil, 0, 0)),
                    ("4v4", mode(-1, nil, 0, 0)), ("Archon", mode(-1, nil, 0, 0)),
                ])),
                ("totalRankedSeasonGamesPlayed", 40),
            ])),
            ("career", .object([
                ("terranWins", 310), ("zergWins", 12), ("protossWins", 5), ("totalCareerGames", 640),
                ("totalGamesThisSeason", 40), ("current1v1LeagueName", "DIAMOND"), ("currentBestTeamLeagueName", .null),
                ("best1v1Finish", .object([("leagueName", "MASTER"), ("timesAchieved", 2)])),
                ("bestTeamFinish", .object([("leagueName", "PLATINUM"), ("timesAchieved", 1)])),
            ])),
            ("swarmLevels", .object([
                ("level", 45), ("terran", race(30, 47479)), ("zerg", race(10, 1200)), ("protoss", race(5, 0)),
            ])),
            ("campaign", .object([("difficultyCompleted", .object([("wings-of-liberty", "BRUTAL")]))])),
            ("categoryPointProgress", .array([
                .object([("categoryId", "4325377"), ("pointsEarned", 1000)]),
                .object([("categoryId", "4325379"), ("pointsEarned", 230)]),
            ])),
            ("achievementShowcase", .array([])),
            ("earnedRewards", .array([
                .object([("rewardId", "2951153716"), ("selected", true)]),
                .object([("rewardId", "1159285604"), ("achievementId", "91475320768611"), ("selected", false)]),
            ])),
            ("earnedAchievements", .array([
                .object([
                    ("achievementId", "91475320768509"), ("completionDate", 1368973017),
                    ("numCompletedAchievementsInSeries", 1), ("totalAchievementsInSeries", 1), ("isComplete", true),
                    ("inProgress", false), ("criteria", .array([.object([("criterionId", "91475320767772")])])),
                ]),
                .object([
                    ("achievementId", "91475035553849"), ("completionDate", .rawNumber("-9223372036854776000")),
                    ("numCompletedAchievementsInSeries", 1), ("totalAchievementsInSeries", 11), ("isComplete", false),
                    ("inProgress", true), ("criteria", .array([
                        .object([("criterionId", "91475035553886"),
                                 ("earned", .object([("quantity", 1), ("startTime", 0)]))]),
                    ])),
                ]),
            ])),
        ])
    }
}
