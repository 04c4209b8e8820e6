import BattleNet
import Foundation

extension ConfigurationSetting {
    /// Resolves `--flag value` / `--flag=value` arguments, then the environment, then the declared defaults: flags
    /// win, and a repeatable flag given at all replaces its environment variable's list. Throws the first setting
    /// that is wrong.
    public static func configuration(arguments: [String], environment: [String: String]) throws -> RelayConfiguration {
        let (configuration, problems) = try reading(arguments: arguments, environment: environment)
        if let first = problems.first { throw ConfigurationError(message: first) }
        return configuration
    }

    /// Like ``configuration(arguments:environment:)``, but reads every setting it can and returns, with the result,
    /// each setting it could not read (that setting keeps its default), for `check-config` to report them all at
    /// once. Throws only when the command line itself is malformed (``ConfigurationError/isUsage``).
    public static func reading(arguments: [String], environment: [String: String]) throws(ConfigurationError)
        -> (configuration: RelayConfiguration, problems: [String])
    {
        let given = try flags(arguments)
        var draft = ConfigurationDraft()
        var problems: [String] = []
        for setting in all {
            let values: [String]
            if let flag = setting.flag, let fromFlag = given[flag] {
                values = fromFlag
            } else if let text = environment[setting.environment], !text.isEmpty {
                values = setting.repeatable ? text.split(separator: ",").map(String.init) : [text]
            } else {
                continue
            }
            do {
                try setting.apply(&draft, values)
            } catch {
                problems.append("\(error)")
            }
        }
        do {
            draft.configuration.provider = try provider(draft)
        } catch {
            problems.append("\(error)")
            // Show the mode the operator meant (Battle.net, since a client id or secret was given); the placeholder
            // secret is never used, since a configuration with problems does not start.
            draft.configuration.provider = .battleNet(ClientCredentials(id: draft.clientID ?? "(not set)", secret: "(not read)"))
        }
        return (draft.configuration, problems)
    }

    /// The values given on the command line, by flag name.
    private static func flags(_ arguments: [String]) throws(ConfigurationError) -> [String: [String]] {
        var given: [String: [String]] = [:]
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw ConfigurationError(message: "unexpected argument \(argument.prefix(64)); settings are --name value", isUsage: true)
            }
            let body = argument.dropFirst(2)
            let (name, inline) =
                body.firstIndex(of: "=").map { (String(body[..<$0]), String(body[body.index(after: $0)...])) }
                ?? (String(body), nil)
            guard let setting = all.first(where: { $0.flag == name }) else {
                throw ConfigurationError(message: "unknown option --\(name.prefix(64)) (see --help)", isUsage: true)
            }
            guard let value = inline ?? rest.popFirst() else {
                throw ConfigurationError(message: "--\(name) needs a value", isUsage: true)
            }
            if !setting.repeatable, given[name] != nil {
                throw ConfigurationError(message: "--\(name) was given more than once", isUsage: true)
            }
            given[name, default: []].append(value)
        }
        return given
    }

    /// Every setting as the README's configuration table (a test keeps the README equal to it).
    public static var markdownTable: String {
        let rows = all.map { setting in
            let value = setting.defaultValue == "none" ? "" : "`\(setting.defaultValue)`"
            return "| \(setting.flag.map { "`--\($0)`" } ?? "") | `\(setting.environment)` | \(value) | \(setting.meaning) |"
        }
        return (["| flag | environment | default | meaning |", "|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// Every setting as `--help` text, laid out as ArgumentParser lays out options: the flag and its value's
    /// placeholder, then the meaning, the environment variable and the default, wrapped in a column of their own.
    /// Laid out once (every subcommand's configuration, built at each start, includes it).
    public static let helpText: String =
        all.map { setting in
            let usage = setting.flag.map { "--\($0) <\(setting.valueName)>" } ?? "\(setting.environment)=<\(setting.valueName)>"
            var text = setting.meaning.replacingOccurrences(of: "`", with: "")
            let notes = (setting.flag == nil ? [] : ["env: \(setting.environment)"])
                + (setting.defaultValue == "none" ? [] : ["default: \(setting.defaultValue)"])
            if !notes.isEmpty { text += " (\(notes.joined(separator: ", ")))" }
            return HelpLayout.option(usage, text)
        }.joined(separator: "\n")

    /// Blizzard with the relay's client when the id and a secret are given, the emulator when neither is.
    private static func provider(_ draft: ConfigurationDraft) throws -> ProviderMode {
        var secret = draft.clientSecret
        if let path = draft.clientSecretFile {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ConfigurationError(message: "--client-secret-file \(path): cannot read the file")
            }
            secret = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        switch (draft.clientID, secret) {
        case (nil, nil): return .sandbox
        case (let id?, let secret?): return .battleNet(ClientCredentials(id: id, secret: secret))
        case (nil, _):
            throw ConfigurationError(message: "BNET_CLIENT_SECRET is set but BNET_CLIENT_ID is not: set both, or neither for sandbox mode")
        case (_, nil):
            throw ConfigurationError(message: "BNET_CLIENT_ID is set but no secret: set BNET_CLIENT_SECRET or --client-secret-file")
        }
    }
}
