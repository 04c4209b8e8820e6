import BattleNet
import Foundation
import HTTPTypes
import Hummingbird

/// World of Warcraft's public character endpoints (equipment, character media, achievements, Mythic+ profile and
/// seasons, PvP summary, specializations) and the guild roster, as the gateway answers them: any valid token, a
/// profile namespace required (the gateway's 404 without one). The recorded characters (Sheday on Stormrage, EU,
/// 2019; Adaxion on Area 52, US, 2023) and the recorded guild (Avalerion on Stormrage, EU) get their recordings byte
/// for byte; every character of an account the emulator knows gets a recording retargeted to it (`RetargetedWoW`),
/// and each of the emulator's realms has a guild of the characters on it (`WoWGuildDocuments`).
struct WoWCharacterRoutes {
    let state: EmulatorState

    /// A character subresource and the recording other characters' answers are made from.
    enum Resource: String, CaseIterable {
        case equipment, characterMedia = "character-media", achievements, mythicKeystoneProfile = "mythic-keystone-profile"
        case pvpSummary = "pvp-summary", specializations

        var template: (name: String, from: RetargetedWoW.Identity) {
            switch self {
            case .equipment: (EmulatorSamples.wowEquipment, .sheday)
            case .characterMedia: (EmulatorSamples.wowCharacterMedia, .sheday)
            case .achievements: (EmulatorSamples.wowAchievements, .sheday)
            case .mythicKeystoneProfile: (EmulatorSamples.wowMythicKeystoneProfileAdaxion, .adaxion)
            case .pvpSummary: (EmulatorSamples.wowPvPSummary, .sheday)
            case .specializations: (EmulatorSamples.wowSpecializations, .sheday)
            }
        }

        /// Only retail has Mythic+.
        func exists(in game: EmulatorWoWGame) -> Bool { self != .mythicKeystoneProfile || game == .retail }
    }

    /// Recorded answers by region, realm slug, lower-cased name and path after the character.
    static let recorded: [String: String] = [
        "eu/stormrage/sheday/equipment": EmulatorSamples.wowEquipment,
        "eu/stormrage/sheday/character-media": EmulatorSamples.wowCharacterMedia,
        "eu/stormrage/sheday/achievements": EmulatorSamples.wowAchievements,
        "eu/stormrage/sheday/mythic-keystone-profile": EmulatorSamples.wowMythicKeystoneProfileSheday,
        "eu/stormrage/sheday/mythic-keystone-profile/season/3": EmulatorSamples.wowMythicKeystoneSeasonSheday,
        "eu/stormrage/sheday/pvp-summary": EmulatorSamples.wowPvPSummary,
        "eu/stormrage/sheday/specializations": EmulatorSamples.wowSpecializations,
        "us/area-52/adaxion/mythic-keystone-profile": EmulatorSamples.wowMythicKeystoneProfileAdaxion,
        "us/area-52/adaxion/mythic-keystone-profile/season/9": EmulatorSamples.wowMythicKeystoneSeasonAdaxion,
        "eu/stormrage/avalerion/roster": EmulatorSamples.wowGuildRoster,
    ]

    /// The seasons the retargeted Mythic+ profile lists (Adaxion's), each answered from Adaxion's season 9.
    static let generatedSeasons = [9, 8]

    func register(on router: Router<BasicRequestContext>) {
        for resource in Resource.allCases {
            router.get("profile/wow/character/:realm/:name/\(resource.rawValue)") { request, context in
                await answer(request, context, path: resource.rawValue) { documents, character in
                    guard resource.exists(in: documents.game) else { return nil }
                    let (name, identity) = resource.template
                    return RetargetedWoW.body(name, from: identity, to: character, documents)
                }
            }
        }
        router.get("profile/wow/character/:realm/:name/mythic-keystone-profile/season/:season") { request, context in
            let season = context.parameters.get("season", as: Int.self)
            return await answer(request, context, path: "mythic-keystone-profile/season/\(season.map(String.init) ?? "")") {
                documents, character in
                guard documents.game == .retail, let season, Self.generatedSeasons.contains(season) else { return nil }
                return RetargetedWoW.body(
                    EmulatorSamples.wowMythicKeystoneSeasonAdaxion, from: .adaxion, to: character, documents,
                    season: season)
            }
        }
        router.get("data/wow/guild/:realm/:guild/roster") { request, context in
            await state.increment("wow")
            if case .failure(let refusal) = await GameRequest.token(request, state: state) { return refusal.response }
            guard let (documents, namespace) = GameRequest.wowDocuments(request) else { return .gatewayError(.notFound) }
            let key = [documents.region, context.parameters.get("realm") ?? "", context.parameters.get("guild") ?? ""]
                .map { $0.lowercased() }.joined(separator: "/") + "/roster"
            if documents.game == .retail, let name = Self.recorded[key], let body = try? EmulatorSamples.data(named: name) {
                return .json(.ok, body, headers: [.battlenetNamespace: namespace])
            }
            let realm = (context.parameters.get("realm") ?? "").lowercased()
            guard (context.parameters.get("guild") ?? "").lowercased() == WoWGuildDocuments.slug,
                let home = GeneratedWoW.realms[documents.game]?.first(where: { $0.slug == realm })
            else { return .gatewayError(.notFound, headers: [.battlenetNamespace: namespace]) }
            let members = state.configuration.wowCharacters(game: documents.game).filter { $0.realm == home }
            return .json(.ok, WoWGuildDocuments(documents: documents).roster(realm: home, members: members).data,
                         headers: [.battlenetNamespace: namespace])
        }
    }

    /// A character subresource: the recording for `path` if the character has one, else `generate`'s answer for a
    /// character the emulator knows; nil is the gateway's 404.
    private func answer(
        _ request: Request, _ context: BasicRequestContext, path: String,
        generate: (WoWDocuments, EmulatorWoWCharacter) -> Data?
    ) async -> Response {
        await state.increment("wow")
        if case .failure(let refusal) = await GameRequest.token(request, state: state) { return refusal.response }
        guard let (documents, namespace) = GameRequest.wowDocuments(request) else { return .gatewayError(.notFound) }
        let realm = (context.parameters.get("realm") ?? "").lowercased()
        let name = ((context.parameters.get("name") ?? "").removingPercentEncoding ?? "").lowercased()
        let headers: HTTPFields = [.battlenetNamespace: namespace]
        if documents.game == .retail, let recording = Self.recorded["\(documents.region)/\(realm)/\(name)/\(path)"],
            let body = try? EmulatorSamples.data(named: recording)
        {
            return .json(.ok, body, headers: headers)
        }
        guard let character = state.configuration.wowCharacter(realmSlug: realm, name: name, game: documents.game),
            let body = generate(documents, character)
        else { return .gatewayError(.notFound, headers: headers) }
        return .json(.ok, body, headers: headers)
    }
}

extension EmulatorConfiguration {
    /// Every character of every account the emulator knows (its players' and the configured ones) in `game`, by
    /// account id.
    func wowCharacters(game: EmulatorWoWGame) -> [EmulatorWoWCharacter] {
        Set(players.map(\.accountID)).union(games.wow.keys).sorted()
            .flatMap { games.wowAccount(accountID: $0, game: game).characters }
    }

    /// The character with this realm slug and name, in any letter case, among ``wowCharacters(game:)``.
    func wowCharacter(realmSlug: String, name: String, game: EmulatorWoWGame) -> EmulatorWoWCharacter? {
        wowCharacters(game: game).first {
            $0.realm.slug == realmSlug.lowercased() && $0.name.lowercased() == name.lowercased()
        }
    }
}

/// Answers for characters that have no recording: a recording of the same endpoint with the recorded character's
/// identity (name, id, realm, region, namespaces) replaced by the asked one's, so that every field, its order and
/// its shape are Blizzard's; the rest (items, runs, talents) is the recorded character's.
enum RetargetedWoW {
    /// The recorded character a recording is about.
    struct Identity {
        var name: String
        var id: Int
        var realmName: String
        var realmID: Int
        var realmSlug: String
        var region: String

        static let sheday = Identity(
            name: "Sheday", id: 142_650_023, realmName: "Stormrage", realmID: 550, realmSlug: "stormrage", region: "eu")
        static let adaxion = Identity(
            name: "Adaxion", id: 234_345_345, realmName: "Area 52", realmID: 1566, realmSlug: "area-52", region: "us")
    }

    /// The recording `name` about `identity`, retargeted to `character` in the request's region and game; with
    /// `season`, the season (of a Mythic+ season answer) replaced too.
    static func body(
        _ name: String, from identity: Identity, to character: EmulatorWoWCharacter, _ documents: WoWDocuments,
        season: Int? = nil
    ) -> Data? {
        guard let data = try? EmulatorSamples.data(named: name), var text = String(data: data, encoding: .utf8) else {
            return nil
        }
        let region = documents.region, game = documents.game
        func replace(_ pattern: String, _ template: String) {
            text = text.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        func literal(_ value: String) -> String { NSRegularExpression.escapedTemplate(for: value) }
        let quotedName = OrderedJSON.string(character.name).text, quotedRealm = OrderedJSON.string(character.realm.name).text
        replace(
            NSRegularExpression.escapedPattern(for: "/character/\(identity.realmSlug)/\(identity.name.lowercased())"),
            literal("/character/\(character.realm.slug)/\(character.name.lowercased())"))
        replace(NSRegularExpression.escapedPattern(for: "\"\(identity.name)\""), literal(quotedName))
        replace("\\b\(identity.id)\\b", "\(character.id)")
        replace(NSRegularExpression.escapedPattern(for: "\"\(identity.realmName)\""), literal(quotedRealm))
        replace(NSRegularExpression.escapedPattern(for: "\"\(identity.realmSlug)\""), literal("\"\(character.realm.slug)\""))
        replace("/realm/\(identity.realmID)\\?", "/realm/\(character.realm.id)?")
        replace("(\"id\":\\s*)\(identity.realmID)(,\\s*\"slug\")", "$1\(character.realm.id)$2")
        text = String(decoding: regional(Data(text.utf8), game: game, region: region) ?? Data(), as: UTF8.self)
        if let season {
            replace("/season/[0-9]+\\?", "/season/\(season)?")
            replace("(\"season\":\\s*\\{\\s*\"key\":\\s*\\{\\s*\"href\":\\s*\"[^\"]*\"\\s*\\},\\s*\"id\":\\s*)[0-9]+", "$1\(season)")
        }
        return Data(text.utf8)
    }

    /// `data` with every host `https://{region}.api.blizzard.com` and every namespace in its hrefs those of
    /// `region` and `game`.
    static func regional(_ data: Data, game: EmulatorWoWGame, region: String) -> Data? {
        guard var text = String(data: data, encoding: .utf8) else { return nil }
        for (pattern, replacement) in [
            ("https://[a-z]{2}\\.api\\.blizzard\\.com", "https://\(region).api.blizzard.com"),
            ("namespace=profile-[a-z0-9-]+", "namespace=\(game.profileNamespace(region))"),
            ("namespace=dynamic-[a-z0-9-]+", "namespace=\(game.dynamicNamespace(region))"),
            ("namespace=static-[a-z0-9._-]+", "namespace=\(game.staticNamespace(region))"),
        ] {
            text = text.replacingOccurrences(
                of: pattern, with: NSRegularExpression.escapedTemplate(for: replacement), options: .regularExpression)
        }
        return Data(text.utf8)
    }
}
