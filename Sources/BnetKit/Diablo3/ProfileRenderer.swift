import BattleNet
import BattleNetDiablo3
import Foundation

/// Renders an account profile as text: a summary, time played per class, and a table of heroes. Every text
/// from the profile goes through ``TerminalText/line(_:)``.
public struct ProfileRenderer: TextRenderer {
    /// How it lays text out.
    public var format: TextFormat

    /// Creates a renderer; plain text, UTC dates and 100 columns by default.
    public init(_ format: TextFormat = TextFormat()) {
        self.format = format
    }

    /// The whole profile, ending with a newline.
    public func render(_ profile: D3Profile, requested: BattleTag) -> String {
        var lines = [style.bold(style.cyan(TerminalText.line((profile.battleTag ?? requested).description)))]
        let paragon = [
            "\(profile.paragonLevel) normal", "\(profile.paragonLevelHardcore) hardcore",
            "\(profile.paragonLevelSeason) season", "\(profile.paragonLevelSeasonHardcore) season hardcore",
        ]
        let kills = "\(Formatting.grouped(profile.kills.monsters)) monsters, "
            + "\(Formatting.grouped(profile.kills.elites)) elites"
            + (profile.kills.hardcoreMonsters > 0
                ? ", \(Formatting.grouped(profile.kills.hardcoreMonsters)) hardcore monsters" : "")
        let fields: [(String, String)] = [
            ("Guild", profile.guildName.isEmpty ? "none" : TerminalText.line(profile.guildName)),
            ("Paragon", paragon.joined(separator: ", ")),
            ("Kills", kills),
            ("Last updated", Formatting.minute(profile.lastUpdated, timeZone: timeZone)),
        ]
        lines += fields.map { "  " + Formatting.padded($0.0, to: 14) + $0.1 }
        lines += [""] + timePlayed(profile)
        lines += [""] + heroes(profile)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Time played per class: each class's share of the total, and a bar relative to the most played.
    func timePlayed(_ profile: D3Profile) -> [String] {
        let entries: [(name: String, share: Double)] = profile.timePlayed.filter { $0.value > 0 }
            .map { (TerminalText.line(D3HeroClass(rawValue: $0.key).displayName), $0.value) }
            .sorted { $0.share != $1.share ? $0.share > $1.share : $0.name < $1.name }
        guard let most = entries.first?.share else { return [style.bold("Time played"), "  none recorded"] }
        let total = entries.reduce(0) { $0 + $1.share }
        let nameWidth = entries.map { Formatting.width($0.name) }.max() ?? 0
        return [style.bold("Time played")] + entries.map { name, value in
            let bar = String(repeating: "█", count: max(1, Int((value / most * 24).rounded())))
            let paddedName = Formatting.padded(name, to: nameWidth)
            let percent = Formatting.padded(Formatting.percent(value / total), to: 6, alignRight: true)
            return "  \(paddedName)  \(percent)  \(style.cyan(bar))"
        }
    }

    /// The heroes, most recently updated first.
    func heroes(_ profile: D3Profile) -> [String] {
        let heroes = profile.heroes.sorted {
            $0.lastUpdated != $1.lastUpdated ? $0.lastUpdated > $1.lastUpdated : $0.id < $1.id
        }
        guard !heroes.isEmpty else { return [style.bold("Heroes"), "  none"] }
        var table = TextTable(
            headers: ["ID", "NAME", "CLASS", "LEVEL", "PARAGON", "SEASONAL", "HARDCORE", "DEAD", "ELITES", "UPDATED"],
            rightAligned: [0, 3, 4, 8])
        table.rows = heroes.map { hero in
            [
                String(hero.id), hero.name, hero.heroClass.displayName, String(hero.level), String(hero.paragonLevel),
                yesNo(hero.seasonal), yesNo(hero.hardcore), hero.dead ? "yes" : "no",
                Formatting.grouped(hero.eliteKills), Formatting.day(hero.lastUpdated, timeZone: timeZone),
            ]
        }
        return [style.bold("Heroes (\(heroes.count))")] + table.render(indent: "  ", width: width, headerStyle: style.dim)
    }

    private func yesNo(_ flag: Bool) -> String { flag ? "yes" : "no" }
}
