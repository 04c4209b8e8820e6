import BattleNet
import BattleNetDiablo3
import Foundation

/// Renders one hero as text: who it is, skills, main stats and equipped items by slot. Every text from the
/// hero goes through ``TerminalText/line(_:)``.
public struct HeroRenderer: TextRenderer {
    /// How it lays text out.
    public var format: TextFormat

    /// Creates a renderer; plain text, UTC dates and 100 columns by default.
    public init(_ format: TextFormat = TextFormat()) {
        self.format = format
    }

    /// The whole hero, ending with a newline; with `items` (the hero items endpoint), each item's primary affixes;
    /// with `followers` (the follower items endpoint), each follower's items and their primary affixes.
    public func render(
        _ hero: D3Hero, of battleTag: BattleTag, items details: D3HeroItems? = nil,
        followers: D3FollowerItems? = nil
    ) -> String {
        var flags = [hero.seasonal ? "seasonal" : "non-seasonal", hero.hardcore ? "hardcore" : "softcore"]
        if !hero.alive { flags.append(style.red("dead")) }
        var lines: [String] = [
            style.bold(style.cyan(TerminalText.line(hero.name)))
                + " - \(TerminalText.line(hero.heroClass.displayName)), level \(hero.level), "
                + "paragon \(hero.paragonLevel) (\(flags.joined(separator: ", ")))",
            "  " + Formatting.padded("Account", to: 14) + TerminalText.line(battleTag.description)
                + ", hero \(hero.id)",
            "  " + Formatting.padded("Elite kills", to: 14) + Formatting.grouped(hero.eliteKills),
            "  " + Formatting.padded("Greater rift", to: 14) + "\(hero.highestSoloRiftCompleted) (solo)",
        ]
        if let updated = hero.lastUpdated {
            lines.append("  " + Formatting.padded("Last updated", to: 14) + Formatting.minute(updated, timeZone: timeZone))
        }
        lines += [""] + skills(hero.skills)
        lines += [""] + stats(hero)
        lines += [""] + items(hero, details: details)
        if let followers { lines += [""] + self.followers(followers) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each follower with items (templar, scoundrel, enchantress first), its items by slot and their primary
    /// affixes.
    func followers(_ followers: D3FollowerItems) -> [String] {
        let known = ["templar", "scoundrel", "enchantress"]
        let names = known.filter { followers[$0] != nil } + followers.followers.keys.filter { !known.contains($0) }.sorted()
        var lines = [style.bold("Followers")]
        if names.isEmpty { lines.append("  none has items") }
        let knownSlots = D3ItemSlot.allCases.map(\.rawValue)
        for name in names {
            guard let items = followers[name] else { continue }
            lines.append("  " + style.bold(TerminalText.line(name.prefix(1).uppercased() + name.dropFirst())))
            let slots = knownSlots.filter { items[$0] != nil } + items.slots.filter { !knownSlots.contains($0) }
            for slot in slots {
                guard let item = items[slot] else { continue }
                lines.append("    " + Formatting.padded(TerminalText.line(Self.slotName(slot)), to: 14)
                    + style.itemColor(TerminalText.line(item.name), item.displayColor)
                    + (Self.quality(item.displayColor).map { " (\($0))" } ?? ""))
                lines += item.attributes.primary.map { String(repeating: " ", count: 20) + TerminalText.line($0) }
            }
        }
        return lines
    }

    func skills(_ skills: D3HeroSkills) -> [String] {
        var lines = [style.bold("Skills")]
        let active = skills.active.filter { !$0.skill.name.isEmpty }
        lines += active.isEmpty ? ["  Active   none"] : active.enumerated().map { index, entry in
            let rune = TerminalText.line(entry.rune?.name ?? "").trimmingCharacters(in: .whitespaces)
            return (index == 0 ? "  Active   " : "           ") + TerminalText.line(entry.skill.name)
                + (rune.isEmpty ? "" : " (\(rune))")
        }
        let passive = skills.passive.map { TerminalText.line($0.skill.name) }.filter { !$0.isEmpty }
        lines += passive.isEmpty ? ["  Passive  none"] : passive.enumerated().map { index, name in
            (index == 0 ? "  Passive  " : "           ") + name
        }
        return lines
    }

    func stats(_ hero: D3Hero) -> [String] {
        let (primaryName, primary) = primaryStat(hero)
        let rows: [(String, String)] = [
            ("Life", Formatting.grouped(hero.stats.life)),
            ("Damage", Formatting.grouped(hero.stats.damage)),
            ("Toughness", Formatting.grouped(hero.stats.toughness)),
            ("Healing", Formatting.grouped(hero.stats.healing)),
            (primaryName, Formatting.grouped(primary)),
        ]
        let width = rows.map { $0.1.count }.max() ?? 0
        return [style.bold("Stats")] + rows.map {
            "  " + Formatting.padded($0.0, to: 14) + Formatting.padded($0.1, to: width, alignRight: true)
        }
    }

    func items(_ hero: D3Hero, details: D3HeroItems? = nil) -> [String] {
        let known = D3ItemSlot.allCases.map(\.rawValue)
        let slots = known.filter { hero.items[$0] != nil } + hero.items.keys.filter { !known.contains($0) }.sorted()
        var lines = [style.bold("Items")]
        if slots.isEmpty { lines.append("  none equipped") }
        for slot in slots {
            guard let item = hero.items[slot] else { continue }
            lines.append("  " + Formatting.padded(TerminalText.line(Self.slotName(slot)), to: 14) + describe(item))
            lines += (details?[slot]?.attributes.primary ?? []).map {
                String(repeating: " ", count: 18) + TerminalText.line($0)
            }
        }
        if !hero.legendaryPowers.isEmpty {
            lines += ["", style.bold("Kanai's Cube")] + hero.legendaryPowers.map { "  " + describe($0) }
        }
        return lines
    }

    private func describe(_ item: D3ItemSummary) -> String {
        style.itemColor(TerminalText.line(item.name), item.displayColor)
            + (Self.quality(item.displayColor).map { " (\($0))" } ?? "")
    }

    /// The stat a class's damage scales with, and its value.
    func primaryStat(_ hero: D3Hero) -> (String, Double) {
        switch hero.heroClass {
        case .barbarian, .crusader: ("Strength", hero.stats.strength)
        case .demonHunter, .monk: ("Dexterity", hero.stats.dexterity)
        case .necromancer, .witchDoctor, .wizard: ("Intelligence", hero.stats.intelligence)
        case .unknown:
            [("Strength", hero.stats.strength), ("Dexterity", hero.stats.dexterity),
             ("Intelligence", hero.stats.intelligence)].max { $0.1 < $1.1 }!
        }
    }

    static func quality(_ displayColor: String?) -> String? {
        switch displayColor {
        case "orange": "legendary"
        case "green": "set"
        case "yellow": "rare"
        case "blue": "magic"
        case "white", "gray", "grey": "normal"
        default: nil
        }
    }

    /// `leftFinger` as `Left finger`.
    static func slotName(_ slot: String) -> String {
        var words: [String] = []
        for character in slot {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
        }
        let sentence = words.map { $0.lowercased() }.joined(separator: " ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }
}
