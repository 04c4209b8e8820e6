import BattleNet
import Foundation

/// The contents of `config.json`: `{"relay": "...", "region": "eu", "locale": "en_GB", "renew": "auto"}`, every key
/// optional.
public struct ConfigFile: Codable, Sendable, Hashable {
    /// The relay URL.
    public var relay: String?
    /// The region name.
    public var region: String?
    /// The locale, such as `en_GB`.
    public var locale: String?
    /// How an expired sign-in is renewed: `auto`, `prompt` or `never` (``RenewalSetting``).
    public var renew: String?

    /// Creates a configuration.
    public init(relay: String? = nil, region: String? = nil, locale: String? = nil, renew: String? = nil) {
        self.renew = renew
        self.relay = relay
        self.region = region
        self.locale = locale
    }

    /// Reads `config.json` in `directory`; an absent file is an empty configuration.
    public static func load(from directory: URL) throws(SettingsError) -> ConfigFile {
        let url = directory.appending(path: "config.json", directoryHint: .notDirectory)
        guard FileManager.default.fileExists(atPath: url.path) else { return ConfigFile() }
        do {
            return try JSONDecoder().decode(ConfigFile.self, from: Data(contentsOf: url))
        } catch {
            throw SettingsError(description: "\(url.path) is not valid: expected "
                + #"{"relay": "...", "region": "...", "locale": "...", "renew": "auto|prompt|never"}"#)
        }
    }
}

/// A setting that could not be used, with where it came from.
public struct SettingsError: Error, CustomStringConvertible, Equatable {
    /// A message a person can act on.
    public var description: String

    /// Creates an error.
    public init(description: String) {
        self.description = description
    }
}

/// The relay, region, locale and renewal setting in force: flags win over the environment (`BNET_RELAY_URL`,
/// `BNET_REGION`, `BNET_LOCALE`, `BNET_RENEW` for bnet; `D3_*` for d3), which wins over `config.json`, which wins
/// over the defaults. Whether a plain-http relay on another machine is allowed comes only from
/// `--allow-insecure-relay` or `BNET_ALLOW_INSECURE_RELAY=1` (`D3_` for d3), never from `config.json`.
public struct Settings: Sendable, Hashable {
    /// The relay used when nothing else says: the sandbox relay's default address.
    public static let defaultRelay = URL(string: "http://127.0.0.1:8080")!

    /// The relay URL.
    public var relay: URL
    /// Whether ``relay`` is the default because no flag, variable or config.json named one.
    public var relayIsDefault: Bool
    /// The region.
    public var region: Region
    /// The locale; nil means the region's default.
    public var locale: BattleNetLocale?
    /// Whether a plain-http relay on another machine may be used (see ``RelayPolicy``).
    public var allowInsecureRelay: Bool
    /// How an expired sign-in is renewed; nil when nothing says (``RenewalPlan/decide(setting:route:browserAvailable:interactive:noPrompt:)``
    /// then picks by the machine).
    public var renewal: RenewalSetting?

    /// Spells out the settings; `relayIsDefault` says that nothing named `relay`.
    public init(
        relay: URL, region: Region, locale: BattleNetLocale? = nil, allowInsecureRelay: Bool = false,
        relayIsDefault: Bool = false
    ) {
        self.relay = relay
        self.relayIsDefault = relayIsDefault
        self.region = region
        self.locale = locale
        self.allowInsecureRelay = allowInsecureRelay
    }

    /// Resolves `program`'s settings from their three sources; `allowInsecureRelay` is the flag.
    public static func resolve(
        relay: String?, region: String?, locale: String?, allowInsecureRelay: Bool = false,
        environment: [String: String], file: ConfigFile, program: Program
    ) throws(SettingsError) -> Settings {
        func pick(_ flag: String?, _ name: String, _ variable: String, _ stored: String?) -> (String, String)? {
            if let flag { return (flag, "--\(name)") }
            if let value = environment[variable], !value.isEmpty { return (value, variable) }
            return stored.map { ($0, "config.json") }
        }
        var settings = Settings(relay: defaultRelay, region: .us, locale: nil, relayIsDefault: true)
        if let (text, source) = pick(relay, "relay", program.variable("RELAY_URL"), file.relay) {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", url.host != nil
            else { throw SettingsError(description: "\(source): \"\(text)\" is not an http(s) URL") }
            settings.relay = url
            settings.relayIsDefault = false
        }
        if let (text, source) = pick(region, "region", program.variable("REGION"), file.region) {
            guard let parsed = Region(name: text) else {
                throw SettingsError(description: "\(source): \"\(text)\" is not a region; use one of "
                    + Region.allCases.map(\.rawValue).joined(separator: ", "))
            }
            settings.region = parsed
        }
        if let (text, source) = pick(locale, "locale", program.variable("LOCALE"), file.locale) {
            guard let parsed = BattleNetLocale(rawValue: text) else {
                throw SettingsError(description: "\(source): \"\(text)\" is not a locale such as en_US")
            }
            settings.locale = parsed
        }
        if let (text, source) = pick(nil, "renew", program.variable("RENEW"), file.renew) {
            guard let parsed = RenewalSetting(rawValue: text.lowercased()) else {
                throw SettingsError(description: "\(source): \"\(text)\" is not auto, prompt or never")
            }
            settings.renewal = parsed
        }
        settings.allowInsecureRelay = allowInsecureRelay
        if !allowInsecureRelay, let value = environment[RelayPolicy.allowInsecureVariable(program)] {
            switch value.lowercased() {
            case "1", "true", "yes": settings.allowInsecureRelay = true
            case "", "0", "false", "no": break
            default:
                throw SettingsError(description: "\(RelayPolicy.allowInsecureVariable(program)): \"\(value)\" is not 1 or 0")
            }
        }
        return settings
    }
}
