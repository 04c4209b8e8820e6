import BattleNet
import Foundation
import Logging
import RelayCore

/// One setting of `bnet-relay`, declared once (in ``all``): its flag, its environment variable, where it is kept in a
/// `RelayConfiguration` and its meaning; its default is that property's, declared nowhere else. Parsing, `--help`,
/// `check-config` and the configuration table of docs/configuration.md (checked by a test) all come from the
/// declarations, and parsing starts from the defaults, so `serve` runs on what they say.
public struct ConfigurationSetting: Sendable {
    /// The long flag without dashes (`port` for `--port`); nil for a setting only the environment may give (the
    /// client id and secret, which must never show in `ps`).
    public let flag: String?
    /// The environment variable.
    public let environment: String
    /// The default, as a person reads it: the typed default rendered, or words for one derived from another setting.
    public let defaultValue: String
    /// What it does.
    public let meaning: String
    /// What the value is, as `--help` shows it: `count` in `--max-open-logins <count>`.
    public let valueName: String
    /// Whether the flag may repeat (the environment variable then takes a comma-separated list).
    public let repeatable: Bool
    let apply: @Sendable (inout ConfigurationDraft, [String]) throws -> Void
    let holdsDefault: @Sendable (ConfigurationDraft) -> Bool

    /// Declares a setting stored at `keyPath`, whose default is a default configuration's value there, shown as
    /// `shown` when given (a default derived from another setting, such as `PORT+1`), else as the value reads; `parse`
    /// reads the given values (one, or every one of a repeatable flag) and names the setting as its second argument in
    /// its errors.
    init<Value: SettingValue>(
        _ flag: String?, _ valueName: String, _ environment: String,
        _ keyPath: any WritableKeyPath<ConfigurationDraft, Value> & Sendable, shown: String? = nil,
        _ meaning: String, repeatable: Bool = false,
        parse: @escaping @Sendable (_ values: [String], _ setting: String) throws -> Value
    ) {
        let initial = ConfigurationDraft()[keyPath: keyPath]
        self.flag = flag
        self.valueName = valueName
        self.environment = environment
        self.defaultValue = shown ?? initial.settingText
        self.meaning = meaning
        self.repeatable = repeatable
        let setting = flag.map { "--" + $0 } ?? environment
        apply = { draft, values in draft[keyPath: keyPath] = try parse(values, setting) }
        holdsDefault = { draft in draft[keyPath: keyPath].isSameSetting(as: initial) }
    }

    /// `--flag` for a person, or the environment variable for an environment-only setting.
    public var name: String { flag.map { "--" + $0 } ?? environment }

    /// Whether `configuration` holds this setting's declared default. The client id, secret and secret file are read
    /// into its provider, not kept, so for them this is always true.
    public func isDefault(in configuration: RelayConfiguration) -> Bool {
        holdsDefault(ConfigurationDraft(configuration: configuration))
    }
}

/// The configuration being built, with the client credentials that are resolved together at the end.
struct ConfigurationDraft: Sendable {
    var configuration = RelayConfiguration()
    var clientID: String?
    var clientSecret: String?
    var clientSecretFile: String?
}

/// A setting's value: how a person reads it (`--help`, README) and when two are the same setting.
protocol SettingValue: Sendable {
    var settingText: String { get }
    func isSameSetting(as other: Self) -> Bool
}

extension SettingValue where Self: Equatable {
    func isSameSetting(as other: Self) -> Bool { self == other }
}

extension SettingValue where Self: CustomStringConvertible {
    var settingText: String { description }
}

extension Int: SettingValue {}
extension Bool: SettingValue { var settingText: String { self ? "on" : "off" } }
extension String: SettingValue {}
extension Region: SettingValue {}
extension LogFormat: SettingValue { var settingText: String { rawValue } }
extension SandboxReach: SettingValue { var settingText: String { rawValue } }
extension Logger.Level: SettingValue { var settingText: String { rawValue } }
extension URL: SettingValue { var settingText: String { absoluteString } }
extension DatabaseLocation: SettingValue {
    func isSameSetting(as other: DatabaseLocation) -> Bool { description == other.description }
}

/// A rate a minute; given and shown as a whole number.
extension Double: SettingValue { var settingText: String { String(Int(self)) } }

/// A time given and shown in whole seconds.
extension Duration: SettingValue { var settingText: String { String(components.seconds) } }

extension Optional: SettingValue where Wrapped: SettingValue & Equatable {
    var settingText: String { map(\.settingText) ?? "none" }
}

/// A list: the default scopes (space-separated, as `--scope` takes them) or the trusted proxies.
extension Array: SettingValue where Element: SettingValue & Equatable {
    var settingText: String { isEmpty ? "none" : map(\.settingText).joined(separator: " ") }
}

/// The registered apps; none registers the default one, which the README and `--help` show.
extension AppRegistration: SettingValue {
    var settingText: String {
        "\(name)=\(mode.rawValue)" + (allowedScopes.isEmpty ? "" : ":" + allowedScopes.joined(separator: " "))
    }
}

/// A redirect URI registered for an app, as `--redirect-uri` takes it.
extension RedirectRegistration: SettingValue {
    var settingText: String { "\(app)=\(redirect)" }
}
