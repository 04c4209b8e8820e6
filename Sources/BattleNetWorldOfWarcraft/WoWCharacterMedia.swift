import Foundation

/// A character's pictures, `GET /profile/wow/character/{realmSlug}/{characterName}/character-media` (any token).
/// Blizzard has sent two shapes: `avatar_url`, `bust_url` and `render_url` (the 2019 recording), and an `assets` list
/// of `{"key": "avatar", "value": URL}` (its documentation since 2020); ``avatar``, ``inset`` and ``render`` read
/// either.
public struct WoWCharacterMedia: Codable, Hashable, Sendable {
    /// `self`.
    public var links: WoWLinks?
    /// The character.
    public var character: WoWCharacterReference?
    /// The small portrait (older shape).
    public var avatarURL: String?
    /// The bust (older shape).
    public var bustURL: String?
    /// The full render (older shape).
    public var renderURL: String?
    /// The pictures by kind (`avatar`, `inset`, `main`, `main-raw`) (newer shape).
    public var assets: [Asset]?

    /// One picture.
    public struct Asset: Codable, Hashable, Sendable {
        /// Its kind: `avatar`, `inset`, `main`, `main-raw`.
        public var key: String
        /// Its URL.
        public var value: String

        /// Creates an asset.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// Creates a media answer.
    public init(
        links: WoWLinks? = nil, character: WoWCharacterReference? = nil, avatarURL: String? = nil,
        bustURL: String? = nil, renderURL: String? = nil, assets: [Asset]? = nil
    ) {
        self.links = links
        self.character = character
        self.avatarURL = avatarURL
        self.bustURL = bustURL
        self.renderURL = renderURL
        self.assets = assets
    }

    /// The portrait's URL, in either shape.
    public var avatar: String? { asset("avatar") ?? avatarURL }
    /// The bust's URL (`inset` in the newer shape).
    public var inset: String? { asset("inset") ?? bustURL }
    /// The full render's URL (`main-raw`, else `main`, in the newer shape).
    public var render: String? { asset("main-raw") ?? asset("main") ?? renderURL }

    private func asset(_ key: String) -> String? { assets?.first { $0.key == key }?.value }

    enum CodingKeys: String, CodingKey {
        case links = "_links", character, avatarURL = "avatar_url", bustURL = "bust_url", renderURL = "render_url"
        case assets
    }
}
