import BattleNet
import Foundation

/// An artisan and what it teaches, `GET /d3/data/artisan/{slug}` (`blacksmith`, `jeweler`, `mystic`).
public struct D3ArtisanDetail: Codable, Hashable, Sendable {
    /// Artisan slug, e.g. `blacksmith`.
    public var slug: String
    /// Localized name, e.g. `Blacksmith`.
    public var name: String
    /// Portrait icon name.
    public var portrait: String?
    /// The training tiers and their recipes (the mystic has none).
    public var training: D3ArtisanTraining

    /// Creates an artisan.
    public init(slug: String, name: String, portrait: String? = nil, training: D3ArtisanTraining = .init()) {
        self.slug = slug
        self.name = name
        self.portrait = portrait
        self.training = training
    }

    private enum CodingKeys: String, CodingKey {
        case slug, name, portrait, training
    }

    /// Decodes leniently; an absent training has no tiers.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slug = try container.d3String(.slug)
        name = try container.d3String(.name)
        portrait = try container.decodeIfPresent(String.self, forKey: .portrait)
        training = try container.d3Value(.training, default: D3ArtisanTraining())
    }

    /// Every recipe of every tier, trained ones before taught ones within a tier.
    public var recipes: [D3Recipe] {
        training.tiers.flatMap { $0.trainedRecipes + $0.taughtRecipes }
    }
}

/// An artisan's training: its tiers in order.
public struct D3ArtisanTraining: Codable, Hashable, Sendable {
    /// The tiers, lowest first.
    public var tiers: [D3ArtisanTier]

    /// Creates a training.
    public init(tiers: [D3ArtisanTier] = []) {
        self.tiers = tiers
    }

    private enum CodingKeys: String, CodingKey {
        case tiers
    }

    /// Decodes leniently; absent tiers are empty.
    public init(from decoder: any Decoder) throws {
        tiers = try decoder.container(keyedBy: CodingKeys.self).d3Array(.tiers)
    }
}

/// One training tier: the recipes it trains and those taught by plans.
public struct D3ArtisanTier: Codable, Hashable, Sendable {
    /// Tier number, 1 first.
    public var tier: Int
    /// Recipes learned by training the artisan to this tier.
    public var trainedRecipes: [D3Recipe]
    /// Recipes learned from plans and designs found in the world.
    public var taughtRecipes: [D3Recipe]

    /// Creates a tier.
    public init(tier: Int, trainedRecipes: [D3Recipe] = [], taughtRecipes: [D3Recipe] = []) {
        self.tier = tier
        self.trainedRecipes = trainedRecipes
        self.taughtRecipes = taughtRecipes
    }

    private enum CodingKeys: String, CodingKey {
        case tier, trainedRecipes, taughtRecipes
    }

    /// Decodes leniently; absent lists are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tier = try container.d3Int(.tier)
        trainedRecipes = try container.d3Array(.trainedRecipes)
        taughtRecipes = try container.d3Array(.taughtRecipes)
    }
}

/// A crafting recipe, `GET /d3/data/artisan/{artisan}/recipe/{slug}`: gold cost, reagents, item made.
public struct D3Recipe: Codable, Hashable, Sendable {
    /// Game recipe id, e.g. `Sword_2H_003`.
    public var id: String
    /// Recipe slug, e.g. `apprentice-flamberge`.
    public var slug: String
    /// Localized name.
    public var name: String
    /// Gold cost.
    public var cost: Int
    /// The materials consumed.
    public var reagents: [D3Reagent]
    /// The item made, if sent.
    public var itemProduced: D3ItemReference?

    /// Creates a recipe.
    public init(
        id: String, slug: String, name: String, cost: Int = 0, reagents: [D3Reagent] = [],
        itemProduced: D3ItemReference? = nil
    ) {
        self.id = id
        self.slug = slug
        self.name = name
        self.cost = cost
        self.reagents = reagents
        self.itemProduced = itemProduced
    }

    private enum CodingKeys: String, CodingKey {
        case id, slug, name, cost, reagents, itemProduced
    }

    /// Decodes leniently; absent fields get their zero value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.d3String(.id)
        slug = try container.d3String(.slug)
        name = try container.d3String(.name)
        cost = try container.d3Int(.cost)
        reagents = try container.d3Array(.reagents)
        itemProduced = try container.decodeIfPresent(D3ItemReference.self, forKey: .itemProduced)
    }
}

/// A material of a recipe and how many it takes.
public struct D3Reagent: Codable, Hashable, Sendable {
    /// How many.
    public var quantity: Int
    /// The material.
    public var item: D3ItemReference

    /// Creates a reagent.
    public init(quantity: Int, item: D3ItemReference) {
        self.quantity = quantity
        self.item = item
    }

    private enum CodingKeys: String, CodingKey {
        case quantity, item
    }

    /// Decodes leniently; an absent item is an empty reference.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        quantity = try container.d3Int(.quantity)
        item = try container.d3Value(.item, default: D3ItemReference(id: "", slug: "", name: ""))
    }
}

/// The short item shape of the data APIs: reagents, recipe results, item type listings.
public struct D3ItemReference: Codable, Hashable, Sendable {
    /// Game item id, e.g. `Crafting_AssortedParts_01`.
    public var id: String
    /// Item slug, e.g. `reusable-parts`.
    public var slug: String
    /// Localized name.
    public var name: String
    /// Icon name (see ``D3Media``).
    public var icon: String?
    /// The item's API path, e.g. `item/reusable-parts-Crafting_AssortedParts_01`.
    public var path: String?

    /// Creates a reference.
    public init(id: String, slug: String, name: String, icon: String? = nil, path: String? = nil) {
        self.id = id
        self.slug = slug
        self.name = name
        self.icon = icon
        self.path = path
    }

    private enum CodingKeys: String, CodingKey {
        case id, slug, name, icon, path
    }

    /// Decodes leniently; absent strings are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.d3String(.id)
        slug = try container.d3String(.slug)
        name = try container.d3String(.name)
        icon = try container.decodeIfPresent(String.self, forKey: .icon)
        path = try container.decodeIfPresent(String.self, forKey: .path)
    }

    /// The `{slug}-{id}` argument of ``Diablo3Client/item(_:)``, from ``path`` when sent.
    public var itemArgument: String {
        path.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "\(slug)-\(id)"
    }
}

/// An entry of the item type index, `GET /d3/data/item-type`.
public struct D3ItemTypeSummary: Codable, Hashable, Sendable {
    /// Game item type id, e.g. `ChestArmor_Necromancer`.
    public var id: String
    /// Localized name.
    public var name: String
    /// The type's API path, e.g. `item-type/chestarmornecromancer`.
    public var path: String

    /// Creates an entry.
    public init(id: String, name: String, path: String) {
        self.id = id
        self.name = name
        self.path = path
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, path
    }

    /// Decodes leniently; absent strings are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.d3String(.id)
        name = try container.d3String(.name)
        path = try container.d3String(.path)
    }

    /// The slug for ``Diablo3Client/itemType(_:)``: the last component of ``path``.
    public var slug: String {
        path.split(separator: "/").last.map(String.init) ?? ""
    }
}
