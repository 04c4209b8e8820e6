import BattleNet
import BattleNetHearthstone
import BattleNetStarCraft2
import BattleNetWorldOfWarcraft
import Foundation

/// Asks each typed game endpoint once and says what changed (see main.swift).
struct GameDriftCheck {
    /// One endpoint asked, and what was found.
    struct Finding: CustomStringConvertible {
        var subject: String
        /// Nil when it holds; otherwise what changed.
        var drift: String?
        var detail: String
        var skipped = false

        var description: String {
            if skipped { return "--     \(subject): \(detail)" }
            return drift.map { "DRIFT  \(subject): \($0)" } ?? "ok     \(subject): \(detail)"
        }
    }

    let region: Region
    let wow: WorldOfWarcraftClient
    let anniversary: WorldOfWarcraftClient
    let sc2: StarCraft2Client
    let hearthstone: HearthstoneClient
    let answers: AnswerRecorder

    init(region: Region, credentials: ClientCredentials, transport: any HTTPTransport) {
        self.region = region
        answers = AnswerRecorder(transport: transport)
        let oauth = OAuthClient(credentials: credentials, endpoints: BattleNetEndpoints(region: region), transport: transport)
        // Large enough for a busy realm's auctions and the commodities.
        let api = BlizzardAPI(
            region: region, locale: .enUS, tokens: ClientCredentialsTokenProvider(client: oauth), transport: answers,
            timeout: .seconds(60), maxResponseBytes: 512 << 20)
        wow = WorldOfWarcraftClient(api: api)
        anniversary = WorldOfWarcraftClient(api: api, game: .classicAnniversary)
        sc2 = StarCraft2Client(api: api)
        hearthstone = HearthstoneClient(api: api)
    }

    /// Asks `fetch` and decodes its answer as `T`: ok with `summary`, or what drifted.
    private func check<T: Decodable>(
        _ subject: String, namespace: String?, as type: T.Type, _ fetch: () async throws -> Data,
        summary: (T) -> String
    ) async -> (Finding, T?) {
        let data: Data
        do {
            data = try await fetch()
        } catch {
            return (Finding(subject: subject, drift: "\(error) (status \(await answers.lastStatus))", detail: ""), nil)
        }
        let answered = await answers.lastNamespace
        // A static namespace answers with its build (`static-11.0.2_55959-eu` for `static-eu`).
        let unversioned = answered?.replacingOccurrences(of: #"-[0-9]+(\.[0-9]+)*_[0-9]+"#, with: "", options: .regularExpression)
        if let namespace, unversioned != namespace {
            return (Finding(subject: subject, drift: "asked in \(namespace), answered in \(answered ?? "no namespace")", detail: ""), nil)
        }
        do {
            let value = try JSONDecoder().decode(T.self, from: data)
            let where_ = answered.map { ", namespace \($0)" } ?? ""
            return (Finding(subject: subject, drift: nil, detail: "200\(where_), \(summary(value))"), value)
        } catch {
            return (Finding(subject: subject, drift: "the model does not decode the answer: \(Self.describe(error))", detail: ""), nil)
        }
    }

    private static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context): return "\(path(context)).\(key.stringValue) is missing"
        case .typeMismatch(let type, let context): return "\(path(context)) is not a \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context): return "\(path(context)) is null, a \(type) was expected"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        default: return "\(error)"
        }
    }

    private func skipped(_ subjects: [String], _ why: String) -> [Finding] {
        subjects.map { Finding(subject: $0, drift: nil, detail: "not asked: \(why)", skipped: true) }
    }

    func run() async -> [Finding] {
        var findings: [Finding] = []
        findings += await world()
        findings += await characters()
        findings += await starCraft()
        findings += await cards()
        return findings
    }

    // MARK: World of Warcraft

    private func world() async -> [Finding] {
        var out: [Finding] = []
        let dynamic = wow.game.dynamicNamespace(region)
        let (realms, index) = await check("wow realm index", namespace: dynamic, as: WoWRealmIndex.self, {
            try await wow.data(.realmIndex)
        }, summary: { "\($0.realms.count) realms" })
        out.append(realms)
        if let slug = index?.realms.first?.slug {
            out.append(await check("wow realm \(slug)", namespace: dynamic, as: WoWRealm.self, {
                try await wow.data(.realm(slug: slug))
            }, summary: { "connected realm \($0.connectedRealmID.map(String.init) ?? "?")" }).0)
        }
        let (connected, ids) = await check("wow connected-realm index", namespace: dynamic, as: WoWConnectedRealmIndex.self, {
            try await wow.data(.connectedRealmIndex)
        }, summary: { "\($0.ids.count) connected realms" })
        out.append(connected)
        out.append(await check("wow token", namespace: dynamic, as: WoWTokenPrice.self, {
            try await wow.data(.tokenIndex)
        }, summary: { "\($0.gold) gold" }).0)
        out.append(await listing("wow commodities", namespace: dynamic) { try await wow.data(.commodities) })
        out.append(await check("wow keystone affixes", namespace: wow.game.staticNamespace(region), as: WoWKeystoneAffixIndex.self, {
            try await wow.data(.keystoneAffixIndex)
        }, summary: { "\($0.affixes.count) affixes" }).0)
        out.append(await check("wow classicann realm index", namespace: anniversary.game.dynamicNamespace(region), as: WoWRealmIndex.self, {
            try await anniversary.data(.realmIndex)
        }, summary: { "\($0.realms.count) Anniversary realms" }).0)
        guard let realm = ids?.ids.first else {
            return out + skipped(["wow connected realm", "wow auctions", "wow mythic+ leaderboard"], "no connected realm listed")
        }
        out.append(await check("wow connected realm \(realm)", namespace: dynamic, as: WoWConnectedRealm.self, {
            try await wow.data(.connectedRealm(id: realm))
        }, summary: { "\($0.status?.type.rawValue ?? "?"), \($0.population?.type.rawValue ?? "?")" }).0)
        out.append(await listing("wow auctions of \(realm)", namespace: dynamic) {
            try await wow.data(.auctions(connectedRealmID: realm))
        })
        return out
    }

    /// An auction listing: read, and its first page decoded.
    private func listing(_ subject: String, namespace: String, _ fetch: () async throws -> Data) async -> Finding {
        do {
            let listing = try WoWAuctionListing(data: try await fetch())
            _ = try listing.pages(of: 100).first?.get()
            return Finding(subject: subject, drift: nil, detail: "200, \(listing.count) auctions, \(listing.data.count) bytes")
        } catch {
            return Finding(subject: subject, drift: "\(error) (status \(await answers.lastStatus))", detail: "")
        }
    }

    /// The current Mythic+ board of the first connected realm, and the character and guild endpoints of its best
    /// group's first member.
    private func characters() async -> [Finding] {
        let subjects = ["wow mythic+ leaderboard", "wow equipment", "wow character media", "wow achievements",
                        "wow mythic+ profile", "wow mythic+ season", "wow pvp summary", "wow specializations", "wow guild roster"]
        let dynamic = wow.game.dynamicNamespace(region), profile = wow.namespace
        guard let realm = try? await wow.connectedRealms().ids.first,
            let board = try? await wow.api.data(
                "data/wow/connected-realm/\(realm)/mythic-leaderboard/index", namespace: dynamic),
            let object = try? JSONSerialization.jsonObject(with: board) as? [String: Any],
            let href = ((object["current_leaderboards"] as? [[String: Any]])?.first?["key"] as? [String: Any])?["href"] as? String,
            let ids = Self.boardIDs(href)
        else { return skipped(subjects, "no current Mythic+ leaderboard was listed") }
        let (dungeon, period) = ids
        var out: [Finding] = []
        let (found, leaderboard) = await check("wow mythic+ leaderboard \(realm)/\(dungeon)/\(period)", namespace: dynamic,
            as: WoWMythicKeystoneLeaderboard.self, {
                try await wow.data(.mythicKeystoneLeaderboard(connectedRealmID: realm, dungeonID: dungeon, period: period))
            }, summary: { "\($0.leadingGroups.count) groups" })
        out.append(found)
        guard let player = leaderboard?.leadingGroups.first?.members?.first?.profile, let name = player.name,
            let slug = player.realm?.slug
        else { return out + skipped(Array(subjects.dropFirst()), "the board names no player") }
        func named(_ what: String) -> String { "\(what) \(name)@\(slug)" }
        out.append(await check(named("wow equipment"), namespace: profile, as: WoWCharacterEquipment.self, {
            try await wow.data(.equipment(realmSlug: slug, name: name))
        }, summary: { "\($0.equippedItems.count) items, item level \($0.averageItemLevel.map { String(Int($0)) } ?? "?")" }).0)
        out.append(await check(named("wow character media"), namespace: profile, as: WoWCharacterMedia.self, {
            try await wow.data(.characterMedia(realmSlug: slug, name: name))
        }, summary: { $0.avatar == nil ? "no avatar" : "avatar \($0.avatar!)" }).0)
        out.append(await check(named("wow achievements"), namespace: profile, as: WoWAchievementsSummary.self, {
            try await wow.data(.achievements(realmSlug: slug, name: name))
        }, summary: { "\($0.totalPoints ?? 0) points" }).0)
        let (keystone, mythic) = await check(named("wow mythic+ profile"), namespace: profile, as: WoWMythicKeystoneProfile.self, {
            try await wow.data(.mythicKeystoneProfile(realmSlug: slug, name: name))
        }, summary: { "rating \($0.currentMythicRating.map { String(Int($0.rating)) } ?? "none")" })
        out.append(keystone)
        if let season = mythic?.seasons?.first?.id {
            out.append(await check(named("wow mythic+ season \(season)"), namespace: profile, as: WoWMythicKeystoneSeason.self, {
                try await wow.data(.mythicKeystoneSeason(realmSlug: slug, name: name, season: season))
            }, summary: { "\($0.bestRuns.count) best runs" }).0)
        } else {
            out += skipped(["wow mythic+ season"], "the profile lists no season")
        }
        out.append(await check(named("wow pvp summary"), namespace: profile, as: WoWPvPSummary.self, {
            try await wow.data(.pvpSummary(realmSlug: slug, name: name))
        }, summary: { "honor level \($0.honorLevel ?? 0)" }).0)
        out.append(await check(named("wow specializations"), namespace: profile, as: WoWCharacterSpecializations.self, {
            try await wow.data(.specializations(realmSlug: slug, name: name))
        }, summary: { "active \($0.activeSpecialization?.name?.text() ?? "none")" }).0)
        guard let guild = try? await wow.character(realmSlug: slug, name: name).guild?.name?.text() else {
            return out + skipped(["wow guild roster"], "\(name) is in no guild")
        }
        let guildSlug = guild.lowercased().filter { $0 != "'" }.replacingOccurrences(of: " ", with: "-")
        out.append(await check("wow guild roster \(guildSlug)@\(slug)", namespace: profile, as: WoWGuildRoster.self, {
            try await wow.data(.guildRoster(realmSlug: slug, guildSlug: guildSlug))
        }, summary: { "\($0.members.count) members" }).0)
        return out
    }

    /// The dungeon and period of `…/mythic-leaderboard/{dungeon}/period/{period}?…`.
    static func boardIDs(_ href: String) -> (Int, Int)? {
        let parts = href.split(separator: "?")[0].split(separator: "/")
        guard let at = parts.firstIndex(of: "mythic-leaderboard"), parts.count > at + 3, let dungeon = Int(parts[at + 1]),
            let period = Int(parts[at + 3])
        else { return nil }
        return (dungeon, period)
    }

    // MARK: StarCraft II and Hearthstone

    private func starCraft() async -> [Finding] {
        let regionID = [Region.us: 1, .eu: 2, .kr: 3, .tw: 3, .cn: 5][region] ?? 1
        var out: [Finding] = []
        let (season, current) = await check("sc2 season \(regionID)", namespace: nil, as: SC2Season.self, {
            try await sc2.data(.season(regionID: regionID))
        }, summary: { "season \($0.seasonID)" })
        out.append(season)
        let (board, grandmasters) = await check("sc2 grandmaster \(regionID)", namespace: nil, as: SC2GrandmasterLeaderboard.self, {
            try await sc2.data(.grandmaster(regionID: regionID))
        }, summary: { "\($0.ladderTeams.count) teams" })
        out.append(board)
        if let seasonID = current?.seasonID {
            out.append(await check("sc2 league \(seasonID)/201/0/6", namespace: nil, as: SC2League.self, {
                try await sc2.data(.league(seasonID: seasonID, queueID: 201, teamType: 0, leagueID: 6))
            }, summary: { "\($0.tier.count) tiers" }).0)
        }
        guard let member = grandmasters?.ladderTeams.first?.teamMembers.first, let realm = member.realm else {
            return out + skipped(["sc2 ladder summary", "sc2 ladder"], "the grandmaster board names no player")
        }
        let (summary, ladders) = await check("sc2 ladder summary \(regionID)/\(realm)/\(member.id)", namespace: nil,
            as: SC2LadderSummary.self, {
                try await sc2.data(.ladderSummary(regionID: regionID, realmID: realm, profileID: member.id))
            }, summary: { "\($0.allLadderMemberships.count) ladders" })
        out.append(summary)
        guard let ladder = ladders?.allLadderMemberships.first.flatMap({ Int($0.ladderID) }) else {
            return out + skipped(["sc2 ladder"], "the summary lists no ladder")
        }
        out.append(await check("sc2 ladder \(ladder)", namespace: nil, as: SC2ProfileLadder.self, {
            try await sc2.data(.ladder(regionID: regionID, realmID: realm, profileID: member.id, ladderID: ladder))
        }, summary: { "\($0.ladderTeams.count) teams" }).0)
        return out
    }

    private func cards() async -> [Finding] {
        var out: [Finding] = []
        let (search, page) = await check("hs card search", namespace: nil, as: HSCardPage.self, {
            try await hearthstone.data(.cards(HSCardSearch(manaCost: [1])))
        }, summary: { "\($0.cardCount) cards, \($0.pageCount) pages" })
        out.append(search)
        if let slug = page?.cards.first?.slug {
            out.append(await check("hs card \(slug)", namespace: nil, as: HSCard.self, {
                try await hearthstone.data(.card(slug))
            }, summary: { $0.name?.text() ?? "" }).0)
        }
        let code = "AAECAQcG+wyd8AKS+AKggAOblAPanQMMS6IE/web8wLR9QKD+wKe+wKz/AL1gAOXlAOalAOSnwMA"
        out.append(await check("hs deck", namespace: nil, as: HSDeck.self, {
            try await hearthstone.data(.deck(code: code))
        }, summary: { "\($0.cards.count) cards, hero \($0.hero?.name?.text() ?? "?")" }).0)
        out.append(await check("hs metadata", namespace: nil, as: HSMetadata.self, {
            try await hearthstone.data(.metadata)
        }, summary: { "\($0.sets.count) sets" }).0)
        return out
    }
}

/// The transport of the check, keeping the status and `Battlenet-Namespace` of the last answer.
actor AnswerRecorder: HTTPTransport {
    let transport: any HTTPTransport
    private(set) var lastStatus = 0
    private(set) var lastNamespace: String?

    init(transport: any HTTPTransport) {
        self.transport = transport
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let response = try await transport.send(request)
        lastStatus = response.status
        lastNamespace = response.headers.first { $0.name.lowercased() == "battlenet-namespace" }?.value
        return response
    }
}
