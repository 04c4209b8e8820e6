import BattleNet
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

/// A detailed item, as returned by the item endpoint (`GET /d3/data/item/{slug-id}`) and the hero items and
/// follower items endpoints.
public struct D3Item: Codable, Hashable, Sendable {
    /// Game item id (absent in legacy payloads).
    public var id: String?
    /// Item slug, e.g. `corrupted-ashbringer` (item endpoint only).
    public var slug: String?
    /// Localized item name.
    public var name: String
    /// Icon name.
    public var icon: String?
    /// Quality colour: `white`, `blue`, `yellow`, `orange`, `green`, … (the item endpoint's `color`).
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
    /// Localized damage lines, e.g. `1137-1702 Damage\n1.15 Attacks per Second` (item endpoint).
    public var damage: String?
    /// Damage per second as displayed, e.g. `2,228.7` (legacy numeric ranges keep the maximum).
    public var dps: String?
    /// Attacks per second (legacy ranges keep the maximum).
    public var attacksPerSecond: Double?
    /// Localized flavor text.
    public var flavorText: String?
    /// Localized affix lines.
    public var attributes: D3ItemAttributes
    /// Affixes rolled at random: each entry is one choice among its lines (item endpoint).
    public var randomAffixes: [D3RandomAffix]
    /// The set the item belongs to, with its bonuses.
    public var set: D3ItemSet?

    /// Creates a detailed item.
    public init(
        id: String? = nil, name: String, icon: String? = nil, displayColor: String? = nil,
        tooltipParams: String? = nil, typeName: String? = nil, requiredLevel: Int = 0, itemLevel: Int = 0,
        armor: Double? = nil, dps: String? = nil, attacksPerSecond: Double? = nil, flavorText: String? = nil,
        attributes: D3ItemAttributes = D3ItemAttributes(), slug: String? = nil, damage: String? = nil,
        randomAffixes: [D3RandomAffix] = [], set: D3ItemSet? = nil
    ) {
        self.id = id
        self.slug = slug
        self.damage = damage
        self.randomAffixes = randomAffixes
        self.set = set
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
        case armor, dps, attacksPerSecond, flavorText, attributes, slug, damage, randomAffixes, set
        case color
    }

    /// Decodes leniently; absent fields get their zero value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        name = try container.d3String(.name)
        icon = try container.decodeIfPresent(String.self, forKey: .icon)
        displayColor = try container.decodeIfPresent(String.self, forKey: .displayColor)
            ?? container.decodeIfPresent(String.self, forKey: .color)
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
        slug = try container.decodeIfPresent(String.self, forKey: .slug)
        damage = try container.decodeIfPresent(String.self, forKey: .damage)
        randomAffixes = try container.d3Array(.randomAffixes)
        set = try container.decodeIfPresent(D3ItemSet.self, forKey: .set)
    }

    /// Encodes every field under its own key (`displayColor`, never `color`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(slug, forKey: .slug)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(icon, forKey: .icon)
        try container.encodeIfPresent(displayColor, forKey: .displayColor)
        try container.encodeIfPresent(tooltipParams, forKey: .tooltipParams)
        try container.encodeIfPresent(typeName, forKey: .typeName)
        try container.encode(requiredLevel, forKey: .requiredLevel)
        try container.encode(itemLevel, forKey: .itemLevel)
        try container.encodeIfPresent(armor, forKey: .armor)
        try container.encodeIfPresent(damage, forKey: .damage)
        try container.encodeIfPresent(dps, forKey: .dps)
        try container.encodeIfPresent(attacksPerSecond, forKey: .attacksPerSecond)
        try container.encodeIfPresent(flavorText, forKey: .flavorText)
        try container.encode(attributes, forKey: .attributes)
        try container.encode(randomAffixes, forKey: .randomAffixes)
        try container.encodeIfPresent(set, forKey: .set)
    }
}

/// A random affix slot of an item: one of ``oneOf`` rolls.
public struct D3RandomAffix: Codable, Hashable, Sendable {
    /// The possible affix lines.
    public var oneOf: [String]

    /// Creates a random affix.
    public init(oneOf: [String]) {
        self.oneOf = oneOf
    }

    private enum CodingKeys: String, CodingKey {
        case oneOf
    }

    /// Decodes `{"oneOf": […]}` whose lines are strings or `{"text": …}` objects.
    public init(from decoder: any Decoder) throws {
        oneOf = try decoder.container(keyedBy: CodingKeys.self).d3Lines(.oneOf)
    }
}

/// An item set and its bonuses.
public struct D3ItemSet: Codable, Hashable, Sendable {
    /// Localized set name.
    public var name: String
    /// Set slug.
    public var slug: String
    /// Localized plain-text description: the pieces, then each `(N) Set:` bonus.
    public var description: String

    /// Creates a set.
    public init(name: String, slug: String, description: String = "") {
        self.name = name
        self.slug = slug
        self.description = description
    }

    private enum CodingKeys: String, CodingKey {
        case name, slug, description
    }

    /// Decodes leniently; absent strings are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.d3String(.name)
        slug = try container.d3String(.slug)
        description = try container.d3String(.description)
    }

    /// The bonuses by number of pieces worn, read from ``description`` (`(2) Set: …`).
    public var bonuses: [D3SetBonus] {
        var markers: [(pieces: Int, range: Range<String.Index>)] = []
        var search = description.startIndex..<description.endIndex
        while let found = description.range(of: ") Set:", range: search) {
            if let open = description[..<found.lowerBound].lastIndex(of: "("),
                let pieces = Int(description[description.index(after: open)..<found.lowerBound])
            {
                markers.append((pieces, open..<found.upperBound))
            }
            search = found.upperBound..<description.endIndex
        }
        return markers.indices.map { index in
            let end = index + 1 < markers.count ? markers[index + 1].range.lowerBound : description.endIndex
            let text = description[markers[index].range.upperBound..<end]
                .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            return D3SetBonus(pieces: markers[index].pieces, text: text)
        }
    }
}

/// A set bonus: what wearing `pieces` items of the set gives.
public struct D3SetBonus: Hashable, Sendable {
    /// Pieces worn.
    public var pieces: Int
    /// Localized bonus text.
    public var text: String
}

/// An item's localized affix lines.
///
/// Decodes the current `{"primary": […], "secondary": […]}` object and the
/// legacy plain array (which becomes ``primary``); lines are strings or, from the item endpoint,
/// `{"text": …, "textHtml": …}` objects.
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
            primary: try container.d3Lines(.primary),
            secondary: try container.d3Lines(.secondary),
            passive: try container.d3Lines(.passive)
        )
    }
}
