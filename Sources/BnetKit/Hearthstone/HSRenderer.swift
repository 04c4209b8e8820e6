import BattleNetHearthstone
import Foundation

/// Renders Hearthstone's cards, decks and metadata as text. Every text from Battle.net goes through
/// ``TerminalText/line(_:)``.
public struct HSRenderer: TextRenderer {
    /// How it lays text out.
    public var format: TextFormat

    /// Creates a renderer; plain text, UTC dates and 100 columns by default.
    public init(_ format: TextFormat = TextFormat()) {
        self.format = format
    }

    /// A page of a card search.
    public func cards(_ page: HSCardPage) -> String {
        var lines = [style.bold("\(Formatting.grouped(page.cardCount)) cards, page \(page.page) of \(page.pageCount)"
            + (page.hasNextPage ? " (--page \(page.page + 1) for the next)" : ""))]
        guard !page.cards.isEmpty else { return lines[0] + "\n" }
        lines += cardTable(page.cards.map { ($0, nil) }).render(width: width, headerStyle: style.dim)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One card.
    public func card(_ card: HSCard) -> String {
        var fields: [(String, String)] = [("Id", String(card.id))]
        if let slug = card.slug { fields.append(("Slug", slug)) }
        if let cost = card.manaCost { fields.append(("Mana", String(cost))) }
        if let attack = card.attack { fields.append(("Attack", String(attack))) }
        if let health = card.health { fields.append(("Health", String(health))) }
        if let durability = card.durability { fields.append(("Durability", String(durability))) }
        if let armor = card.armor { fields.append(("Armor", String(armor))) }
        if let text = card.text?.text(), !text.isEmpty { fields.append(("Text", Self.plain(text))) }
        if let flavor = card.flavorText?.text(), !flavor.isEmpty { fields.append(("Flavour", Self.plain(flavor))) }
        if let artist = card.artistName { fields.append(("Artist", artist)) }
        if let image = card.image?.text(), !image.isEmpty { fields.append(("Image", image)) }
        return self.fields(card.name?.text() ?? "card \(card.id)", fields)
    }

    /// A deck: class, format, hero, then each card once with its count, by mana cost.
    public func deck(_ deck: HSDeck) -> String {
        var fields: [(String, String)] = []
        if let deckClass = deck.deckClass?.name?.text() { fields.append(("Class", deckClass)) }
        if let format = deck.format { fields.append(("Format", format)) }
        if let hero = deck.hero?.name?.text() { fields.append(("Hero", hero)) }
        fields.append(("Cards", String(deck.cardCount ?? deck.cards.count)))
        if let invalid = deck.invalidCardIDs, !invalid.isEmpty {
            fields.append(("Unknown ids", invalid.map(String.init).joined(separator: ", ")))
        }
        var counts: [Int: Int] = [:]
        var unique: [HSCard] = []
        for card in deck.cards {
            if counts[card.id] == nil { unique.append(card) }
            counts[card.id, default: 0] += 1
        }
        unique.sort { ($0.manaCost ?? 0, $0.name?.text() ?? "") < ($1.manaCost ?? 0, $1.name?.text() ?? "") }
        let table = cardTable(unique.map { ($0, counts[$0.id]) })
        return self.fields("Deck", fields, more: [""] + table.render(indent: "  ", width: width, headerStyle: style.dim))
    }

    /// How many of each kind of metadata, then the sets.
    public func metadata(_ metadata: HSMetadata) -> String {
        let kinds: [(String, Int?)] = [
            ("Sets", metadata.sets.count), ("Set groups", metadata.setGroups?.count), ("Types", metadata.types?.count),
            ("Rarities", metadata.rarities?.count), ("Classes", metadata.classes?.count),
            ("Minion types", metadata.minionTypes?.count), ("Game modes", metadata.gameModes?.count),
            ("Keywords", metadata.keywords?.count),
        ]
        var table = TextTable(headers: ["Id", "Set", "Slug", "Released", "Collectible"], rightAligned: [0, 4])
        table.rows = metadata.sets.map {
            [String($0.id), $0.name?.text() ?? "", $0.slug ?? "", $0.releaseDate ?? "", $0.collectibleCount.map(String.init) ?? ""]
        }
        var more = [""] + self.table("Sets:", table)
        if let classes = metadata.classes, !classes.isEmpty {
            more += ["", "Classes: " + TerminalText.line(classes.map { $0.slug ?? $0.id }.joined(separator: ", "))]
        }
        return fields("Hearthstone metadata", kinds.compactMap { name, count in count.map { (name, String($0)) } },
            more: more)
    }

    /// Cards as rows: id, name, mana, attack, health, slug, and the count when given.
    private func cardTable(_ cards: [(HSCard, Int?)]) -> TextTable {
        let counted = cards.contains { $0.1 != nil }
        var table = TextTable(
            headers: (counted ? ["Count"] : []) + ["Id", "Name", "Mana", "Attack", "Health", "Slug"],
            rightAligned: Set((counted ? [0, 1, 3, 4, 5] : [0, 2, 3, 4])))
        table.rows = cards.map { card, count in
            (counted ? [String(count ?? 1)] : []) + [
                String(card.id), card.name?.text() ?? "", card.manaCost.map(String.init) ?? "",
                card.attack.map(String.init) ?? "", card.health.map(String.init) ?? "", card.slug ?? "",
            ]
        }
        return table
    }

    /// Card text without its markup (`<b>`, `<i>`, `$`, `#`, `[x]`).
    static func plain(_ text: String) -> String {
        var result = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for mark in ["[x]", "$", "#"] { result = result.replacingOccurrences(of: mark, with: "") }
        return result.replacingOccurrences(of: "\n", with: " ")
    }
}
