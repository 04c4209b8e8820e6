import Foundation

/// Everything the cards' ids refer to, `GET /hearthstone/metadata`: sets and set groups, card types, rarities,
/// classes, minion types, game modes, keywords, card-back categories, and which fields a search filters on. Each
/// kind alone is `GET /hearthstone/metadata/{type}` (``HearthstoneEndpoint/metadataKind(_:)``), a list of the same
/// entries.
public struct HSMetadata: Codable, Hashable, Sendable {
    /// The card sets.
    public var sets: [HSCardSet]
    /// The yearly groups of sets (which are in Standard).
    public var setGroups: [SetGroup]?
    /// Card types (hero, minion, spell, weapon).
    public var types: [HSMetadataEntry]?
    /// Rarities, with crafting cost and dust value (normal, golden).
    public var rarities: [Rarity]?
    /// Classes (the first, `all`, has the id `"*"`).
    public var classes: [HSMetadataEntry]?
    /// Minion types.
    public var minionTypes: [HSMetadataEntry]?
    /// Game modes.
    public var gameModes: [HSMetadataEntry]?
    /// Keywords, with their rules text.
    public var keywords: [Keyword]?
    /// Fields a search filters on.
    public var filterableFields: [String]?
    /// Numeric fields.
    public var numericFields: [String]?
    /// Card-back categories.
    public var cardBackCategories: [HSMetadataEntry]?

    /// A set group.
    public struct SetGroup: Codable, Hashable, Sendable {
        /// Its slug.
        public var slug: String
        /// The year.
        public var year: Int?
        /// Its sets' slugs.
        public var cardSets: [String]?
        /// Its name.
        public var name: HSLocalizedString?
        /// Whether it is in Standard.
        public var standard: Bool?

        /// Creates a group.
        public init(slug: String, year: Int? = nil, cardSets: [String]? = nil, name: HSLocalizedString? = nil, standard: Bool? = nil) {
            self.slug = slug
            self.year = year
            self.cardSets = cardSets
            self.name = name
            self.standard = standard
        }
    }

    /// A rarity.
    public struct Rarity: Codable, Hashable, Sendable {
        /// Its id.
        public var id: Int
        /// Its slug.
        public var slug: String?
        /// Dust to craft it, normal and golden.
        public var craftingCost: [Int?]?
        /// Dust from disenchanting it, normal and golden.
        public var dustValue: [Int?]?
        /// Its name.
        public var name: HSLocalizedString?

        /// Creates a rarity.
        public init(id: Int, slug: String? = nil, craftingCost: [Int?]? = nil, dustValue: [Int?]? = nil, name: HSLocalizedString? = nil) {
            self.id = id
            self.slug = slug
            self.craftingCost = craftingCost
            self.dustValue = dustValue
            self.name = name
        }
    }

    /// A keyword.
    public struct Keyword: Codable, Hashable, Sendable {
        /// Its id.
        public var id: Int
        /// Its slug.
        public var slug: String?
        /// Its name.
        public var name: HSLocalizedString?
        /// Its reminder text.
        public var refText: HSLocalizedString?
        /// Its rules text.
        public var text: HSLocalizedString?

        /// Creates a keyword.
        public init(id: Int, slug: String? = nil, name: HSLocalizedString? = nil, refText: HSLocalizedString? = nil, text: HSLocalizedString? = nil) {
            self.id = id
            self.slug = slug
            self.name = name
            self.refText = refText
            self.text = text
        }
    }

    /// Creates metadata.
    public init(
        sets: [HSCardSet] = [], setGroups: [SetGroup]? = nil, types: [HSMetadataEntry]? = nil, rarities: [Rarity]? = nil,
        classes: [HSMetadataEntry]? = nil, minionTypes: [HSMetadataEntry]? = nil, gameModes: [HSMetadataEntry]? = nil,
        keywords: [Keyword]? = nil, filterableFields: [String]? = nil, numericFields: [String]? = nil,
        cardBackCategories: [HSMetadataEntry]? = nil
    ) {
        self.sets = sets
        self.setGroups = setGroups
        self.types = types
        self.rarities = rarities
        self.classes = classes
        self.minionTypes = minionTypes
        self.gameModes = gameModes
        self.keywords = keywords
        self.filterableFields = filterableFields
        self.numericFields = numericFields
        self.cardBackCategories = cardBackCategories
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sets = try container.decodeIfPresent([HSCardSet].self, forKey: .sets) ?? []
        setGroups = try container.decodeIfPresent([SetGroup].self, forKey: .setGroups)
        types = try container.decodeIfPresent([HSMetadataEntry].self, forKey: .types)
        rarities = try container.decodeIfPresent([Rarity].self, forKey: .rarities)
        classes = try container.decodeIfPresent([HSMetadataEntry].self, forKey: .classes)
        minionTypes = try container.decodeIfPresent([HSMetadataEntry].self, forKey: .minionTypes)
        gameModes = try container.decodeIfPresent([HSMetadataEntry].self, forKey: .gameModes)
        keywords = try container.decodeIfPresent([Keyword].self, forKey: .keywords)
        filterableFields = try container.decodeIfPresent([String].self, forKey: .filterableFields)
        numericFields = try container.decodeIfPresent([String].self, forKey: .numericFields)
        cardBackCategories = try container.decodeIfPresent([HSMetadataEntry].self, forKey: .cardBackCategories)
    }
}

/// A card set: `{"id": 1347, "slug": "descent-of-dragons", "releaseDate": "2019-12-01T00:00:00", …}`.
public struct HSCardSet: Codable, Hashable, Sendable {
    /// Its id (a card's `cardSetId`).
    public var id: Int
    /// Its slug.
    public var slug: String?
    /// When it was released, as Blizzard writes it.
    public var releaseDate: String?
    /// Its name.
    public var name: HSLocalizedString?
    /// Collectible cards.
    public var collectibleCount: Int?
    /// Collectible cards revealed so far.
    public var collectibleRevealedCount: Int?
    /// Uncollectible cards.
    public var nonCollectibleCount: Int?
    /// Uncollectible cards revealed so far.
    public var nonCollectibleRevealedCount: Int?

    /// Creates a set.
    public init(
        id: Int, slug: String? = nil, releaseDate: String? = nil, name: HSLocalizedString? = nil,
        collectibleCount: Int? = nil, collectibleRevealedCount: Int? = nil, nonCollectibleCount: Int? = nil,
        nonCollectibleRevealedCount: Int? = nil
    ) {
        self.id = id
        self.slug = slug
        self.releaseDate = releaseDate
        self.name = name
        self.collectibleCount = collectibleCount
        self.collectibleRevealedCount = collectibleRevealedCount
        self.nonCollectibleCount = nonCollectibleCount
        self.nonCollectibleRevealedCount = nonCollectibleRevealedCount
    }
}

/// A metadata entry `{"id": 10, "slug": "warrior", "name": "Warrior"}`: a class, a card type, a minion type, a game
/// mode, a card-back category. The id is a number, except `"*"` for the `all` class: ``id`` keeps either as text,
/// ``numericID`` has the number.
public struct HSMetadataEntry: Codable, Hashable, Sendable {
    /// The id as text (`"10"`, `"*"`).
    public var id: String
    /// Its slug.
    public var slug: String?
    /// Its name.
    public var name: HSLocalizedString?

    /// Creates an entry.
    public init(id: String, slug: String? = nil, name: HSLocalizedString? = nil) {
        self.id = id
        self.slug = slug
        self.name = name
    }

    /// The id as a number; nil for `"*"`.
    public var numericID: Int? { Int(id) }

    enum CodingKeys: String, CodingKey {
        case id, slug, name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decode(Int.self, forKey: .id) {
            id = String(number)
        } else {
            id = try container.decode(String.self, forKey: .id)
        }
        slug = try container.decodeIfPresent(String.self, forKey: .slug)
        name = try container.decodeIfPresent(HSLocalizedString.self, forKey: .name)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let numericID { try container.encode(numericID, forKey: .id) } else { try container.encode(id, forKey: .id) }
        try container.encodeIfPresent(slug, forKey: .slug)
        try container.encodeIfPresent(name, forKey: .name)
    }
}
