import Foundation

/// An equipment slot key used by hero and follower item maps.
public enum D3ItemSlot: String, CaseIterable, Codable, Hashable, Sendable {
    /// `head`.
    case head
    /// `neck`.
    case neck
    /// `torso`.
    case torso
    /// `shoulders`.
    case shoulders
    /// `legs`.
    case legs
    /// `waist`.
    case waist
    /// `hands`.
    case hands
    /// `bracers`.
    case bracers
    /// `feet`.
    case feet
    /// `leftFinger`.
    case leftFinger
    /// `rightFinger`.
    case rightFinger
    /// `mainHand`.
    case mainHand
    /// `offHand`.
    case offHand
    /// `special` (follower token).
    case special
}

/// The short item shape used inside a hero (`items`, `legendaryPowers`, follower items).
public struct D3ItemSummary: Codable, Hashable, Sendable {
    /// Game item id, e.g. `P6_Necro_Set_4_Helm` (absent in legacy payloads).
    public var id: String?
    /// Localized item name.
    public var name: String
    /// Icon name.
    public var icon: String?
    /// Quality colour: `white`, `blue`, `yellow`, `orange`, `green`, …
    public var displayColor: String?
    /// Tooltip path, e.g. `/item/pestilence-mask-P6_Necro_Set_4_Helm`.
    public var tooltipParams: String?

    /// Creates an item summary.
    public init(
        id: String? = nil, name: String, icon: String? = nil, displayColor: String? = nil,
        tooltipParams: String? = nil
    ) {
        self.id = id
        self.name = name
        self.icon = icon
        self.displayColor = displayColor
        self.tooltipParams = tooltipParams
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, icon, displayColor, tooltipParams
    }

    /// Decodes leniently; an absent name is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        name = try container.d3String(.name)
        icon = try container.decodeIfPresent(String.self, forKey: .icon)
        displayColor = try container.decodeIfPresent(String.self, forKey: .displayColor)
        tooltipParams = try container.decodeIfPresent(String.self, forKey: .tooltipParams)
    }
}

/// A detailed item, as returned by the hero items and follower items endpoints.
public struct D3Item: Codable, Hashable, Sendable {
    /// Game item id (absent in legacy payloads).
    public var id: String?
    /// Localized item name.
    public var name: String
    /// Icon name.
    public var icon: String?
    /// Quality colour: `white`, `blue`, `yellow`, `orange`, `green`, …
    public var displayColor: String?
    /// Tooltip path.
    public var tooltipParams: String?
    /// Localized type, e.g. `Set Helm`.
    public var typeName: String?
    /// Level required to equip.
    public var requiredLevel: Int
    /// Item level.
    public var itemLevel: Int
    /// Armor value (legacy `{"min","max"}` ranges keep the maximum).
    public var armor: Double?
    /// Damage per second as displayed, e.g. `2,228.7` (legacy numeric ranges keep the maximum).
    public var dps: String?
    /// Attacks per second (legacy ranges keep the maximum).
    public var attacksPerSecond: Double?
    /// Localized flavor text.
    public var flavorText: String?
    /// Localized affix lines.
    public var attributes: D3ItemAttributes

    /// Creates a detailed item.
    public init(
        id: String? = nil, name: String, icon: String? = nil, displayColor: String? = nil,
        tooltipParams: String? = nil, typeName: String? = nil, requiredLevel: Int = 0, itemLevel: Int = 0,
        armor: Double? = nil, dps: String? = nil, attacksPerSecond: Double? = nil, flavorText: String? = nil,
        attributes: D3ItemAttributes = D3ItemAttributes()
    ) {
        self.id = id
        self.name = name
        self.icon = icon
        self.displayColor = displayColor
        self.tooltipParams = tooltipParams
        self.typeName = typeName
        self.requiredLevel = requiredLevel
        self.itemLevel = itemLevel
        self.armor = armor
        self.dps = dps
        self.attacksPerSecond = attacksPerSecond
        self.flavorText = flavorText
        self.attributes = attributes
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, icon, displayColor, tooltipParams, typeName, requiredLevel, itemLevel
        case armor, dps, attacksPerSecond, flavorText, attributes
    }

    /// Decodes leniently; absent fields get their zero value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        name = try container.d3String(.name)
        icon = try container.decodeIfPresent(String.self, forKey: .icon)
        displayColor = try container.decodeIfPresent(String.self, forKey: .displayColor)
        tooltipParams = try container.decodeIfPresent(String.self, forKey: .tooltipParams)
        typeName = try container.decodeIfPresent(String.self, forKey: .typeName)
        requiredLevel = try container.d3Int(.requiredLevel)
        itemLevel = try container.d3Int(.itemLevel)
        armor = try container.d3RangeMaximum(.armor)
        if let text = try? container.decodeIfPresent(String.self, forKey: .dps) {
            dps = text
        } else {
            dps = try container.d3RangeMaximum(.dps).map { String($0) }
        }
        attacksPerSecond = try container.d3RangeMaximum(.attacksPerSecond)
        flavorText = try container.decodeIfPresent(String.self, forKey: .flavorText)
        attributes = try container.d3Value(.attributes, default: D3ItemAttributes())
    }
}

/// An item's localized affix lines.
///
/// Decodes the current `{"primary": […], "secondary": […]}` object and the
/// legacy plain array (which becomes ``primary``).
public struct D3ItemAttributes: Codable, Hashable, Sendable {
    /// Primary affixes.
    public var primary: [String]
    /// Secondary affixes.
    public var secondary: [String]
    /// Passive (legendary power) lines.
    public var passive: [String]

    /// Creates attribute lists.
    public init(primary: [String] = [], secondary: [String] = [], passive: [String] = []) {
        self.primary = primary
        self.secondary = secondary
        self.passive = passive
    }

    private enum CodingKeys: String, CodingKey {
        case primary, secondary, passive
    }

    /// Decodes the object or the legacy array shape.
    public init(from decoder: any Decoder) throws {
        if let lines = try? decoder.singleValueContainer().decode([String].self) {
            self.init(primary: lines)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            primary: try container.d3Array(.primary),
            secondary: try container.d3Array(.secondary),
            passive: try container.d3Array(.passive)
        )
    }
}
