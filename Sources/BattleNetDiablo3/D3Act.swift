import BattleNet
import Foundation

/// The list of campaign acts, `GET /d3/data/act`.
public struct D3ActIndex: Codable, Hashable, Sendable {
    /// The acts in the order sent (Act I first).
    public var acts: [D3Act]

    /// Creates an act index.
    public init(acts: [D3Act] = []) {
        self.acts = acts
    }

    private enum CodingKeys: String, CodingKey {
        case acts
    }

    /// Decodes leniently; an absent list is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        acts = try container.d3Array(.acts)
    }
}

/// A campaign act, `GET /d3/data/act/{id}`.
public struct D3Act: Codable, Hashable, Sendable {
    /// Act slug, e.g. `act-i`.
    public var slug: String
    /// Act number, 1...5.
    public var number: Int
    /// Localized name, e.g. `Act I`.
    public var name: String
    /// The act's quests.
    public var quests: [D3Quest]

    /// Creates an act.
    public init(slug: String, number: Int, name: String, quests: [D3Quest] = []) {
        self.slug = slug
        self.number = number
        self.name = name
        self.quests = quests
    }

    private enum CodingKeys: String, CodingKey {
        case slug, number, name, quests
    }

    /// Decodes leniently; absent fields get their zero value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slug = try container.d3String(.slug)
        number = try container.d3Int(.number)
        name = try container.d3String(.name)
        quests = try container.d3Array(.quests)
    }
}

/// A campaign quest.
public struct D3Quest: Codable, Hashable, Sendable {
    /// Game quest id.
    public var id: Int
    /// Localized name, e.g. `The Fallen Star`.
    public var name: String
    /// Quest slug, e.g. `the-fallen-star`.
    public var slug: String

    /// Creates a quest.
    public init(id: Int, name: String, slug: String) {
        self.id = id
        self.name = name
        self.slug = slug
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, slug
    }

    /// Decodes leniently; absent fields get their zero value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.d3Int(.id)
        name = try container.d3String(.name)
        slug = try container.d3String(.slug)
    }
}
