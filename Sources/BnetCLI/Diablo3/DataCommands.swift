import ArgumentParser
import BattleNet
import BattleNetDiablo3
import BnetKit

/// `d3 act [ID]`: the acts, or one act's quests.
struct ActCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "act", abstract: "Show the acts, or one act and its quests.",
        discussion: "Examples:\n  \(D3Group.prefix) act\n  \(D3Group.prefix) act 1 --region eu")

    @Argument(help: "The act number, 1 to 5 (default: every act).")
    var id: Int?

    @OptionGroup var options: DataOptions

    func run() async throws {
        let hint = "acts are numbered 1 to 5."
        if let id {
            try await options.show(hint: hint, { try await $0.act(id) }, render: { $0.render($1) })
        } else {
            try await options.show(hint: hint, { try await $0.acts() }, render: { $0.render($1) })
        }
    }
}

/// `d3 artisan SLUG`: an artisan's recipes.
struct ArtisanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "artisan", abstract: "Show an artisan's recipes by tier: cost and reagents.",
        discussion: "Examples:\n  \(D3Group.prefix) artisan blacksmith\n  \(D3Group.prefix) artisan jeweler --json")

    @Argument(help: "blacksmith, jeweler or mystic.")
    var slug: String

    @OptionGroup var options: DataOptions

    func run() async throws {
        try await options.show(hint: NameHint.hint(slug, "artisans", ["blacksmith", "jeweler", "mystic"]),
            { try await $0.artisan(slug) }, render: { $0.render($1) })
    }
}

/// `d3 recipe ARTISAN RECIPE`: one recipe.
struct RecipeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipe", abstract: "Show one artisan recipe: cost, reagents and the item made.",
        discussion: "Recipe slugs are listed by `\(D3Group.prefix) artisan`.\n\nExample:\n  \(D3Group.prefix) recipe blacksmith apprentice-flamberge")

    @Argument(help: "blacksmith, jeweler or mystic.")
    var artisan: String

    @Argument(help: "The recipe slug, such as apprentice-flamberge.")
    var recipe: String

    @OptionGroup var options: DataOptions

    func run() async throws {
        try await options.show(hint: "`\(D3Group.prefix) artisan \(artisan)` lists its recipes.",
            { try await $0.recipe(recipe, artisan: artisan) }, render: { $0.render($1) })
    }
}

/// `d3 follower SLUG`: a follower's skills.
struct FollowerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follower", abstract: "Show a follower and its skills.",
        discussion: "Example:\n  \(D3Group.prefix) follower templar")

    @Argument(help: "templar, scoundrel or enchantress.")
    var slug: String

    @OptionGroup var options: DataOptions

    func run() async throws {
        try await options.show(hint: NameHint.hint(slug, "followers", ["templar", "scoundrel", "enchantress"]),
            { try await $0.follower(slug) }, render: { $0.render($1) })
    }
}

/// `d3 class SLUG`: a class's skills.
struct ClassCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class", abstract: "Show a character class and its active and passive skills.",
        discussion: "Example:\n  \(D3Group.prefix) class barbarian")

    @Argument(help: "barbarian, crusader, demon-hunter, monk, necromancer, witch-doctor or wizard.")
    var slug: String

    @OptionGroup var options: DataOptions

    func run() async throws {
        try await options.show(hint: NameHint.hint(slug, "classes", NameHint.classes),
            { try await $0.characterClass(slug) }, render: { $0.render($1) })
    }
}

/// `d3 skill CLASS SKILL`: one skill and its runes.
struct SkillCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skill", abstract: "Show one skill of a class: description and runes.",
        discussion: "Skill slugs are listed by `\(D3Group.prefix) class`.\n\nExample:\n  \(D3Group.prefix) skill barbarian bash")

    @Argument(help: "The class slug, such as barbarian.")
    var heroClass: String

    @Argument(help: "The skill slug, such as bash.")
    var skill: String

    @OptionGroup var options: DataOptions

    func run() async throws {
        let hint = NameHint.classes.contains(heroClass)
            ? "`\(D3Group.prefix) class \(heroClass)` lists its skills." : NameHint.hint(heroClass, "classes", NameHint.classes)
        try await options.show(hint: hint,
            { try await $0.skill(skill, characterClass: heroClass) }, render: { $0.render($1) })
    }
}

/// `d3 item-type [SLUG]`: the item types, or the items of one.
struct ItemTypeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "item-type", abstract: "Show the item types, or the items of one type.",
        discussion: "Examples:\n  \(D3Group.prefix) item-type\n  \(D3Group.prefix) item-type sword2h")

    @Argument(help: "The item type slug, such as sword2h (default: every type).")
    var slug: String?

    @OptionGroup var options: DataOptions

    func run() async throws {
        let hint = "`\(D3Group.prefix) item-type` lists the types."
        if let slug {
            try await options.show(hint: hint, { try await $0.itemType(slug) },
                render: { $0.render(itemType: slug, $1) })
        } else {
            try await options.show(hint: hint, { try await $0.itemTypes() }, render: { $0.render($1) })
        }
    }
}

/// `d3 item SLUG`: one item.
struct ItemCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "item", abstract: "Show one item: type, damage, affixes and set bonuses.",
        discussion: """
            The argument is the item's slug and id, as `\(D3Group.prefix) item-type TYPE` lists them.

            Example:
              \(D3Group.prefix) item corrupted-ashbringer-Unique_Sword_2H_104_x1
            """)

    @Argument(help: "The item's slug and id, such as corrupted-ashbringer-Unique_Sword_2H_104_x1.")
    var slug: String

    @OptionGroup var options: DataOptions

    func run() async throws {
        try await options.show(hint: "`\(D3Group.prefix) item-type TYPE` lists item slugs and ids.",
            { try await $0.item(slug) }, render: { $0.render($1) })
    }
}

/// What a not-found message adds: the valid names when the one given is not among them; when it is, that
/// Battle.net has no answer for it now, rather than a list that contradicts the request.
enum NameHint {
    static let classes = ["barbarian", "crusader", "demon-hunter", "monk", "necromancer", "witch-doctor", "wizard"]

    static func hint(_ name: String, _ noun: String, _ names: [String]) -> String {
        guard !names.contains(name.lowercased()) else {
            return "\(name) is a valid name, but Battle.net has no answer for it in this region now; try again "
                + "later or another --region."
        }
        return "the \(noun) are " + names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") + "."
    }
}
