import Foundation

/// The account's battle pets, `GET /profile/user/wow/collections/pets` (scope `wow.profile`).
public struct WoWPetCollection: Codable, Hashable, Sendable {
    /// `self`, `user` and `profile`.
    public var links: WoWLinks?
    /// The pets collected.
    public var pets: [WoWCollectedPet]
    /// How many battle slots are unlocked (3 at most).
    public var unlockedBattlePetSlots: Int?

    /// Creates a collection.
    public init(links: WoWLinks? = nil, pets: [WoWCollectedPet] = [], unlockedBattlePetSlots: Int? = nil) {
        self.links = links
        self.pets = pets
        self.unlockedBattlePetSlots = unlockedBattlePetSlots
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", pets, unlockedBattlePetSlots = "unlocked_battle_pet_slots"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        pets = try container.decodeIfPresent([WoWCollectedPet].self, forKey: .pets) ?? []
        unlockedBattlePetSlots = try container.decodeIfPresent(Int.self, forKey: .unlockedBattlePetSlots)
    }
}

/// A collected battle pet. The optional fields are absent, not `false` or `null`, when they do not apply.
public struct WoWCollectedPet: Codable, Hashable, Sendable {
    /// The species.
    public var species: WoWReference
    /// The level, 1 to 25.
    public var level: Int?
    /// The quality.
    public var quality: WoWPetQuality?
    /// Breed and battle stats.
    public var stats: Stats?
    /// `true` when in a battle slot.
    public var isActive: Bool?
    /// `true` when marked a favourite.
    public var isFavorite: Bool?
    /// The battle slot, from 0, when active.
    public var activeSlot: Int?
    /// The nickname the player gave it.
    public var name: String?
    /// The creature display (absent on a few pets).
    public var creatureDisplay: WoWReference?
    /// This pet's own id (two pets of one species have two ids).
    public var id: Int

    /// A pet's breed and battle stats.
    public struct Stats: Codable, Hashable, Sendable {
        /// The breed.
        public var breedID: Int?
        /// Health.
        public var health: Int?
        /// Power.
        public var power: Int?
        /// Speed.
        public var speed: Int?

        /// Creates stats.
        public init(breedID: Int? = nil, health: Int? = nil, power: Int? = nil, speed: Int? = nil) {
            self.breedID = breedID
            self.health = health
            self.power = power
            self.speed = speed
        }

        enum CodingKeys: String, CodingKey {
            case breedID = "breed_id", health, power, speed
        }
    }

    /// Creates an entry.
    public init(
        species: WoWReference, level: Int? = nil, quality: WoWPetQuality? = nil, stats: Stats? = nil,
        isActive: Bool? = nil, isFavorite: Bool? = nil, activeSlot: Int? = nil, name: String? = nil,
        creatureDisplay: WoWReference? = nil, id: Int
    ) {
        self.species = species
        self.level = level
        self.quality = quality
        self.stats = stats
        self.isActive = isActive
        self.isFavorite = isFavorite
        self.activeSlot = activeSlot
        self.name = name
        self.creatureDisplay = creatureDisplay
        self.id = id
    }

    enum CodingKeys: String, CodingKey {
        case species, level, quality, stats, isActive = "is_active", isFavorite = "is_favorite"
        case activeSlot = "active_slot", name, creatureDisplay = "creature_display", id
    }
}

/// A pet's quality: `POOR`, `COMMON`, `UNCOMMON`, `RARE`, `EPIC`, `LEGENDARY`.
public struct WoWPetQualityType: WoWTypeKind {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Poor (grey).
    public static let poor = Self(rawValue: "POOR")
    /// Common (white).
    public static let common = Self(rawValue: "COMMON")
    /// Uncommon (green).
    public static let uncommon = Self(rawValue: "UNCOMMON")
    /// Rare (blue).
    public static let rare = Self(rawValue: "RARE")
}

/// A pet quality with its name.
public typealias WoWPetQuality = WoWNamedType<WoWPetQualityType>
