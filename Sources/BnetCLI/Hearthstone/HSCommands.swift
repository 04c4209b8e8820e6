import ArgumentParser
import BattleNetHearthstone
import BnetKit

/// `bnet hs ...`: Hearthstone's cards, decks and metadata (public: any sign-in or client credentials).
struct HSGroup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hs",
        abstract: "Hearthstone: search the cards, show a card, a deck from its code, the metadata.",
        discussion: "Public data: any sign-in reads it, or client credentials (BNET_CLIENT_ID, BNET_CLIENT_SECRET).",
        subcommands: [HSCardsCommand.self, HSCardCommand.self, HSDeckCommand.self, HSMetadataCommand.self])
}

/// `bnet hs cards [--search TEXT] [--page N]`: one page of a card search.
struct HSCardsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards",
        abstract: "Search the cards: one page of them (id, name, mana, attack, health, slug).",
        discussion: """
            Examples:
              bnet hs cards --search rafaam
              bnet hs cards --mana 1 --attack 1 --health 1 --page 2
              bnet hs cards --search dragon --json
            """)

    @Option(help: "Text the card's name or text contains.")
    var search: String?

    @Option(help: "Only cards of this class (its slug: mage, warrior, ...).")
    var `class`: String?

    @Option(help: "Only cards costing this much mana.")
    var mana: Int?

    @Option(help: "Only cards with this attack.")
    var attack: Int?

    @Option(help: "Only cards with this health.")
    var health: Int?

    @Option(help: "The page (the answer says how many there are).")
    var page = 1

    @OptionGroup var options: GameDataOptions

    func validate() throws {
        guard page >= 1 else { throw ValidationError("--page: give 1 or more.") }
    }

    func run() async throws {
        let search = HSCardSearch(
            textFilter: search, classSlug: `class`, manaCost: mana.map { [$0] } ?? [], attack: attack.map { [$0] } ?? [],
            health: health.map { [$0] } ?? [], page: page)
        try await options.show(hint: "`bnet hs metadata` lists the classes.", gameData: true, {
            try await HearthstoneClient(api: $0).cards(search)
        }, render: { HSRenderer(.terminal).cards($0) })
    }
}

/// `bnet hs card ID_OR_SLUG`: one card.
struct HSCardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Show one card: cost, attack, health, text, flavour, artist, image.",
        discussion: "Examples:\n  bnet hs card 52119\n  bnet hs card 52119-arch-villain-rafaam --json")

    @Argument(help: "The card's id (52119) or slug (52119-arch-villain-rafaam), as `bnet hs cards` lists them.")
    var card: String

    @OptionGroup var options: GameDataOptions

    func run() async throws {
        try await options.show(hint: "`bnet hs cards --search TEXT` finds a card's id.", gameData: true, {
            try await HearthstoneClient(api: $0).card(card)
        }, render: { HSRenderer(.terminal).card($0) })
    }
}

/// `bnet hs deck CODE`: the deck a deck code describes.
struct HSDeckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deck",
        abstract: "Show the deck a deck code describes: class, format, hero, and each card with its count.",
        discussion: """
            CODE is the code the game copies (quote it in the shell: it may hold + / =).

            Examples:
              bnet hs deck AAECAQcG+wyd8AKS+AKggAOblAPanQMMS6IE/web8wLR9QKD+wKe+wKz/AL1gAOXlAOalAOSnwMA
              bnet hs deck AAECAQcG+wyd8AKS+AKggAOblAPanQMMS6IE/web8wLR9QKD+wKe+wKz/AL1gAOXlAOalAOSnwMA --json
            """)

    @Argument(help: "The deck code.")
    var code: String

    @OptionGroup var options: GameDataOptions

    func run() async throws {
        try await options.show(hint: "check the code: copy it again from the game.", gameData: true, {
            try await HearthstoneClient(api: $0).deck(code: code)
        }, render: { HSRenderer(.terminal).deck($0) })
    }
}

/// `bnet hs metadata`: sets, classes, rarities, types, keywords.
struct HSMetadataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metadata",
        abstract: "Show the metadata the cards' ids refer to: sets, classes, rarities, types, keywords.",
        discussion: "Examples:\n  bnet hs metadata\n  bnet hs metadata --json")

    @OptionGroup var options: GameDataOptions

    func run() async throws {
        try await options.show(hint: "Hearthstone's API did not answer.", gameData: true, {
            try await HearthstoneClient(api: $0).metadata()
        }, render: { HSRenderer(.terminal).metadata($0) })
    }
}
