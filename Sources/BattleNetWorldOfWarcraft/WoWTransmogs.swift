import Foundation

/// The account's transmog appearances, `GET /profile/user/wow/collections/transmogs` (scope `wow.profile`): the
/// appearance sets completed and the appearances collected per slot. No recording was published; the shape is
/// Blizzard's API reference's (2024), decoded leniently.
public struct WoWTransmogCollection: Codable, Hashable, Sendable {
    /// `self`, `user` and `profile`.
    public var links: WoWLinks?
    /// The appearance sets collected.
    public var appearanceSets: [WoWReference]
    /// The appearances collected, per slot.
    public var slots: [WoWTransmogSlot]

    /// Creates a collection.
    public init(links: WoWLinks? = nil, appearanceSets: [WoWReference] = [], slots: [WoWTransmogSlot] = []) {
        self.links = links
        self.appearanceSets = appearanceSets
        self.slots = slots
    }

    /// How many appearances were collected, over every slot.
    public var appearanceCount: Int { slots.reduce(0) { $0 + $1.appearances.count } }

    enum CodingKeys: String, CodingKey {
        case links = "_links", appearanceSets = "appearance_sets", slots
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        appearanceSets = try container.decodeIfPresent([WoWReference].self, forKey: .appearanceSets) ?? []
        slots = try container.decodeIfPresent([WoWTransmogSlot].self, forKey: .slots) ?? []
    }
}

/// The appearances collected for one equipment slot.
public struct WoWTransmogSlot: Codable, Hashable, Sendable {
    /// The slot (`HEAD`, `SHOULDER`, `WEAPONMAINHAND`, …).
    public var slot: WoWNamedType<WoWSlotType>
    /// The appearances (`{"key": …, "id": …}`, no name).
    public var appearances: [WoWReference]

    /// Creates a slot.
    public init(slot: WoWNamedType<WoWSlotType>, appearances: [WoWReference] = []) {
        self.slot = slot
        self.appearances = appearances
    }

    enum CodingKeys: String, CodingKey {
        case slot, appearances
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slot = try container.decode(WoWNamedType<WoWSlotType>.self, forKey: .slot)
        appearances = try container.decodeIfPresent([WoWReference].self, forKey: .appearances) ?? []
    }
}

/// An equipment slot type, such as `HEAD` or `WEAPONMAINHAND`; any value Blizzard sends is kept.
public struct WoWSlotType: WoWTypeKind {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Head.
    public static let head = Self(rawValue: "HEAD")
    /// Main hand.
    public static let mainHand = Self(rawValue: "WEAPONMAINHAND")
}
