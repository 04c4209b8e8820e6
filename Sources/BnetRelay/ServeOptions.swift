import ArgumentParser
import BattleNet
import Foundation
import Logging
import RelayCore
import RelayServer

/// The options shared by `serve`, `check-config` and `logins`. Each flag has an environment equivalent;
/// flags win. The client secret comes only from the environment or a file, never a flag.
struct ServeOptions: ParsableArguments {
    @Option(help: "Address to listen on (env BNET_RELAY_HOST; default 127.0.0.1).")
    var host: String?
    @Option(help: "Port to listen on (env BNET_RELAY_PORT; default 8080).")
    var port: Int?
    @Option(help: "Public base URL, e.g. https://relay.example.com (env BNET_RELAY_PUBLIC_URL; default http://HOST:PORT).")
    var publicURL: String?
    @Option(name: .customLong("database"), help: "SQLite database file (env BNET_RELAY_DATABASE; default bnet-relay.sqlite).")
    var database: String?
    @Option(help: "Battle.net region: us, eu, kr, tw, cn (env BNET_RELAY_REGION; default us).")
    var region: String?
    @Option(name: .customLong("app"), help: "Register an app as NAME=MODE, MODE poll|redirect|forward; repeatable (env BNET_RELAY_APPS, comma-separated; default d3=poll).")
    var apps: [String] = []
    @Option(help: "Default scopes, space-separated (env BNET_RELAY_SCOPE; default \"openid d3.profile\").")
    var scope: String?
    @Option(help: "Seal key file (env BNET_RELAY_SEAL_KEY_FILE; default bnet-relay.key).")
    var sealKeyFile: String?
    @Option(help: "Override the provider's authorize URL (env BNET_RELAY_AUTHORIZE_URL).")
    var authorizeURL: String?
    @Option(help: "Override the provider's token URL (env BNET_RELAY_TOKEN_URL).")
    var tokenURL: String?
    @Option(help: "Override the provider's userinfo URL (env BNET_RELAY_USERINFO_URL).")
    var userinfoURL: String?
    @Option(help: "Override the game-data API base URL (env BNET_RELAY_API_URL).")
    var apiURL: String?
    @Option(name: .customLong("trusted-proxy"), help: "Believe X-Forwarded-For from this address or CIDR range; repeatable (env BNET_RELAY_TRUSTED_PROXIES, comma-separated).")
    var trustedProxies: [String] = []
    @Option(help: "File holding the Battle.net client secret (env BNET_CLIENT_SECRET_FILE); or set BNET_CLIENT_SECRET.")
    var clientSecretFile: String?
    @Option(help: "Sandbox emulator port (env BNET_RELAY_EMULATOR_PORT; default PORT+1).")
    var emulatorPort: Int?
    @Option(help: "Most logins open at once across all clients; past it new starts get 503 (env BNET_RELAY_MAX_OPEN_LOGINS; default 100000).")
    var maxOpenLogins: Int?
    @Option(help: "Address of the operations listener for /healthz, /readyz and /metrics (env BNET_RELAY_OPS_HOST; default 127.0.0.1).")
    var opsHost: String?
    @Option(help: "Port of the operations listener (env BNET_RELAY_OPS_PORT; default PORT+2).")
    var opsPort: Int?
    @Option(help: "Most client connections open at once (env BNET_RELAY_MAX_CONNECTIONS; default 10000).")
    var maxConnections: Int?
    @Option(help: "Most connections from one client network, an IPv4 address or IPv6 /64; trusted proxies exempt (env BNET_RELAY_MAX_CONNECTIONS_PER_NETWORK; default 100).")
    var maxConnectionsPerNetwork: Int?
    @Option(help: "Most long-polls held at once (env BNET_RELAY_MAX_HELD_POLLS; default 5000).")
    var maxHeldPolls: Int?
    @Option(help: "Most long-polls held for one client network (env BNET_RELAY_MAX_HELD_POLLS_PER_NETWORK; default 50).")
    var maxHeldPollsPerNetwork: Int?
    @Option(help: "Seconds a request may take to arrive, first byte to last (env BNET_RELAY_REQUEST_TIMEOUT; default 10).")
    var requestTimeout: Int?
    @Option(help: "Host name in the sandbox emulator's URLs, e.g. localhost to put it on another site than the relay (env BNET_RELAY_EMULATOR_HOST; default the listen address).")
    var emulatorHost: String?
    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical (env BNET_RELAY_LOG_LEVEL; default info).")
    var logLevel: String?

    /// Resolves flags, then environment, then defaults, into a configuration.
    func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RelayConfiguration {
        var config = RelayConfiguration()
        func value(_ flag: String?, _ name: String) -> String? {
            flag ?? environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        func url(_ flag: String?, _ name: String, _ option: String) throws -> URL? {
            guard let text = value(flag, name) else { return nil }
            guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
                throw ValidationError("\(option) \(text): expected an absolute URL such as https://example.com")
            }
            return url
        }
        config.host = value(host, "BNET_RELAY_HOST") ?? config.host
        config.port = try number(port, "BNET_RELAY_PORT", "--port") ?? config.port
        config.publicURL = try url(publicURL, "BNET_RELAY_PUBLIC_URL", "--public-url")
        if let setting = value(database, "BNET_RELAY_DATABASE") {
            do {
                config.database = try DatabaseLocation(parsing: setting)
            } catch {
                throw ValidationError("--database: \(error)")
            }
        }
        if let text = value(region, "BNET_RELAY_REGION") {
            guard let parsed = Region(name: text) else {
                throw ValidationError("--region \(text): expected one of us, eu, kr, tw, cn")
            }
            config.region = parsed
        }
        let appArguments = apps.isEmpty ? (environment["BNET_RELAY_APPS"] ?? "").split(separator: ",").map(String.init) : apps
        config.apps = try appArguments.map { argument in
            do {
                return try AppRegistration(argument: argument.trimmingCharacters(in: .whitespaces))
            } catch {
                throw ValidationError("\(error)")
            }
        }
        if let text = value(scope, "BNET_RELAY_SCOPE") { config.scopes = text.split(separator: " ").map(String.init) }
        config.sealKeyFile = value(sealKeyFile, "BNET_RELAY_SEAL_KEY_FILE") ?? config.sealKeyFile
        config.authorizeURL = try url(authorizeURL, "BNET_RELAY_AUTHORIZE_URL", "--authorize-url")
        config.tokenURL = try url(tokenURL, "BNET_RELAY_TOKEN_URL", "--token-url")
        config.userinfoURL = try url(userinfoURL, "BNET_RELAY_USERINFO_URL", "--userinfo-url")
        config.apiURL = try url(apiURL, "BNET_RELAY_API_URL", "--api-url")
        config.trustedProxies =
            trustedProxies.isEmpty
            ? (environment["BNET_RELAY_TRUSTED_PROXIES"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            : trustedProxies
        config.emulatorPort = emulatorPort ?? environment["BNET_RELAY_EMULATOR_PORT"].flatMap(Int.init)
        config.emulatorHost = value(emulatorHost, "BNET_RELAY_EMULATOR_HOST")
        func number(_ flag: Int?, _ name: String, _ option: String) throws -> Int? {
            guard let text = flag.map(String.init) ?? value(nil, name) else { return nil }
            guard let number = Int(text) else { throw ValidationError("\(option) \(text): expected a number") }
            return number
        }
        config.opsHost = value(opsHost, "BNET_RELAY_OPS_HOST") ?? config.opsHost
        config.opsPort = try number(opsPort, "BNET_RELAY_OPS_PORT", "--ops-port")
        config.maxOpenLogins = try number(maxOpenLogins, "BNET_RELAY_MAX_OPEN_LOGINS", "--max-open-logins") ?? config.maxOpenLogins
        config.connections.total =
            try number(maxConnections, "BNET_RELAY_MAX_CONNECTIONS", "--max-connections") ?? config.connections.total
        config.connections.perNetwork =
            try number(maxConnectionsPerNetwork, "BNET_RELAY_MAX_CONNECTIONS_PER_NETWORK", "--max-connections-per-network")
            ?? config.connections.perNetwork
        config.maxHeldPolls = try number(maxHeldPolls, "BNET_RELAY_MAX_HELD_POLLS", "--max-held-polls") ?? config.maxHeldPolls
        config.maxHeldPollsPerNetwork =
            try number(maxHeldPollsPerNetwork, "BNET_RELAY_MAX_HELD_POLLS_PER_NETWORK", "--max-held-polls-per-network")
            ?? config.maxHeldPollsPerNetwork
        if let seconds = try number(requestTimeout, "BNET_RELAY_REQUEST_TIMEOUT", "--request-timeout") {
            config.connections.requestTimeout = .seconds(seconds)
        }
        if let text = value(logLevel, "BNET_RELAY_LOG_LEVEL") {
            guard let level = Logger.Level(rawValue: text.lowercased()) else {
                throw ValidationError("--log-level \(text): expected trace, debug, info, notice, warning, error or critical")
            }
            config.logLevel = level
        }
        config.provider = try credentials(environment).map(ProviderMode.battleNet) ?? .sandbox
        return config
    }

    private func credentials(_ environment: [String: String]) throws -> ClientCredentials? {
        let id = environment["BNET_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 }
        var secret = environment["BNET_CLIENT_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
        if let path = clientSecretFile ?? environment["BNET_CLIENT_SECRET_FILE"] {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("--client-secret-file \(path): cannot read the file")
            }
            secret = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        switch (id, secret) {
        case (nil, nil): return nil
        case (let id?, let secret?): return ClientCredentials(id: id, secret: secret)
        case (nil, _): throw ValidationError("BNET_CLIENT_SECRET is set but BNET_CLIENT_ID is not: set both, or neither for sandbox mode")
        case (_, nil): throw ValidationError("BNET_CLIENT_ID is set but no secret: set BNET_CLIENT_SECRET or --client-secret-file")
        }
    }
}
