import Foundation

/// A Battle.net region: where its OAuth server and game-data API live, and which locales it serves.
public enum Region: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
    case us, eu, kr, tw
    /// China. Its OAuth server, `oauth.battlenet.com.cn`, refuses clients registered on Blizzard's developer
    /// portal: `/authorize` and `/token` answer `401 Bad client credentials`, and the China web API is reported
    /// to be run by NetEase for internal use only. Calls for this region work only with a client that China's
    /// server accepts, and its tokens stand apart from those of `oauth.battle.net` (``tokenRegions`` is `[.cn]`).
    case cn

    /// The OAuth host. Every region but China shares the unified `oauth.battle.net`.
    public var oauthBaseURL: URL {
        switch self {
        case .cn: URL(string: "https://oauth.battlenet.com.cn")!
        default: URL(string: "https://oauth.battle.net")!
        }
    }

    /// The game-data and profile API host.
    public var apiBaseURL: URL {
        switch self {
        case .us: URL(string: "https://us.api.blizzard.com")!
        case .eu: URL(string: "https://eu.api.blizzard.com")!
        case .kr: URL(string: "https://kr.api.blizzard.com")!
        case .tw: URL(string: "https://tw.api.blizzard.com")!
        case .cn: URL(string: "https://gateway.battlenet.com.cn")!
        }
    }

    /// The locales the region's API serves, the default first.
    public var locales: [BattleNetLocale] {
        switch self {
        case .us: [.enUS, .esMX, .ptBR]
        case .eu: [.enGB, .esES, .frFR, .ruRU, .deDE, .ptPT, .itIT]
        case .kr: [.koKR, .enGB, .enUS]
        case .tw: [.zhTW, .enGB, .enUS]
        case .cn: [.zhCN]
        }
    }

    /// The locale used when none is asked for.
    public var defaultLocale: BattleNetLocale { locales[0] }

    public var description: String { rawValue }

    /// Parses a region name case-insensitively (`"EU"`, `"eu"`).
    public init?(name: String) {
        self.init(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

/// A locale understood by the Battle.net API, such as `en_US`, or ``multi`` for every locale at once.
public struct BattleNetLocale: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts `en_US`, `en-us` or `EN_us` and normalises them to `en_US`; `multi` in any letter case.
    public init?(rawValue: String) {
        let trimmed = rawValue.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "multi" {
            self.rawValue = "multi"
            return
        }
        let parts = trimmed
            .split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isLetter } })
        else { return nil }
        self.rawValue = "\(parts[0].lowercased())_\(parts[1].uppercased())"
    }

    public var description: String { rawValue }

    public static let enUS = Self(rawValue: "en_US")!
    public static let esMX = Self(rawValue: "es_MX")!
    public static let ptBR = Self(rawValue: "pt_BR")!
    public static let enGB = Self(rawValue: "en_GB")!
    public static let esES = Self(rawValue: "es_ES")!
    public static let frFR = Self(rawValue: "fr_FR")!
    public static let ruRU = Self(rawValue: "ru_RU")!
    public static let deDE = Self(rawValue: "de_DE")!
    public static let ptPT = Self(rawValue: "pt_PT")!
    public static let itIT = Self(rawValue: "it_IT")!
    public static let koKR = Self(rawValue: "ko_KR")!
    public static let zhTW = Self(rawValue: "zh_TW")!
    public static let zhCN = Self(rawValue: "zh_CN")!
    /// Every locale of the region at once: localized strings come as `{"en_US": …, "de_DE": …}` objects. For the
    /// game-data APIs through ``BlizzardAPI``; the Diablo III models expect one locale.
    public static let multi = Self(rawValue: "multi")!
}
