import BattleNet
import Foundation

/// The image URLs of Diablo III icons, as Blizzard's media host serves them.
///
/// Source: the URL forms `http://media.blizzard.com/d3/icons/items/{small|large}/{icon}.png` and
/// `http://media.blizzard.com/d3/icons/skills/{21|42|64}/{icon}.png` used by the API's client libraries and
/// apps since 2012 (e.g. the .NET D3 API wrapper's doc comment "Available sizes … 21, 42 and 64"; DiabloDjango
/// `ICON_URL`); `{icon}` is the `icon` field of items and skills as the API sends it.
public enum D3Media {
    /// Blizzard's media host, over https (App Transport Security blocks plain http in apps).
    public static let host = URL(string: "https://media.blizzard.com")!

    /// Item icon sizes.
    public enum ItemIconSize: String, Sendable, CaseIterable {
        /// Small.
        case small
        /// Large.
        case large
    }

    /// Skill icon sizes, in pixels.
    public enum SkillIconSize: Int, Sendable, CaseIterable {
        /// 21 × 21.
        case small = 21
        /// 42 × 42.
        case medium = 42
        /// 64 × 64.
        case large = 64
    }

    /// The image of an item's `icon`, e.g. `unique_sword_2h_104_x1_demonhunter_male`.
    public static func itemIcon(_ icon: String, size: ItemIconSize = .large) -> URL {
        url("items/\(size.rawValue)", icon)
    }

    /// The image of a skill's `icon`, e.g. `barbarian_bash`.
    public static func skillIcon(_ icon: String, size: SkillIconSize = .large) -> URL {
        url("skills/\(size.rawValue)", icon)
    }

    private static func url(_ folder: String, _ icon: String) -> URL {
        URL(string: "\(host.absoluteString)/d3/icons/\(folder)/\(Diablo3Client.segment(icon)).png")!
    }
}
