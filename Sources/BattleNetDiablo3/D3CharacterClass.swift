import BattleNet
import Foundation

/// A character class and its skills, `GET /d3/data/hero/{slug}`.
public struct D3CharacterClass: Codable, Hashable, Sendable {
    /// Class slug, e.g. `barbarian`.
    public var slug: String
    /// Localized name.
    public var name: String
    /// Localized name of male heroes.
    public var maleName: String?
    /// Localized name of female heroes.
    public var femaleName: String?
    /// Icon name.
    public var icon: String?
    /// The categories active skills are sorted into (`primary`, `secondary`, …).
    public var skillCategories: [D3SkillCategory]
    /// The active and passive skills.
    public var skills: D3ClassSkills

    /// Creates a class.
    public init(
        slug: String, name: String, maleName: String? = nil, femaleName: String? = nil, icon: String? = nil,
        skillCategories: [D3SkillCategory] = [], skills: D3ClassSkills = .init()
    ) {
        self.slug = slug
        self.name = name
        self.maleName = maleName
        self.femaleName = femaleName
        self.icon = icon
        self.skillCategories = skillCategories
        self.skills = skills
    }

    private enum CodingKeys: String, CodingKey {
        case slug, name, maleName, femaleName, icon, skillCategories, skills
    }

    /// Decodes leniently; absent lists are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slug = try container.d3String(.slug)
        name = try container.d3String(.name)
        maleName = try container.decodeIfPresent(String.self, forKey: .maleName)
        femaleName = try container.decodeIfPresent(String.self, forKey: .femaleName)
        icon = try container.decodeIfPresent(String.self, forKey: .icon)
        skillCategories = try container.d3Array(.skillCategories)
        skills = try container.d3Value(.skills, default: D3ClassSkills())
    }
}

/// A category of active skills.
public struct D3SkillCategory: Codable, Hashable, Sendable {
    /// Category slug, e.g. `primary`.
    public var slug: String
    /// Localized name.
    public var name: String

    /// Creates a category.
    public init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }

    private enum CodingKeys: String, CodingKey {
        case slug, name
    }

    /// Decodes leniently; absent strings are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slug = try container.d3String(.slug)
        name = try container.d3String(.name)
    }
}

/// The skills of a class or follower: `{"active": […], "passive": […]}`.
public struct D3ClassSkills: Codable, Hashable, Sendable {
    /// Active skills, in unlock order.
    public var active: [D3Skill]
    /// Passive skills, in unlock order.
    public var passive: [D3Skill]

    /// Creates a skill list.
    public init(active: [D3Skill] = [], passive: [D3Skill] = []) {
        self.active = active
        self.passive = passive
    }

    private enum CodingKeys: String, CodingKey {
        case active, passive
    }

    /// Decodes the object, or a bare array of skills (current followers), which becomes ``active``.
    public init(from decoder: any Decoder) throws {
        if let skills = try? decoder.singleValueContainer().decode([D3Skill?].self) {
            self.init(active: skills.compactMap { $0 })
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(active: try container.d3Array(.active), passive: try container.d3Array(.passive))
    }
}

/// One skill and its runes, `GET /d3/data/hero/{class}/skill/{slug}`.
public struct D3SkillDetail: Codable, Hashable, Sendable {
    /// The skill.
    public var skill: D3Skill
    /// Its runes (none for passive skills).
    public var runes: [D3Rune]

    /// Creates a skill detail.
    public init(skill: D3Skill, runes: [D3Rune] = []) {
        self.skill = skill
        self.runes = runes
    }

    private enum CodingKeys: String, CodingKey {
        case skill, runes
    }

    /// Decodes leniently; an absent skill is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        skill = try container.d3Value(.skill, default: D3Skill(slug: "", name: ""))
        runes = try container.d3Array(.runes)
    }
}

/// A follower and its skills, `GET /d3/data/follower/{slug}` (`templar`, `scoundrel`, `enchantress`).
public struct D3FollowerDetail: Codable, Hashable, Sendable {
    /// Follower slug.
    public var slug: String
    /// Localized name, e.g. `Templar`.
    public var name: String
    /// The follower's own name, e.g. `Kormac`.
    public var realName: String?
    /// Portrait icon name.
    public var portrait: String?
    /// Skills: the current API sends one list (kept in ``D3ClassSkills/active``), the 2012 one active and passive.
    public var skills: D3ClassSkills

    /// Creates a follower.
    public init(
        slug: String, name: String, realName: String? = nil, portrait: String? = nil, skills: D3ClassSkills = .init()
    ) {
        self.slug = slug
        self.name = name
        self.realName = realName
        self.portrait = portrait
        self.skills = skills
    }

    private enum CodingKeys: String, CodingKey {
        case slug, name, realName, portrait, skills
    }

    /// Decodes leniently; absent skills are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slug = try container.d3String(.slug)
        name = try container.d3String(.name)
        realName = try container.decodeIfPresent(String.self, forKey: .realName)
        portrait = try container.decodeIfPresent(String.self, forKey: .portrait)
        skills = try container.d3Value(.skills, default: D3ClassSkills())
    }
}
