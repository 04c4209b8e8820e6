import BattleNet
import Foundation
import HTTPTypes
import Hummingbird

/// StarCraft II's ladder endpoints, any valid token: a profile's ladder summary and ladders and the region's
/// grandmaster board and season (Express, like the profile; 404 with an empty body for what does not exist), and
/// league data (a game-data path: `Battlenet-Namespace: prod`, the gateway's 404). The recordings (profile
/// 2/1/2137104's empty summary and ladder 2200, Europe's grandmaster board and season, league 37/201/0/6) are served
/// byte for byte; the emulator's own profiles get a Diamond 1v1 ladder, the other regions the grandmaster board with
/// their region id and the same season (seasons are global), and every other valid league its tiers.
struct SC2LadderRoutes {
    let state: EmulatorState

    /// The region ids StarCraft II has: Americas, Europe, Korea and Taiwan, China.
    static let regions = [1, 2, 3, 5]
    /// The queue ids of league data (Wings of Liberty to Legacy of the Void, 1v1 to 4v4, and Archon).
    static let queues: Set = [1, 2, 3, 4, 101, 102, 103, 104, 201, 202, 203, 204, 206]

    var profiles: StarCraft2Routes { StarCraft2Routes(state: state) }

    func register(on router: Router<BasicRequestContext>) {
        router.get("sc2/profile/:region/:realm/:profile/ladder/summary") { request, context in
            await profiles.answer(request, cache: "max-age=300") {
                let key = profileKey(context)
                if key == "2/1/2137104" { return try? EmulatorSamples.data(named: EmulatorSamples.sc2LadderSummary) }
                return generated(key).map { GeneratedSC2Ladder.summary($0).data }
            }
        }
        router.get("sc2/profile/:region/:realm/:profile/ladder/:ladder") { request, context in
            await profiles.answer(request, cache: "max-age=300") {
                let key = profileKey(context), ladder = context.parameters.get("ladder", as: Int.self)
                if key == "2/1/2137104", ladder == 2200 {
                    return try? EmulatorSamples.data(named: EmulatorSamples.sc2ProfileLadder)
                }
                guard let profile = generated(key), ladder == GeneratedSC2Ladder.ladderID(profile) else { return nil }
                return GeneratedSC2Ladder.ladder(profile).data
            }
        }
        router.get("sc2/ladder/grandmaster/:region") { request, context in
            await profiles.answer(request, cache: "no-cache") {
                guard let region = context.parameters.get("region", as: Int.self), Self.regions.contains(region),
                    let data = try? EmulatorSamples.data(named: EmulatorSamples.sc2Grandmaster)
                else { return nil }
                guard region != 2 else { return data }
                return Data(String(decoding: data, as: UTF8.self)
                    .replacingOccurrences(of: #""region":2,"#, with: #""region":\#(region),"#).utf8)
            }
        }
        router.get("sc2/ladder/season/:region") { request, context in
            await profiles.answer(request, cache: "no-cache") {
                guard let region = context.parameters.get("region", as: Int.self), Self.regions.contains(region) else {
                    return nil
                }
                return try? EmulatorSamples.data(named: EmulatorSamples.sc2Season)
            }
        }
        router.get("data/sc2/league/:season/:queue/:team/:league") { request, context in
            await state.increment("sc2")
            if case .failure(let refusal) = await GameRequest.token(request, state: state) { return refusal.response }
            let ids = ["season", "queue", "team", "league"].map { context.parameters.get($0, as: Int.self) }
            let headers: HTTPFields = [.battlenetNamespace: "prod"]
            guard let season = ids[0], let queue = ids[1], let team = ids[2], let league = ids[3], season >= 1,
                Self.queues.contains(queue), (0...1).contains(team), (0...6).contains(league)
            else { return .gatewayError(.notFound, headers: headers) }
            if (season, queue, team, league) == (37, 201, 0, 6),
                let data = try? EmulatorSamples.data(named: EmulatorSamples.sc2League)
            {
                return .json(.ok, data, headers: headers)
            }
            return .json(.ok, GeneratedSC2Ladder.league(season, queue, team, league).data, headers: headers)
        }
    }

    private func profileKey(_ context: BasicRequestContext) -> String {
        ["region", "realm", "profile"].map { context.parameters.get($0) ?? "" }.joined(separator: "/")
    }

    /// The emulator's own profile with `key`, nil for another (the recorded one included).
    private func generated(_ key: String) -> GeneratedSC2.Profile? {
        state.configuration.players.flatMap(GeneratedSC2.profiles(of:)).first { $0.key == key }
    }
}

/// StarCraft II ladder answers made up for the emulator's profiles, in Blizzard's documented shape (the recordings
/// of these two endpoints are empty): one Diamond 1v1 ladder each.
enum GeneratedSC2Ladder {
    static func ladderID(_ profile: GeneratedSC2.Profile) -> Int { 300_000 + profile.regionID * 1_000 + profile.realmID }

    private static func membership(_ profile: GeneratedSC2.Profile) -> OrderedJSON {
        .object([("ladderId", .string(String(ladderID(profile)))), ("localizedGameMode", "1v1 Diamond"), ("rank", 12)])
    }

    /// `…/ladder/summary`: a showcase entry and the membership of the profile's 1v1 ladder.
    static func summary(_ profile: GeneratedSC2.Profile) -> OrderedJSON {
        .object([
            ("showCaseEntries", .array([.object([
                ("ladderId", .string(String(ladderID(profile)))),
                ("team", .object([("localizedGameMode", "1v1"), ("members", .array([.object([
                    ("favoriteRace", "terran"), ("name", .string(profile.name)), ("playerId", .string(profile.profileID)),
                    ("region", .number(profile.regionID)),
                ])]))])),
                ("leagueName", "DIAMOND"), ("localizedDivisionName", "Nova Theta"), ("rank", 12), ("wins", 22),
                ("losses", 18),
            ])])),
            ("placementMatches", .array([])),
            ("allLadderMemberships", .array([membership(profile)])),
        ])
    }

    /// `…/ladder/{ladderId}`: the profile's team among two others, its membership, the ranks and pools.
    static func ladder(_ profile: GeneratedSC2.Profile) -> OrderedJSON {
        func team(_ id: String, _ name: String, _ race: String, _ points: Int, _ mmr: Int) -> OrderedJSON {
            .object([
                ("teamMembers", .array([.object([
                    ("id", .string(id)), ("realm", .number(profile.realmID)), ("region", .number(profile.regionID)),
                    ("displayName", .string(name)), ("favoriteRace", .string(race)),
                ])])),
                ("previousRank", 0), ("points", .number(points)), ("wins", 22), ("losses", 18), ("mmr", .number(mmr)),
                ("joinTimestamp", 1_732_000_000),
            ])
        }
        return .object([
            ("ladderTeams", .array([
                team("4730741", "Serral", "zerg", 1_210, 4_620), team(profile.profileID, profile.name, "terran", 980, 4_480),
                team("1430346", "ShoWTimE", "protoss", 640, 4_310),
            ])),
            ("allLadderMemberships", .array([membership(profile)])),
            ("ranksAndPools", .array([.object([("rank", 12), ("mmr", 4_480), ("bonusPool", 0)])])),
        ])
    }

    /// `/data/sc2/league/…`: Grandmaster one tier of one division, the other leagues three tiers of two (hrefs on
    /// the US host: the path names no region).
    static func league(_ season: Int, _ queue: Int, _ team: Int, _ league: Int) -> OrderedJSON {
        let tiers = league == 6 ? 1 : 3
        return .object([
            ("_links", .object([("self", .object([(
                "href", .string("https://us.api.blizzard.com/data/sc2/league/\(season)/\(queue)/\(team)/\(league)?namespace=prod")
            )]))])),
            ("key", .object([
                ("league_id", .number(league)), ("season_id", .number(season)), ("queue_id", .number(queue)),
                ("team_type", .number(team)),
            ])),
            ("tier", .array((0..<tiers).map { tier in
                .object([("id", .number(tier)), ("division", .array((0..<(league == 6 ? 1 : 2)).map { division in
                    .object([
                        ("id", .number(division + 1)), ("ladder_id", .number(200_000 + league * 1_000 + tier * 10 + division)),
                        ("member_count", .number(100 - division * 10)),
                    ])
                }))])
            })),
        ])
    }
}
