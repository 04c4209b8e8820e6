import BattleNet
import Foundation
import Logging
import RelayCore

/// One setting of `bnet-relay`, declared once: its flag, its environment variable, its default and its meaning.
/// Parsing, `--help` and the README's configuration table (checked by a test) all come from ``all``.
public struct ConfigurationSetting: Sendable {
    /// The long flag without dashes (`port` for `--port`); nil for a setting only the environment may give (the
    /// client id and secret, which must never show in `ps`).
    public let flag: String?
    /// The environment variable.
    public let environment: String
    /// The default, as a person reads it.
    public let defaultValue: String
    /// What it does.
    public let meaning: String
    /// What the value is, as `--help` shows it: `count` in `--max-open-logins <count>`.
    public let valueName: String
    /// Whether the flag may repeat (the environment variable then takes a comma-separated list).
    public let repeatable: Bool
    fileprivate let apply: @Sendable (inout Draft, [String]) throws -> Void

    fileprivate init(
        _ flag: String?, _ valueName: String, _ environment: String, _ defaultValue: String, _ meaning: String,
        repeatable: Bool = false, apply: @escaping @Sendable (inout Draft, [String]) throws -> Void
    ) {
        self.flag = flag
        self.valueName = valueName
        self.environment = environment
        self.defaultValue = defaultValue
        self.meaning = meaning
        self.repeatable = repeatable
        self.apply = apply
    }

    /// `--flag` for a person, or the environment variable for an environment-only setting.
    public var name: String { flag.map { "--" + $0 } ?? environment }
}

/// A setting with a value that cannot be used, in words a person can act on.
public struct ConfigurationError: Error, CustomStringConvertible {
    public let message: String
    /// Whether the command line itself is malformed (an unknown flag, a flag without its value), rather than a
    /// setting's value wrong: the one kind of error `bnet-relay` answers with its usage text and exit 64.
    public var isUsage = false
    public var description: String { message }
}

/// The configuration being built, with the client credentials that are resolved together at the end.
fileprivate struct Draft {
    var configuration = RelayConfiguration()
    var clientID: String?
    var clientSecret: String?
    var clientSecretFile: String?
}

extension ConfigurationSetting {
    /// Every setting of `serve`, `check-config` and `logins`.
    public static let all: [ConfigurationSetting] = [
        .init("host", "address", "BNET_RELAY_HOST", "127.0.0.1", "address to listen on") { $0.configuration.host = $1[0] },
        .init("port", "port", "BNET_RELAY_PORT", "8080", "port to listen on") { $0.configuration.port = try number($1[0], "--port") },
        .init(
            "public-url", "url", "BNET_RELAY_PUBLIC_URL", "http://HOST:PORT",
            "the public base URL; every absolute URL the relay gives out is built from it, never from request headers; https required outside sandbox"
        ) { $0.configuration.publicURL = try url($1[0], "--public-url") },
        .init("database", "path-or-url", "BNET_RELAY_DATABASE", "bnet-relay.sqlite", "SQLite file (WAL), or a `postgres://` URL (`sslmode` as libpq reads it)") {
            do {
                $0.configuration.database = try DatabaseLocation(parsing: $1[0])
            } catch {
                throw ConfigurationError(message: "--database: \(error)")
            }
        },
        .init("region", "region", "BNET_RELAY_REGION", "us", "`us`, `eu`, `kr`, `tw`, `cn`") {
            guard let region = Region(name: $1[0]) else {
                throw ConfigurationError(message: "--region \($1[0]): expected one of us, eu, kr, tw, cn")
            }
            $0.configuration.region = region
        },
        .init(
            "app", "name=mode[:scopes]", "BNET_RELAY_APPS", "d3=poll",
            "register an app as NAME=MODE, MODE `poll`, `redirect` or `forward`; `NAME=MODE:SCOPES` (space-separated) limits the scopes it may ask for, which are otherwise `--scope`; repeatable (the environment variable: comma-separated)",
            repeatable: true
        ) { draft, values in
            draft.configuration.apps = try values.map { argument in
                do {
                    return try AppRegistration(argument: argument.trimmingCharacters(in: .whitespaces))
                } catch {
                    throw ConfigurationError(message: "\(error)")
                }
            }
        },
        .init(
            "scope", "scopes", "BNET_RELAY_SCOPE", "openid wow.profile sc2.profile d3.profile",
            "default scopes, space-separated: what a login asks for without its own, and what an app registered without scopes may ask for"
        ) { draft, values in
            do {
                draft.configuration.scopes = try ScopeToken.parseList(values[0], setting: "--scope")
            } catch {
                throw ConfigurationError(message: "\(error)")
            }
        },
        .init(
            "seal-key-file", "file", "BNET_RELAY_SEAL_KEY_FILE", "bnet-relay.key",
            "the relay's key (created on first start in sandbox mode; `bnet-relay keygen --output FILE` otherwise)"
        ) { $0.configuration.sealKeyFile = $1[0] },
        .init(
            "previous-seal-key-file", "file", "BNET_RELAY_PREVIOUS_SEAL_KEY_FILE", "none",
            "the key a rotation retired, kept read-only: logins made under it still complete; remove it once the longest login has expired (10 minutes by default)"
        ) { $0.configuration.previousSealKeyFile = $1[0] },
        .init("authorize-url", "url", "BNET_RELAY_AUTHORIZE_URL", "the region's", "override the provider's authorize URL") {
            $0.configuration.authorizeURL = try url($1[0], "--authorize-url")
        },
        .init("token-url", "url", "BNET_RELAY_TOKEN_URL", "the region's", "override the provider's token URL") {
            $0.configuration.tokenURL = try url($1[0], "--token-url")
        },
        .init("userinfo-url", "url", "BNET_RELAY_USERINFO_URL", "the region's", "override the provider's userinfo URL") {
            $0.configuration.userinfoURL = try url($1[0], "--userinfo-url")
        },
        .init("revocation-url", "url", "BNET_RELAY_REVOCATION_URL", "the region's", "override the provider's token revocation URL") {
            $0.configuration.revocationURL = try url($1[0], "--revocation-url")
        },
        .init("api-url", "url", "BNET_RELAY_API_URL", "the region's", "override the game-data API base URL") {
            $0.configuration.apiURL = try url($1[0], "--api-url")
        },
        .init(
            "trusted-proxy", "address-or-cidr", "BNET_RELAY_TRUSTED_PROXIES", "none",
            "addresses or CIDR ranges whose `X-Forwarded-For` is believed; repeatable (the environment variable: comma-separated)",
            repeatable: true
        ) { $0.configuration.trustedProxies = $1.map { $0.trimmingCharacters(in: .whitespaces) } },
        .init("client-secret-file", "file", "BNET_CLIENT_SECRET_FILE", "none", "file holding the Battle.net client secret") {
            $0.clientSecretFile = $1[0]
        },
        .init(nil, "id", "BNET_CLIENT_ID", "none", "the Battle.net client id; with a secret the relay signs in at Blizzard, without both it runs in sandbox mode") {
            $0.clientID = $1[0]
        },
        .init(nil, "secret", "BNET_CLIENT_SECRET", "none", "the Battle.net client secret (never a flag: it would show in `ps`)") {
            $0.clientSecret = $1[0]
        },
        .init("emulator-port", "port", "BNET_RELAY_EMULATOR_PORT", "PORT+1", "the sandbox emulator's port") {
            $0.configuration.emulatorPort = try number($1[0], "--emulator-port")
        },
        .init(
            "emulator-host", "host", "BNET_RELAY_EMULATOR_HOST", "the listen address",
            "the host name in the sandbox emulator's URLs (e.g. `localhost`, to put it on another site than the relay, as Battle.net is)"
        ) { $0.configuration.emulatorHost = $1[0] },
        .init("ops-host", "address", "BNET_RELAY_OPS_HOST", "127.0.0.1", "address of the operations listener (`/healthz`, `/readyz`, `/metrics`); keep it off public addresses") {
            $0.configuration.opsHost = $1[0]
        },
        .init("ops-port", "port", "BNET_RELAY_OPS_PORT", "PORT+2", "port of the operations listener") {
            $0.configuration.opsPort = try number($1[0], "--ops-port")
        },
        .init("max-open-logins", "count", "BNET_RELAY_MAX_OPEN_LOGINS", "100000", "logins held at once (started within the last 10 minutes); past it new starts get `503`") {
            $0.configuration.maxOpenLogins = try number($1[0], "--max-open-logins")
        },
        .init(
            "starts-per-minute", "count", "BNET_RELAY_STARTS_PER_MINUTE", "10",
            "login starts a minute from one IPv4 address or IPv6 /64 (also its burst); over it `429`"
        ) { $0.configuration.startsPerMinute = Double(try number($1[0], "--starts-per-minute")) },
        .init(
            "starts-per-minute-per-56", "count", "BNET_RELAY_STARTS_PER_MINUTE_PER_56", "30",
            "login starts a minute from one IPv6 /56, whatever its /64s"
        ) { $0.configuration.startsPerMinutePer56 = Double(try number($1[0], "--starts-per-minute-per-56")) },
        .init(
            "starts-per-minute-per-48", "count", "BNET_RELAY_STARTS_PER_MINUTE_PER_48", "60",
            "login starts a minute from one IPv6 /48 or IPv4 /24: one allocation then holds at most 11 times this many open logins, its burst and 10 minutes of starts (`check-config` prints its share of the cap)"
        ) { $0.configuration.startsPerMinutePer48 = Double(try number($1[0], "--starts-per-minute-per-48")) },
        .init(
            "unknown-codes-per-minute", "count", "BNET_RELAY_UNKNOWN_CODES_PER_MINUTE", "20",
            "callbacks with an unknown state and polls with an unknown device code a minute from one IPv4 address or IPv6 /64; over it `429`"
        ) { $0.configuration.unknownCodesPerMinute = Double(try number($1[0], "--unknown-codes-per-minute")) },
        .init(
            "revocations-per-minute", "count", "BNET_RELAY_REVOCATIONS_PER_MINUTE", "60",
            "revocations of tokens the relay issued forwarded to Battle.net a minute, from all clients (also the burst); over it `503`"
        ) { $0.configuration.revocationsPerMinute = Double(try number($1[0], "--revocations-per-minute")) },
        .init("max-connections", "count", "BNET_RELAY_MAX_CONNECTIONS", "10000", "open connections in all; over it, `503` and close") {
            $0.configuration.connections.total = try number($1[0], "--max-connections")
        },
        .init(
            "max-connections-per-network", "count", "BNET_RELAY_MAX_CONNECTIONS_PER_NETWORK", "100",
            "open connections from one IPv4 address or IPv6 /64 (trusted proxies exempt)"
        ) { $0.configuration.connections.perNetwork = try number($1[0], "--max-connections-per-network") },
        .init(
            "max-proxied-requests-per-network", "count", "BNET_RELAY_MAX_PROXIED_REQUESTS_PER_NETWORK", "100",
            "requests in flight from one client network behind a trusted proxy (its `X-Forwarded-For` client, an IPv4 address or IPv6 /64); over it `429` and close"
        ) { $0.configuration.connections.proxiedRequestsPerNetwork = try number($1[0], "--max-proxied-requests-per-network") },
        .init(
            "max-connections-per-48", "count", "BNET_RELAY_MAX_CONNECTIONS_PER_48", "1000",
            "open connections from one IPv6 /48 or IPv4 /24, whatever its networks (trusted proxies exempt)"
        ) { $0.configuration.connections.perAllocation = try number($1[0], "--max-connections-per-48") },
        .init(
            "max-proxied-requests-per-48", "count", "BNET_RELAY_MAX_PROXIED_REQUESTS_PER_48", "1000",
            "requests in flight behind a trusted proxy from one IPv6 /48 or IPv4 /24 of `X-Forwarded-For` clients; over it `429` and close"
        ) { $0.configuration.connections.proxiedRequestsPerAllocation = try number($1[0], "--max-proxied-requests-per-48") },
        .init("max-held-polls", "count", "BNET_RELAY_MAX_HELD_POLLS", "5000", "long-polls held at once; over it a long-poll is answered at once") {
            $0.configuration.maxHeldPolls = try number($1[0], "--max-held-polls")
        },
        .init("max-held-polls-per-network", "count", "BNET_RELAY_MAX_HELD_POLLS_PER_NETWORK", "50", "long-polls held for one client network") {
            $0.configuration.maxHeldPollsPerNetwork = try number($1[0], "--max-held-polls-per-network")
        },
        .init("request-timeout", "seconds", "BNET_RELAY_REQUEST_TIMEOUT", "10", "seconds a request may take to arrive: the first from the connection's opening (a silent connection is then closed), later ones from their first byte; then `408` and close") {
            $0.configuration.connections.requestTimeout = .seconds(try number($1[0], "--request-timeout"))
        },
        .init(
            "log-level", "level", "BNET_RELAY_LOG_LEVEL", "info",
            "`trace` ... `critical`. At `info`, one line per request, except routine poll answers and health probes (at `debug`)"
        ) {
            guard let level = Logger.Level(rawValue: $1[0].lowercased()) else {
                throw ConfigurationError(message: "--log-level \($1[0]): expected trace, debug, info, notice, warning, error or critical")
            }
            $0.configuration.logLevel = level
        },
        .init(
            "log-format", "format", "BNET_RELAY_LOG_FORMAT", "text",
            "`text` (one readable line per event) or `json` (one JSON object per line, the same fields, for journald, Loki or any collector)"
        ) {
            guard let format = LogFormat(rawValue: $1[0].lowercased()) else {
                throw ConfigurationError(message: "--log-format \($1[0]): expected text or json")
            }
            $0.configuration.logFormat = format
        },
    ]

    /// Resolves `--flag value` / `--flag=value` arguments, then the environment, then the defaults: flags win, and a
    /// repeatable flag given at all replaces its environment variable's list. Throws the first setting that is wrong.
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
        var draft = Draft()
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
    public static var helpText: String {
        all.map { setting in
            let usage = setting.flag.map { "--\($0) <\(setting.valueName)>" } ?? "\(setting.environment)=<\(setting.valueName)>"
            var text = setting.meaning.replacingOccurrences(of: "`", with: "")
            let notes = (setting.flag == nil ? [] : ["env: \(setting.environment)"])
                + (setting.defaultValue == "none" ? [] : ["default: \(setting.defaultValue)"])
            if !notes.isEmpty { text += " (\(notes.joined(separator: ", ")))" }
            return HelpLayout.option(usage, text)
        }.joined(separator: "\n")
    }

    private static func provider(_ draft: Draft) throws -> ProviderMode {
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

    private static func number(_ text: String, _ option: String) throws -> Int {
        guard let number = Int(text) else { throw ConfigurationError(message: "\(option) \(text): expected a number") }
        return number
    }

    private static func url(_ text: String, _ option: String) throws -> URL {
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw ConfigurationError(message: "\(option) \(text): expected an absolute URL such as https://example.com")
        }
        return url
    }
}
