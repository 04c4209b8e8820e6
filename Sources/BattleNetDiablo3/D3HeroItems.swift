import BattleNet
import Foundation

/// A hero's detailed equipment, `GET /d3/profile/{account}/hero/{id}/items`: slot → item.
///
/// Only equipped slots are present; `null` slots are dropped.
public struct D3HeroItems: Codable, Hashable, Sendable {
    /// Items keyed by slot name (`head`, `mainHand`, …).
    public var items: [String: D3Item]

    /// Creates an item map.
    public init(_ items: [String: D3Item] = [:]) {
        self.items = items
    }

    /// The item in a slot given by name, if equipped.
    public subscript(slot: String) -> D3Item? {
        get { items[slot] }
        set { items[slot] = newValue }
    }

    /// The item in a slot, if equipped.
    public subscript(slot: D3ItemSlot) -> D3Item? {
        get { items[slot.rawValue] }
        set { items[slot.rawValue] = newValue }
    }

    /// The equipped slot names, sorted.
    public var slots: [String] { items.keys.sorted() }

    /// Decodes a JSON object of slot → item.
    public init(from decoder: any Decoder) throws {
        let items = try decoder.singleValueContainer().decode([String: D3Item?].self)
        self.items = items.compactMapValues { $0 }
    }

    /// Encodes a JSON object of slot → item.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(items)
    }
}

/// Followers' detailed equipment, `GET /d3/profile/{account}/hero/{id}/follower-items`:
/// follower slug → slot → item.
///
/// Only followers that have items are present.
public struct D3FollowerItems: Codable, Hashable, Sendable {
    /// Item maps keyed by follower slug (`templar`, `scoundrel`, `enchantress`).
    public var followers: [String: D3HeroItems]

    /// Creates a follower item map.
    public init(_ followers: [String: D3HeroItems] = [:]) {
        self.followers = followers
    }

    /// The items of a follower, if it has any.
    public subscript(follower: String) -> D3HeroItems? {
        get { followers[follower] }
        set { followers[follower] = newValue }
    }

    /// Decodes a JSON object of follower slug → slot → item.
    public init(from decoder: any Decoder) throws {
        let followers = try decoder.singleValueContainer().decode([String: D3HeroItems?].self)
        self.followers = followers.compactMapValues { $0 }
    }

    /// Encodes a JSON object of follower slug → slot → item.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(followers)
    }
}
