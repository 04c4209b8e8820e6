import BattleNetWorldOfWarcraft
import Foundation

/// Any character's public data (equipment, pictures, achievements, Mythic+, PvP, specializations) and a guild's
/// roster.
extension WoWRenderer {
    /// `Name on Realm` of a character reference.
    static func who(_ character: WoWCharacterReference?) -> String {
        let name = character?.name ?? "?"
        return character?.realm?.name.map { "\(name) on \($0.text())" } ?? name
    }

    /// Each slot's item with its item level, quality, enchantments and gems; the average item level first.
    public func equipment(_ equipment: WoWCharacterEquipment) -> String {
        var title = "Equipment of \(Self.who(equipment.character))"
        if let average = equipment.averageItemLevel { title += ", item level " + String(format: "%.1f", average) }
        var table = TextTable(headers: ["Slot", "Item", "Level", "Quality", "Enchantments and gems"],
            rightAligned: [2], multiline: [4])
        table.rows = equipment.equippedItems.map { item in
            let extras = (item.enchantments ?? []).compactMap(\.displayString)
                + (item.sockets ?? []).compactMap { $0.displayString ?? $0.item?.name?.text() }
            return [item.slot?.name?.text() ?? item.slot?.type.rawValue ?? "", item.name?.text() ?? "item \(item.item.id)",
                    item.level.map { String($0.value) } ?? "", item.quality?.name?.text() ?? "",
                    extras.joined(separator: "\n")]
        }
        return ([style.bold(style.cyan(TerminalText.line(title)))]
            + table.render(indent: "  ", width: width, headerStyle: style.dim)).joined(separator: "\n") + "\n"
    }

    /// The avatar, inset and render URLs.
    public func media(_ media: WoWCharacterMedia) -> String {
        fields("Pictures of \(Self.who(media.character))",
            [("Avatar", media.avatar), ("Inset", media.inset), ("Render", media.render)].compactMap { name, url in
                url.map { (name, $0) }
            })
    }

    /// The points, the count, the points by category and the latest achievements.
    public func achievements(_ summary: WoWAchievementsSummary) -> String {
        var fields: [(String, String)] = []
        if let points = summary.totalPoints { fields.append(("Points", Formatting.grouped(points))) }
        fields.append(("Completed", Formatting.grouped(summary.totalQuantity ?? summary.completed.count)))
        var more: [String] = []
        if let categories = summary.categoryProgress, !categories.isEmpty {
            var table = TextTable(headers: ["Category", "Completed", "Points"], rightAligned: [1, 2])
            table.rows = categories.map {
                [$0.category.name?.text() ?? "category \($0.category.id)", String($0.quantity ?? 0), String($0.points ?? 0)]
            }
            more += [""] + self.table("By category:", table)
        }
        if let recent = summary.recentEvents, !recent.isEmpty {
            var table = TextTable(headers: ["When", "Achievement"])
            table.rows = recent.map { event in
                [event.timestamp.map { Formatting.day(Self.date($0), timeZone: timeZone) } ?? "",
                 event.achievement.name?.text() ?? "achievement \(event.achievement.id)"]
            }
            more += [""] + self.table("Latest:", table)
        }
        return self.fields("Achievements of \(Self.who(summary.character))", fields, more: more)
    }

    /// The Mythic+ profile: current rating, this week's best runs, the seasons played.
    public func mythicPlus(_ profile: WoWMythicKeystoneProfile) -> String {
        var fields: [(String, String)] = []
        if let rating = profile.currentMythicRating { fields.append(("Rating", String(format: "%.1f", rating.rating))) }
        if let seasons = profile.seasons, !seasons.isEmpty {
            fields.append(("Seasons", seasons.map { String($0.id) }.joined(separator: ", ") + " (show one with --season)"))
        }
        let runs = profile.currentPeriod?.bestRuns ?? []
        let more = runs.isEmpty ? ["", "  no runs this week"] : [""] + table("This week's best runs:", self.runs(runs))
        return self.fields("Mythic+ of \(Self.who(profile.character))", fields, more: more)
    }

    /// One Mythic+ season: its rating and best runs.
    public func mythicPlus(season: WoWMythicKeystoneSeason) -> String {
        let rating = season.mythicRating.map { [("Rating", String(format: "%.1f", $0.rating))] } ?? []
        let more = season.bestRuns.isEmpty ? ["", "  no runs"] : [""] + table("Best runs:", runs(season.bestRuns))
        return fields("Mythic+ season \(season.season.map { String($0.id) } ?? "?") of \(Self.who(season.character))",
            rating, more: more)
    }

    /// A character's PvP summary.
    public func pvp(_ summary: WoWPvPSummary) -> String {
        var fields: [(String, String)] = []
        if let level = summary.honorLevel { fields.append(("Honor level", String(level))) }
        if let kills = summary.honorableKills { fields.append(("Honorable kills", Formatting.grouped(kills))) }
        var more: [String] = []
        if let maps = summary.pvpMapStatistics, !maps.isEmpty {
            var table = TextTable(headers: ["Battleground", "Played", "Won", "Lost"], rightAligned: [1, 2, 3])
            table.rows = maps.map { map in
                let games = map.matchStatistics
                return [map.worldMap.name?.text() ?? "map \(map.worldMap.id)", String(games?.played ?? 0),
                        String(games?.won ?? 0), String(games?.lost ?? 0)]
            }
            more += [""] + self.table("Battlegrounds:", table)
        }
        return self.fields("PvP of \(Self.who(summary.character))", fields, more: more)
    }

    /// Each specialization with its talents and loadouts; the active one first, marked.
    public func specializations(_ answer: WoWCharacterSpecializations) -> String {
        let active = answer.activeSpecialization?.id
        var table = TextTable(headers: ["", "Specialization", "Talents", "Loadout"], rightAligned: [2])
        table.rows = answer.specializations.map { spec in
            let loadout = spec.loadouts?.first { $0.isActive == true } ?? spec.loadouts?.first
            return [spec.specialization.id == active ? "*" : "", spec.specialization.name?.text() ?? "",
                    String(spec.talents?.count ?? 0), loadout?.talentLoadoutCode ?? ""]
        }
        return fields("Specializations of \(Self.who(answer.character))",
            [("Active", answer.activeSpecialization?.name?.text() ?? "none")],
            more: [""] + table.render(indent: "  ", width: width, headerStyle: style.dim))
    }

    /// A guild's members by rank (0 is the guild master).
    public func guild(_ roster: WoWGuildRoster) -> String {
        let guild = roster.guild
        var title = guild?.name ?? "Guild"
        if let realm = guild?.realm?.name?.text() { title += " on \(realm)" }
        var table = TextTable(headers: ["Rank", "Name", "Level", "Class", "Race"], rightAligned: [0, 2])
        table.rows = roster.members.sorted { $0.rank < $1.rank }.map { member in
            let character = member.character
            return [String(member.rank), character.name, character.level.map(String.init) ?? "",
                    character.playableClass?.name?.text() ?? character.playableClass.map { "class \($0.id)" } ?? "",
                    character.playableRace?.name?.text() ?? character.playableRace.map { "race \($0.id)" } ?? ""]
        }
        return fields(title, [("Members", String(roster.members.count))],
            more: [""] + table.render(indent: "  ", width: width, headerStyle: style.dim))
    }

    private func runs(_ runs: [WoWMythicKeystoneRun]) -> TextTable {
        var table = TextTable(headers: ["Dungeon", "Level", "Time", "In time", "Rating", "Completed"], rightAligned: [1, 2, 4])
        table.rows = runs.map { run in
            [run.dungeon?.name?.text() ?? run.dungeon.map { "dungeon \($0.id)" } ?? "", String(run.keystoneLevel),
             run.duration.map(Self.duration) ?? "", run.isCompletedWithinTime == false ? "no" : "yes",
             run.mythicRating.map { String(format: "%.1f", $0.rating) } ?? "",
             run.completedTimestamp.map { Formatting.day(Self.date($0), timeZone: timeZone) } ?? ""]
        }
        return table
    }

    /// Milliseconds as `32:05`.
    static func duration(_ milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        return "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    }

    /// Milliseconds since 1970 as a date.
    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
