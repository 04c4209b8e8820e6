import Foundation

/// A Hearthstone card, as `GET /hearthstone/cards/{idorslug}` answers it and as searches and decks list it. Its
/// class, set, type, rarity and keywords are ids into ``HSMetadata``. Text fields are one string when a locale was
/// asked, every translation otherwise (``HSLocalizedString``).
public struct HSCard: Codable, Hashable, Sendable {
    /// The card id (its database id).
    public var id: Int
    /// 1 when it can be collected.
    public var collectible: Int?
    /// The slug (`52119-arch-villain-rafaam`).
    public var slug: String?
    /// The class id.
    public var classID: Int?
    /// The other classes of a multi-class card.
    public var multiClassIDs: [Int]?
    /// The type id (hero, minion, spell, weapon, hero power).
    public var cardTypeID: Int?
    /// The set id.
    public var cardSetID: Int?
    /// The rarity id.
    public var rarityID: Int?
    /// The artist (null on some heroes).
    public var artistName: String?
    /// Health (minions, heroes).
    public var health: Int?
    /// Attack (minions, weapons).
    public var attack: Int?
    /// Mana cost.
    public var manaCost: Int?
    /// Durability (weapons).
    public var durability: Int?
    /// Armor (heroes).
    public var armor: Int?
    /// The name.
    public var name: HSLocalizedString?
    /// The rules text (HTML).
    public var text: HSLocalizedString?
    /// The card image.
    public var image: HSLocalizedString?
    /// The golden image (often empty).
    public var imageGold: HSLocalizedString?
    /// The flavour text.
    public var flavorText: HSLocalizedString?
    /// The art crop (null on some heroes).
    public var cropImage: String?
    /// Cards it creates or its hero power.
    public var childIDs: [Int]?
    /// Keyword ids.
    public var keywordIDs: [Int]?
    /// The minion type id (murloc, dragon, …).
    public var minionTypeID: Int?

    /// Creates a card.
    public init(
        id: Int, collectible: Int? = nil, slug: String? = nil, classID: Int? = nil, multiClassIDs: [Int]? = nil,
        cardTypeID: Int? = nil, cardSetID: Int? = nil, rarityID: Int? = nil, artistName: String? = nil,
        health: Int? = nil, attack: Int? = nil, manaCost: Int? = nil, durability: Int? = nil, armor: Int? = nil,
        name: HSLocalizedString? = nil, text: HSLocalizedString? = nil, image: HSLocalizedString? = nil,
        imageGold: HSLocalizedString? = nil, flavorText: HSLocalizedString? = nil, cropImage: String? = nil,
        childIDs: [Int]? = nil, keywordIDs: [Int]? = nil, minionTypeID: Int? = nil
    ) {
        self.id = id
        self.collectible = collectible
        self.slug = slug
        self.classID = classID
        self.multiClassIDs = multiClassIDs
        self.cardTypeID = cardTypeID
        self.cardSetID = cardSetID
        self.rarityID = rarityID
        self.artistName = artistName
        self.health = health
        self.attack = attack
        self.manaCost = manaCost
        self.durability = durability
        self.armor = armor
        self.name = name
        self.text = text
        self.image = image
        self.imageGold = imageGold
        self.flavorText = flavorText
        self.cropImage = cropImage
        self.childIDs = childIDs
        self.keywordIDs = keywordIDs
        self.minionTypeID = minionTypeID
    }

    enum CodingKeys: String, CodingKey {
        case id, collectible, slug, classID = "classId", multiClassIDs = "multiClassIds", cardTypeID = "cardTypeId"
        case cardSetID = "cardSetId", rarityID = "rarityId", artistName, health, attack, manaCost, durability, armor
        case name, text, image, imageGold, flavorText, cropImage, childIDs = "childIds", keywordIDs = "keywordIds"
        case minionTypeID = "minionTypeId"
    }
}

/// A page of a card search, `GET /hearthstone/cards`.
public struct HSCardPage: Codable, Hashable, Sendable {
    /// The cards on this page.
    public var cards: [HSCard]
    /// How many cards match in all.
    public var cardCount: Int
    /// How many pages there are.
    public var pageCount: Int
    /// This page, from 1.
    public var page: Int

    /// Creates a page.
    public init(cards: [HSCard] = [], cardCount: Int = 0, pageCount: Int = 0, page: Int = 1) {
        self.cards = cards
        self.cardCount = cardCount
        self.pageCount = pageCount
        self.page = page
    }

    /// Whether there is a page after this one.
    public var hasNextPage: Bool { page < pageCount }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cards = try container.decodeIfPresent([HSCard].self, forKey: .cards) ?? []
        cardCount = try container.decodeIfPresent(Int.self, forKey: .cardCount) ?? cards.count
        pageCount = try container.decodeIfPresent(Int.self, forKey: .pageCount) ?? 1
        page = try container.decodeIfPresent(Int.self, forKey: .page) ?? 1
    }
}

/// A deck, `GET /hearthstone/deck?code=…`: its hero and hero power, class, format and cards (a card twice in a
/// deck is listed twice).
public struct HSDeck: Codable, Hashable, Sendable {
    /// The code, when Blizzard echoes it.
    public var deckCode: String?
    /// The code format's version.
    public var version: Int?
    /// `standard`, `wild`, `classic`, `twist`.
    public var format: String?
    /// The hero.
    public var hero: HSCard?
    /// Its hero power.
    public var heroPower: HSCard?
    /// The class.
    public var deckClass: HSMetadataEntry?
    /// The cards.
    public var cards: [HSCard]
    /// How many cards.
    public var cardCount: Int?
    /// Ids in the code Blizzard does not know.
    public var invalidCardIDs: [Int]?

    /// Creates a deck.
    public init(
        deckCode: String? = nil, version: Int? = nil, format: String? = nil, hero: HSCard? = nil,
        heroPower: HSCard? = nil, deckClass: HSMetadataEntry? = nil, cards: [HSCard] = [], cardCount: Int? = nil,
        invalidCardIDs: [Int]? = nil
    ) {
        self.deckCode = deckCode
        self.version = version
        self.format = format
        self.hero = hero
        self.heroPower = heroPower
        self.deckClass = deckClass
        self.cards = cards
        self.cardCount = cardCount
        self.invalidCardIDs = invalidCardIDs
    }

    enum CodingKeys: String, CodingKey {
        case deckCode, version, format, hero, heroPower, deckClass = "class", cards, cardCount
        case invalidCardIDs = "invalidCardIds"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deckCode = try container.decodeIfPresent(String.self, forKey: .deckCode)
        version = try container.decodeIfPresent(Int.self, forKey: .version)
        format = try container.decodeIfPresent(String.self, forKey: .format)
        hero = try container.decodeIfPresent(HSCard.self, forKey: .hero)
        heroPower = try container.decodeIfPresent(HSCard.self, forKey: .heroPower)
        deckClass = try container.decodeIfPresent(HSMetadataEntry.self, forKey: .deckClass)
        cards = try container.decodeIfPresent([HSCard].self, forKey: .cards) ?? []
        cardCount = try container.decodeIfPresent(Int.self, forKey: .cardCount)
        invalidCardIDs = try container.decodeIfPresent([Int].self, forKey: .invalidCardIDs)
    }
}

/// A text as Hearthstone sends it: one string when the request named a locale, every translation
/// (`{"en_US": "Taunt", "de_DE": "Spott", …}`) when it did not. Encoding writes back the same shape.
public struct HSLocalizedString: Codable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text in the requested locale; nil when the answer held every translation.
    public var value: String?
    /// Every translation by locale; empty when the answer held one string.
    public var translations: [String: String]

    /// A text in one locale.
    public init(_ value: String) {
        self.value = value
        translations = [:]
    }

    /// A text in every locale.
    public init(translations: [String: String]) {
        value = nil
        self.translations = translations
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The single value, else the translation for `locale`, else `en_US`, else the first by locale name.
    public func text(locale: String? = nil) -> String {
        if let value { return value }
        if let locale, let text = translations[locale] { return text }
        return translations["en_US"] ?? translations.sorted { $0.key < $1.key }.first?.value ?? ""
    }

    public var description: String { text() }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(String.self) {
            self.init(value)
        } else {
            self.init(translations: try container.decode([String: String?].self).compactMapValues { $0 })
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encode(translations) }
    }
}
