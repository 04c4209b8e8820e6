import Foundation

/// What a character wears, `GET /profile/wow/character/{realmSlug}/{characterName}/equipment` (any token): each
/// item with its slot, quality, item level, enchantments and sockets. Stats, spells and tooltips are left in the raw
/// answer (``WorldOfWarcraftClient/data(_:)-(WoWEndpoint)``).
public struct WoWCharacterEquipment: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// The character.
    public var character: WoWCharacterReference?
    /// The items worn, in Blizzard's slot order.
    public var equippedItems: [WoWEquippedItem]

    /// Creates an equipment answer.
    public init(links: WoWLinks? = nil, character: WoWCharacterReference? = nil, equippedItems: [WoWEquippedItem] = []) {
        self.links = links
        self.character = character
        self.equippedItems = equippedItems
    }

    /// The average item level as the game shows it: every worn item but the shirt and tabard, a two-handed weapon
    /// counted twice when the off hand is empty; nil when no item has a level.
    public var averageItemLevel: Double? {
        let counted = equippedItems.filter { $0.slot?.type != .shirt && $0.slot?.type != .tabard }
        let levels = counted.compactMap { $0.level?.value }
        guard !levels.isEmpty else { return nil }
        let offHandEmpty = !equippedItems.contains { $0.slot?.type == .offHand }
        let twoHander = counted.first { $0.slot?.type == .mainHand && $0.inventoryType?.type == .twoHandWeapon }
        let extra = offHandEmpty ? twoHander?.level?.value : nil
        let total = levels.reduce(0, +) + (extra ?? 0)
        return Double(total) / Double(levels.count + (extra == nil ? 0 : 1))
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", character, equippedItems = "equipped_items"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        character = try container.decodeIfPresent(WoWCharacterReference.self, forKey: .character)
        equippedItems = try container.decodeIfPresent([WoWEquippedItem].self, forKey: .equippedItems) ?? []
    }
}

/// One worn item.
public struct WoWEquippedItem: Codable, Hashable, Sendable {
    /// The item (its id; the name is in ``name``).
    public var item: WoWReference
    /// The slot it is worn in.
    public var slot: WoWNamedType<WoWItemSlotType>?
    /// How many (1).
    public var quantity: Int?
    /// The bonus ids that make this copy (item level, sockets, tertiary stats).
    public var bonusList: [Int]?
    /// Its quality.
    public var quality: WoWNamedType<WoWItemQualityType>?
    /// Its name.
    public var name: WoWLocalizedString?
    /// The kind of slot the item fits (`TWOHWEAPON`, `CLOAK`).
    public var inventoryType: WoWNamedType<WoWInventoryType>?
    /// Its item level: `{"value": 450, "display_string": "Item Level 450"}`.
    public var level: WoWDisplayValue?
    /// Enchantments on it, and on-use effects such as tinkers.
    public var enchantments: [WoWEnchantment]?
    /// Its sockets and the gems in them.
    public var sockets: [WoWSocket]?
    /// The item class (`Armor`, `Weapon`).
    public var itemClass: WoWReference?
    /// The item subclass (`Plate`, `Mace`).
    public var itemSubclass: WoWReference?

    /// Creates an item.
    public init(
        item: WoWReference, slot: WoWNamedType<WoWItemSlotType>? = nil, quantity: Int? = nil, bonusList: [Int]? = nil,
        quality: WoWNamedType<WoWItemQualityType>? = nil, name: WoWLocalizedString? = nil,
        inventoryType: WoWNamedType<WoWInventoryType>? = nil, level: WoWDisplayValue? = nil,
        enchantments: [WoWEnchantment]? = nil, sockets: [WoWSocket]? = nil, itemClass: WoWReference? = nil,
        itemSubclass: WoWReference? = nil
    ) {
        self.item = item
        self.slot = slot
        self.quantity = quantity
        self.bonusList = bonusList
        self.quality = quality
        self.name = name
        self.inventoryType = inventoryType
        self.level = level
        self.enchantments = enchantments
        self.sockets = sockets
        self.itemClass = itemClass
        self.itemSubclass = itemSubclass
    }

    enum CodingKeys: String, CodingKey {
        case item, slot, quantity, bonusList = "bonus_list", quality, name, inventoryType = "inventory_type", level
        case enchantments, sockets, itemClass = "item_class", itemSubclass = "item_subclass"
    }
}

/// A number with the text the game shows for it: `{"value": 450, "display_string": "Item Level 450"}`.
public struct WoWDisplayValue: Codable, Hashable, Sendable {
    /// The number.
    public var value: Int
    /// The text shown.
    public var displayString: String?

    /// Creates a value.
    public init(value: Int, displayString: String? = nil) {
        self.value = value
        self.displayString = displayString
    }

    enum CodingKeys: String, CodingKey {
        case value, displayString = "display_string"
    }
}

/// An enchantment: `{"display_string": "Enchanted: +60 Critical Strike", "source_item": …, "enchantment_id": 6108,
/// "enchantment_slot": {"id": 0, "type": "PERMANENT"}}`.
public struct WoWEnchantment: Codable, Hashable, Sendable {
    /// The text shown on the item.
    public var displayString: String?
    /// The item that applied it (an enchanting scroll), when there is one.
    public var sourceItem: WoWReference?
    /// The enchantment id.
    public var enchantmentID: Int?
    /// Which enchantment slot of the item it fills.
    public var enchantmentSlot: Slot?

    /// An enchantment slot: `PERMANENT`, `TEMPORARY`, `ON_USE_SPELL`, …
    public struct Slot: Codable, Hashable, Sendable {
        /// The slot id.
        public var id: Int?
        /// The slot's kind, as Blizzard names it.
        public var type: String?

        /// Creates a slot.
        public init(id: Int? = nil, type: String? = nil) {
            self.id = id
            self.type = type
        }
    }

    /// Creates an enchantment.
    public init(
        displayString: String? = nil, sourceItem: WoWReference? = nil, enchantmentID: Int? = nil,
        enchantmentSlot: Slot? = nil
    ) {
        self.displayString = displayString
        self.sourceItem = sourceItem
        self.enchantmentID = enchantmentID
        self.enchantmentSlot = enchantmentSlot
    }

    enum CodingKeys: String, CodingKey {
        case displayString = "display_string", sourceItem = "source_item", enchantmentID = "enchantment_id"
        case enchantmentSlot = "enchantment_slot"
    }
}

/// A socket and the gem in it, if any.
public struct WoWSocket: Codable, Hashable, Sendable {
    /// The socket's kind (`PRISMATIC`).
    public var socketType: WoWNamedType<WoWSocketType>?
    /// The gem.
    public var item: WoWReference?
    /// What the gem gives (`+50 Critical Strike`).
    public var displayString: String?

    /// Creates a socket.
    public init(socketType: WoWNamedType<WoWSocketType>? = nil, item: WoWReference? = nil, displayString: String? = nil) {
        self.socketType = socketType
        self.item = item
        self.displayString = displayString
    }

    enum CodingKeys: String, CodingKey {
        case socketType = "socket_type", item, displayString = "display_string"
    }
}

/// An equipment slot: `HEAD`, `NECK`, … `MAIN_HAND`, `OFF_HAND`, `TABARD`; others decode as themselves.
public struct WoWItemSlotType: WoWTypeKind {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The head.
    public static let head = Self(rawValue: "HEAD")
    /// The shirt (not counted in the item level).
    public static let shirt = Self(rawValue: "SHIRT")
    /// The tabard (not counted in the item level).
    public static let tabard = Self(rawValue: "TABARD")
    /// The main hand.
    public static let mainHand = Self(rawValue: "MAIN_HAND")
    /// The off hand.
    public static let offHand = Self(rawValue: "OFF_HAND")
}

/// An item's quality: `POOR` … `LEGENDARY`, `ARTIFACT`, `HEIRLOOM`; others decode as themselves.
public struct WoWItemQualityType: WoWTypeKind {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Uncommon (green).
    public static let uncommon = Self(rawValue: "UNCOMMON")
    /// Rare (blue).
    public static let rare = Self(rawValue: "RARE")
    /// Epic (purple).
    public static let epic = Self(rawValue: "EPIC")
    /// Legendary (orange).
    public static let legendary = Self(rawValue: "LEGENDARY")
    /// Artifact.
    public static let artifact = Self(rawValue: "ARTIFACT")
}

/// The kind of slot an item fits: `HEAD`, `TWOHWEAPON`, `CLOAK`, …; others decode as themselves.
public struct WoWInventoryType: WoWTypeKind {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A two-handed weapon.
    public static let twoHandWeapon = Self(rawValue: "TWOHWEAPON")
}

/// A socket's kind: `PRISMATIC`, `META`, …; others decode as themselves.
public struct WoWSocketType: WoWTypeKind {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A socket any gem fits.
    public static let prismatic = Self(rawValue: "PRISMATIC")
}
