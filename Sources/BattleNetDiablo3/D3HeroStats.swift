import BattleNet
import Foundation

/// A hero's (or follower's) computed statistics.
///
/// Every numeric field of the payload is kept in ``values`` under Blizzard's
/// key, so stats without a dedicated property survive a round trip.
/// Accessors return 0 for absent stats.
public struct D3HeroStats: Codable, Hashable, Sendable {
    /// All numeric stats by Blizzard's key (`life`, `critChance`, `experienceBonus`, …).
    public var values: [String: Double]

    /// Creates stats from Blizzard keys and values.
    public init(_ values: [String: Double] = [:]) {
        self.values = values
    }

    /// The stat with a Blizzard key, 0 when absent.
    public subscript(key: String) -> Double {
        get { values[key] ?? 0 }
        set { values[key] = newValue }
    }

    /// Maximum life.
    public var life: Double { self["life"] }
    /// Damage rating shown on the character sheet.
    public var damage: Double { self["damage"] }
    /// Toughness rating.
    public var toughness: Double { self["toughness"] }
    /// Recovery (healing) rating.
    public var healing: Double { self["healing"] }
    /// Attacks per second.
    public var attackSpeed: Double { self["attackSpeed"] }
    /// Armor.
    public var armor: Double { self["armor"] }
    /// Strength.
    public var strength: Double { self["strength"] }
    /// Dexterity.
    public var dexterity: Double { self["dexterity"] }
    /// Vitality.
    public var vitality: Double { self["vitality"] }
    /// Intelligence.
    public var intelligence: Double { self["intelligence"] }
    /// Physical resistance.
    public var physicalResist: Double { self["physicalResist"] }
    /// Fire resistance.
    public var fireResist: Double { self["fireResist"] }
    /// Cold resistance.
    public var coldResist: Double { self["coldResist"] }
    /// Lightning resistance.
    public var lightningResist: Double { self["lightningResist"] }
    /// Poison resistance.
    public var poisonResist: Double { self["poisonResist"] }
    /// Arcane resistance.
    public var arcaneResist: Double { self["arcaneResist"] }
    /// Block chance, 0...1.
    public var blockChance: Double { self["blockChance"] }
    /// Minimum amount blocked.
    public var blockAmountMin: Double { self["blockAmountMin"] }
    /// Maximum amount blocked.
    public var blockAmountMax: Double { self["blockAmountMax"] }
    /// Critical hit chance, 0...1.
    public var critChance: Double { self["critChance"] }
    /// Critical hit damage bonus (legacy payloads).
    public var critDamage: Double { self["critDamage"] }
    /// Bonus gold find.
    public var goldFind: Double { self["goldFind"] }
    /// Bonus magic find.
    public var magicFind: Double { self["magicFind"] }
    /// Thorns damage.
    public var thorns: Double { self["thorns"] }
    /// Life steal.
    public var lifeSteal: Double { self["lifeSteal"] }
    /// Life per kill.
    public var lifePerKill: Double { self["lifePerKill"] }
    /// Life per hit.
    public var lifeOnHit: Double { self["lifeOnHit"] }
    /// Maximum primary resource (fury, mana, …).
    public var primaryResource: Double { self["primaryResource"] }
    /// Maximum secondary resource (discipline), 0 for most classes.
    public var secondaryResource: Double { self["secondaryResource"] }
    /// Follower experience bonus.
    public var experienceBonus: Double { self["experienceBonus"] }

    /// Decodes every numeric field; other fields are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: D3DynamicKey.self)
        var values: [String: Double] = [:]
        for key in container.allKeys {
            if let value = try? container.decode(Double.self, forKey: key) {
                values[key.stringValue] = value
            }
        }
        self.values = values
    }

    /// Encodes a flat JSON object of the stored values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}
