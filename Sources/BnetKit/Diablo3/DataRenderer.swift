import BattleNet
import BattleNetDiablo3
import Foundation

/// Renders the Diablo III data endpoints (acts, artisans, recipes, followers, classes, skills, item types,
/// items, seasons, eras, leaderboards) as text: a bold title, `label  value` fields and tables. Every text
/// from the server goes through ``TerminalText/line(_:)``.
public struct DataRenderer: TextRenderer {
    /// How it lays text out.
    public var format: TextFormat
    /// The program whose commands the text suggests (`d3 item ...`, `bnet d3 item ...`).
    public var program: Program

    /// Creates a renderer for `program`; plain text, UTC dates and 100 columns by default.
    public init(program: Program, format: TextFormat = TextFormat()) {
        self.program = program
        self.format = format
    }

    /// A document: a title, then sections separated by blank lines, ending with a newline.
    func document(_ title: String, _ sections: [[String]]) -> String {
        ([style.bold(style.cyan(TerminalText.line(title)))] + sections.filter { !$0.isEmpty }.flatMap { [""] + $0 })
            .joined(separator: "\n") + "\n"
    }

    /// `label  value` lines, the labels padded to one width.
    func fields(_ pairs: [(String, String?)]) -> [String] {
        let shown = pairs.compactMap { pair in pair.1.map { (pair.0, TerminalText.line($0)) } }
        let width = (shown.map { Formatting.width($0.0) }.max() ?? 0) + 2
        return shown.map { "  " + Formatting.padded($0.0, to: width) + $0.1 }
    }

    /// A titled table, or the title and `none` when it has no rows.
    func section(
        _ title: String, _ headers: [String], rightAligned: Set<Int> = [], multiline: Set<Int> = [], _ rows: [[String]]
    ) -> [String] {
        [style.bold(title)] + table(headers, rightAligned: rightAligned, multiline: multiline, rows)
    }

    /// A table, or `none` when it has no rows.
    func table(
        _ headers: [String], rightAligned: Set<Int> = [], multiline: Set<Int> = [], _ rows: [[String]]
    ) -> [String] {
        guard !rows.isEmpty else { return ["  none"] }
        var table = TextTable(headers: headers, rightAligned: rightAligned, multiline: multiline)
        table.rows = rows
        return table.render(indent: "  ", width: width, headerStyle: style.dim)
    }

    /// Free text (descriptions with line breaks) as indented lines, its line breaks kept, wrapped to the width.
    func paragraph(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).flatMap { line in
            Formatting.wrap(TerminalText.line(String(line)), columns: width - 2).map { ("  " + $0).trimmingTrailingSpaces() }
        }
    }
}

extension DataRenderer {
    /// The acts and how many quests each has.
    public func render(_ index: D3ActIndex) -> String {
        document("Acts", [table(["Act", "Name", "Slug", "Quests"], rightAligned: [0, 3],
            index.acts.map { [String($0.number), $0.name, $0.slug, String($0.quests.count)] })])
    }

    /// One act's quests.
    public func render(_ act: D3Act) -> String {
        document("\(act.name) (act \(act.number))", [section("Quests", ["Quest", "Slug", "ID"], rightAligned: [2],
            act.quests.map { [$0.name, $0.slug, String($0.id)] })])
    }

    /// An artisan's recipes by tier, by the slug `d3 recipe` takes (the recipe shows its name): cost and reagents.
    public func render(_ artisan: D3ArtisanDetail) -> String {
        let rows = artisan.training.tiers.flatMap { tier in
            tier.trainedRecipes.map { recipeRow(tier.tier, $0, "trained") }
                + tier.taughtRecipes.map { recipeRow(tier.tier, $0, "plan") }
        }
        return document("\(artisan.name) (\(artisan.slug))", [
            section("Recipes (\(program.diablo3("recipe \(artisan.slug) RECIPE")) shows one)", ["Tier", "Recipe", "Learned", "Cost", "Reagents"],
                rightAligned: [0, 3], rows),
        ])
    }

    private func recipeRow(_ tier: Int, _ recipe: D3Recipe, _ learned: String) -> [String] {
        [String(tier), recipe.slug, learned, Formatting.grouped(recipe.cost), Self.reagents(recipe.reagents)]
    }

    static func reagents(_ reagents: [D3Reagent]) -> String {
        reagents.isEmpty ? "none" : reagents.map { "\($0.quantity) \($0.item.name)" }.joined(separator: ", ")
    }

    /// One recipe: cost, the item made and the reagents.
    public func render(_ recipe: D3Recipe) -> String {
        document(recipe.name, [
            fields([
                ("Recipe", recipe.slug), ("Cost", Formatting.grouped(recipe.cost) + " gold"),
                ("Makes", recipe.itemProduced.map { "\($0.name) (\(program.diablo3("item \($0.itemArgument)")))" }),
            ]),
            section("Reagents", ["Quantity", "Item", "Slug"], rightAligned: [0],
                recipe.reagents.map { [String($0.quantity), $0.item.name, $0.item.slug] }),
        ])
    }

    /// A follower and its skills with their descriptions.
    public func render(_ follower: D3FollowerDetail) -> String {
        document([follower.name, follower.realName].compactMap { $0 }.joined(separator: " - "), [
            skillTable("Skills", follower.skills.active + follower.skills.passive),
        ])
    }

    /// A class's active and passive skills.
    public func render(_ heroClass: D3CharacterClass) -> String {
        document("\(heroClass.name) (\(heroClass.slug))", [
            skillTable("Active skills", heroClass.skills.active),
            skillTable("Passive skills", heroClass.skills.passive),
        ])
    }

    private func skillTable(_ title: String, _ skills: [D3Skill]) -> [String] {
        section(title, ["Level", "Skill", "Slug", "Description"], rightAligned: [0], multiline: [3],
            skills.map { [$0.level.map(String.init) ?? "", $0.name, $0.slug, $0.description ?? ""] })
    }

    /// A skill's description and its runes.
    public func render(_ detail: D3SkillDetail) -> String {
        document(detail.skill.name, [
            fields([("Skill", detail.skill.slug), ("Level", detail.skill.level.map(String.init)),
                    ("Icon", detail.skill.icon.map { D3Media.skillIcon($0).absoluteString })]),
            paragraph(detail.skill.description),
            section("Runes", ["Level", "Rune", "Description"], rightAligned: [0], multiline: [2],
                detail.runes.map { [$0.level.map(String.init) ?? "", $0.name, $0.description ?? ""] }),
        ])
    }

    /// The item types and the slug of each.
    public func render(_ types: [D3ItemTypeSummary]) -> String {
        document("Item types", [table(["Name", "Slug", "ID"], types.map { [$0.name, $0.slug, $0.id] })])
    }

    /// The items of an item type and the argument of `d3 item` for each.
    public func render(itemType slug: String, _ items: [D3ItemReference]) -> String {
        document("Item type \(slug)", [table(["Name", "Item"], items.map { [$0.name, $0.itemArgument] })])
    }

    /// An item: type, requirements, damage, affixes, random affixes and set bonuses.
    public func render(_ item: D3Item) -> String {
        var affixes = (item.attributes.primary + item.attributes.secondary + item.attributes.passive)
            .flatMap { paragraph($0) }
        affixes += item.randomAffixes.flatMap { paragraph("One of: " + $0.oneOf.joined(separator: " | ")) }
        let set = item.set.map { set in
            [style.bold("Set: " + TerminalText.line(set.name))] + set.bonuses.flatMap { paragraph("(\($0.pieces)) " + $0.text) }
        }
        return document(item.name, [
            fields([
                ("Type", item.typeName.map { type in
                    HeroRenderer.quality(item.displayColor).map { "\(type) (\($0))" } ?? type
                }),
                ("Required level", item.requiredLevel > 0 ? String(item.requiredLevel) : nil),
                ("Damage", item.dps.map { "\($0) DPS" }), ("Armor", item.armor.map { Formatting.grouped($0) }),
                ("Icon", item.icon.map { D3Media.itemIcon($0).absoluteString }),
            ]),
            affixes.isEmpty ? [] : [style.bold("Affixes")] + affixes,
            set ?? [],
            paragraph(item.flavorText),
        ])
    }
}
