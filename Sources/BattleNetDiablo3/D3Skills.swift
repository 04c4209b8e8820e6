import BattleNet
import Foundation

/// The skills a hero has equipped.
public struct D3HeroSkills: Codable, Hashable, Sendable {
    /// Active skills with their runes.
    public var active: [D3ActiveSkill]
    /// Passive skills.
    public var passive: [D3PassiveSkill]

    /// Creates a skill set.
    public init(active: [D3ActiveSkill] = [], passive: [D3PassiveSkill] = []) {
        self.active = active
        self.passive = passive
    }

    private enum CodingKeys: String, CodingKey {
        case active, passive
    }

    /// Decodes leniently; absent lists are empty and `null` entries are dropped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        active = try container.d3Array(.active)
        passive = try container.d3Array(.passive)
    }
}

/// An equipped active skill, `{"skill": …, "rune": …}`.
public struct D3ActiveSkill: Codable, Hashable, Sendable {
    /// The skill.
    public var skill: D3Skill
    /// The selected rune, if any.
    public var rune: D3Rune?

    /// Creates an active skill.
    public init(skill: D3Skill, rune: D3Rune? = nil) {
        self.skill = skill
        self.rune = rune
    }

    private enum CodingKeys: String, CodingKey {
        case skill, rune
    }

    /// Decodes leniently; an absent skill decodes as an empty one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        skill = try container.d3Value(.skill, default: D3Skill(slug: "", name: ""))
        rune = try container.decodeIfPresent(D3Rune.self, forKey: .rune)
    }
}

/// An equipped passive skill, `{"skill": …}`; legacy payloads send the bare skill.
public struct D3PassiveSkill: Codable, Hashable, Sendable {
    /// The skill.
    public var skill: D3Skill

    /// Creates a passive skill.
    public init(skill: D3Skill) {
        self.skill = skill
    }

    private enum CodingKeys: String, CodingKey {
        case skill
    }

    /// Decodes `{"skill": …}` or a bare skill object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        skill = container.contains(.skill)
            ? try container.decode(D3Skill.self, forKey: .skill)
            : try D3Skill(from: decoder)
    }
}

/// A hero or follower skill.
public struct D3Skill: Codable, Hashable, Sendable {
    /// Skill slug, e.g. `corpse-lance`.
    public var slug: String
    /// Localized skill name.
    public var name: String
    /// Icon name, if sent.
    public var icon: String?
    /// Level at which the skill unlocks, if sent.
    public var level: Int?
    /// Localized plain-text description, if sent.
    public var description: String?

    /// Creates a skill.
    public init(slug: String, name: String, icon: String? = nil, level: Int? = nil, description: String? = nil) {
        self.slug = slug
        self.name = name
        self.icon = icon
        self.level = level
        self.description = description
    }

    private enum CodingKeys: String, CodingKey {
        case slug, name, icon, level, description
    }

    /// Decodes leniently; absent strings are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slug = try container.d3String(.slug)
        name = try container.d3String(.name)
        icon = try container.decodeIfPresent(String.self, forKey: .icon)
        level = try container.d3OptionalInt(.level)
        description = try container.decodeIfPresent(String.self, forKey: .description)
    }
}

/// A rune modifying an active skill.
public struct D3Rune: Codable, Hashable, Sendable {
    /// Rune slug, e.g. `ricochet`.
    public var slug: String
    /// Rune letter `a`…`e`, if sent.
    public var type: String?
    /// Localized rune name.
    public var name: String
    /// Level at which the rune unlocks, if sent.
    public var level: Int?
    /// Localized plain-text description, if sent.
    public var description: String?

    /// Creates a rune.
    public init(slug: String, type: String? = nil, name: String, level: Int? = nil, description: String? = nil) {
        self.slug = slug
        self.type = type
        self.name = name
        self.level = level
        self.description = description
    }

    private enum CodingKeys: String, CodingKey {
        case slug, type, name, level, description
    }

    /// Decodes leniently; absent strings are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slug = try container.d3String(.slug)
        type = try container.decodeIfPresent(String.self, forKey: .type)
        name = try container.d3String(.name)
        level = try container.d3OptionalInt(.level)
        description = try container.decodeIfPresent(String.self, forKey: .description)
    }
}
