import BattleNet
import Foundation

/// A Diablo III hero class, coded as Blizzard's slug (`demon-hunter`).
///
/// Slugs this library does not know decode as ``unknown(_:)`` instead of failing.
public enum D3HeroClass: Hashable, Sendable, Codable, RawRepresentable, CaseIterable, CustomStringConvertible {
    /// Barbarian (`barbarian`).
    case barbarian
    /// Crusader (`crusader`).
    case crusader
    /// Demon Hunter (`demon-hunter`).
    case demonHunter
    /// Monk (`monk`).
    case monk
    /// Necromancer (`necromancer`).
    case necromancer
    /// Witch Doctor (`witch-doctor`).
    case witchDoctor
    /// Wizard (`wizard`).
    case wizard
    /// A slug this library does not know (empty when the payload had none).
    case unknown(String)

    /// The seven known classes.
    public static let allCases: [D3HeroClass] = [
        .barbarian, .crusader, .demonHunter, .monk, .necromancer, .witchDoctor, .wizard,
    ]

    /// Maps a slug to a class; matching ignores case, `-`, `_` and spaces.
    public init(rawValue: String) {
        let folded = rawValue.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
        self = Self.allCases.first { $0.rawValue.replacingOccurrences(of: "-", with: "") == folded }
            ?? .unknown(rawValue)
    }

    /// Blizzard's slug, e.g. `witch-doctor`.
    public var rawValue: String {
        switch self {
        case .barbarian: "barbarian"
        case .crusader: "crusader"
        case .demonHunter: "demon-hunter"
        case .monk: "monk"
        case .necromancer: "necromancer"
        case .witchDoctor: "witch-doctor"
        case .wizard: "wizard"
        case .unknown(let slug): slug
        }
    }

    /// The English name shown to players, e.g. `Demon Hunter`.
    public var displayName: String {
        switch self {
        case .barbarian: "Barbarian"
        case .crusader: "Crusader"
        case .demonHunter: "Demon Hunter"
        case .monk: "Monk"
        case .necromancer: "Necromancer"
        case .witchDoctor: "Witch Doctor"
        case .wizard: "Wizard"
        case .unknown(let slug): slug.isEmpty ? "Unknown" : slug
        }
    }

    /// Same as ``displayName``.
    public var description: String { displayName }

    /// Decodes a slug string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the slug string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A hero's gender, coded by Blizzard as `0` (male) or `1` (female).
public enum D3Gender: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible {
    /// Coded `0`.
    case male
    /// Coded `1`.
    case female
    /// Any other code.
    case unknown(Int)

    /// Maps Blizzard's code to a gender.
    public init(rawValue: Int) {
        switch rawValue {
        case 0: self = .male
        case 1: self = .female
        default: self = .unknown(rawValue)
        }
    }

    /// Blizzard's code.
    public var rawValue: Int {
        switch self {
        case .male: 0
        case .female: 1
        case .unknown(let code): code
        }
    }

    /// `male`, `female` or `unknown(code)`.
    public var description: String {
        switch self {
        case .male: "male"
        case .female: "female"
        case .unknown(let code): "unknown(\(code))"
        }
    }

    /// Decodes the numeric code; also accepts `2.0`-style numbers and the words `male`/`female`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let code = try? container.decode(Int.self) {
            self.init(rawValue: code)
        } else if let number = try? container.decode(Double.self), let code = Int(exactly: number) {
            self.init(rawValue: code)
        } else {
            switch try container.decode(String.self).lowercased() {
            case "male": self = .male
            case "female": self = .female
            case let other: self = .unknown(Int(other) ?? -1)
            }
        }
    }

    /// Encodes the numeric code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
