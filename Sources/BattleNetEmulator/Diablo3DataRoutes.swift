import BattleNet
import Foundation
import HTTPTypes
import Hummingbird

/// The Diablo III community (`/d3/data/…`) and game-data (`/data/d3/…`) endpoints, answered with the recorded
/// samples, else with ``GeneratedGameData`` (the rest of the game, in the recorded shapes). A slug or id that is
/// neither is Blizzard's 404; game-data answers carry `Battlenet-Namespace`
/// (the `namespace` asked for, else `2-6-eu` as recorded) and `Battlenet-Schema`. The locale is accepted in
/// any letter case and, as on Blizzard's servers, an unknown one does not fail the call (the samples are en_GB).
extension Diablo3Routes {
    func registerData(on router: Router<BasicRequestContext>) {
        community(router, "d3/data/act") { _ in try Self.sample(Samples.actIndex) }
        community(router, "d3/data/act/:act") { try Self.act($0.get("act")) }
        community(router, "d3/data/artisan/:artisan") {
            try Self.recorded(Samples.artisans, $0.get("artisan"), else: GeneratedGameData.artisan)
        }
        community(router, "d3/data/artisan/:artisan/recipe/:recipe") {
            try Self.recipe($0.get("recipe"), artisan: $0.get("artisan"))
        }
        community(router, "d3/data/follower/:follower") {
            try Self.recorded(Samples.followers, $0.get("follower"), else: GeneratedGameData.follower)
        }
        community(router, "d3/data/hero/:class") {
            try Self.recorded(Samples.classes, $0.get("class"), else: GeneratedGameData.characterClass)
        }
        community(router, "d3/data/hero/:class/skill/:skill") { parameters in
            let (heroClass, skill) = (parameters.get("class") ?? "", parameters.get("skill") ?? "")
            return try Self.recorded(Samples.skills, "\(heroClass)/\(skill)") { _ in
                try GeneratedGameData.skill(skill, of: heroClass)
            }
        }
        community(router, "d3/data/item-type") { _ in try Self.sample(Samples.itemTypeIndex) }
        community(router, "d3/data/item-type/:type") {
            try Self.recorded(Samples.itemTypes, $0.get("type"), else: GeneratedGameData.itemType)
        }
        community(router, "d3/data/item/:item") { try Self.recorded(Samples.items, $0.get("item"), else: GeneratedGameData.item) }
        for kind in ["season", "era"] {
            gameData(router, "data/d3/\(kind)", schema: kind) { _ in try Self.sample(Samples.indexes[kind]!) }
            gameData(router, "data/d3/\(kind)/:id", schema: kind) { parameters in
                let id = parameters.get("id") ?? ""
                return try Self.recorded(Samples.ladders, "\(kind)/\(id)") { _ in try GeneratedGameData.ladder(kind, id: id) }
            }
            gameData(router, "data/d3/\(kind)/:id/leaderboard/:board", schema: "leaderboard") { parameters in
                let (id, board) = (parameters.get("id") ?? "", parameters.get("board") ?? "")
                return try Self.recorded(Samples.leaderboards, "\(kind)/\(id)/\(board)") { _ in
                    try GeneratedGameData.leaderboard(kind, id: id, board: board)
                }
            }
        }
    }

    /// The recorded answer of each path parameter value; the numeric ids are those the recordings were asked by.
    private enum Samples {
        static let actIndex = "d3_act_index_rbattlenet_vcr.json"
        static let itemTypeIndex = "d3_item_type_index_rbattlenet_vcr.json"
        static let artisans = [
            "jeweler": "d3_artisan_1_rbattlenet_vcr.json", "1": "d3_artisan_1_rbattlenet_vcr.json",
        ]
        static let blacksmithRecipes = [
            "apprentice-flamberge": "d3_recipe_blacksmith_apprentice-flamberge_rbattlenet_vcr.json",
        ]
        static let followers = [
            "templar": "d3_follower_templar_rbattlenet_vcr.json",
            "scoundrel": "d3_data_follower_scoundrel_blizzard_d3-api-docs_2012.json",
        ]
        static let classes = [
            "barbarian": "d3_character_class_1_rbattlenet_vcr.json", "1": "d3_character_class_1_rbattlenet_vcr.json",
        ]
        static let skills = ["barbarian/bash": "d3_skill_barbarian_bash_rbattlenet_vcr.json"]
        static let itemTypes = ["sword2h": "d3_item_type_sword2h_rbattlenet_vcr.json"]
        static let items = [
            "corrupted-ashbringer-Unique_Sword_2H_104_x1":
                "d3_item_corrupted-ashbringer-Unique_Sword_2H_104_x1_rbattlenet_vcr.json",
        ]
        static let indexes = [
            "season": "d3_season_index_rbattlenet_vcr.json", "era": "d3_era_index_rbattlenet_vcr.json",
        ]
        static let ladders = ["season/1": "d3_season_1_rbattlenet_vcr.json", "era/1": "d3_era_1_rbattlenet_vcr.json"]
        static let leaderboards = [
            "season/1/74987245615154": "d3_season_leaderboard_1_74987245615154_rbattlenet_vcr.json",
            "era/1/rift-wd": "d3_era_leaderboard_1_rift-wd_rbattlenet_vcr.json",
        ]
    }

    private func community(
        _ router: Router<BasicRequestContext>, _ path: RouterPath,
        _ body: @escaping @Sendable (Parameters) throws -> Data
    ) {
        router.get(path) { request, context in
            await authorized(request) { try body(context.parameters) }
        }
    }

    private func gameData(
        _ router: Router<BasicRequestContext>, _ path: RouterPath, schema: String,
        _ body: @escaping @Sendable (Parameters) throws -> Data
    ) {
        router.get(path) { request, context -> Response in
            let asked = request.queryPairs?.value("namespace")
            guard let namespace = Self.namespace(asked) else { return .gatewayError(.notFound) }
            let headers: HTTPFields = [
                .battlenetNamespace: namespace, .battlenetSchema: schema, .battlenetSchemaRevision: "1",
            ]
            return await authorized(request, headers: headers) { try body(context.parameters) }
        }
    }

    /// The namespace answered: the one asked for if it is a Diablo III one (`2-6-eu`), `2-6-eu` when none was.
    private static func namespace(_ asked: String?) -> String? {
        guard let asked else { return "2-6-eu" }
        let lowered = asked.lowercased()
        guard lowered.hasPrefix("2-6-"), Region(name: String(lowered.dropFirst(4))) != nil else { return nil }
        return lowered
    }

    private static func sample(_ name: String) throws -> Data {
        try EmulatorSamples.data(named: name)
    }

    /// The recording of `key`, else what `generated` makes of it, else Blizzard's not found.
    private static func recorded(
        _ samples: [String: String], _ key: String?, else generated: (String) throws -> Data? = { _ in nil }
    ) throws -> Data {
        guard let key else { throw NotFound(reason: "The resource could not be found.") }
        if let name = samples[key] { return try sample(name) }
        guard let data = try generated(key) else { throw NotFound(reason: "The resource could not be found.") }
        return data
    }

    private static func act(_ id: String?) throws -> Data {
        let acts = try object(sample(Samples.actIndex))["acts"] as? [[String: Any]] ?? []
        guard let id = id.flatMap(Int.init), let act = acts.first(where: { $0["number"] as? Int == id }) else {
            throw NotFound(reason: "The act could not be found.")
        }
        return try JSONSerialization.data(withJSONObject: act, options: [.sortedKeys])
    }

    /// A blacksmith recipe is recorded on its own; any other comes out of its artisan (the recorded jeweler, or a
    /// generated one).
    private static func recipe(_ slug: String?, artisan: String?) throws -> Data {
        if artisan == "blacksmith", let slug, Samples.blacksmithRecipes[slug] != nil {
            return try recorded(Samples.blacksmithRecipes, slug)
        }
        guard let artisan else { throw NotFound(reason: "The artisan could not be found.") }
        let answer = try recorded(Samples.artisans, artisan, else: GeneratedGameData.artisan)
        let tiers = (try object(answer)["training"] as? [String: Any])?["tiers"] as? [[String: Any]] ?? []
        let recipes = tiers.flatMap {
            ($0["trainedRecipes"] as? [[String: Any]] ?? []) + ($0["taughtRecipes"] as? [[String: Any]] ?? [])
        }
        guard let recipe = recipes.first(where: { $0["slug"] as? String == slug }) else {
            throw NotFound(reason: "The recipe could not be found.")
        }
        return try JSONSerialization.data(withJSONObject: recipe, options: [.sortedKeys])
    }

    private static func object(_ data: Data) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}

extension HTTPField.Name {
    static let battlenetNamespace = Self("Battlenet-Namespace")!
    static let battlenetSchema = Self("Battlenet-Schema")!
    static let battlenetSchemaRevision = Self("Battlenet-Schema-Revision")!
}
