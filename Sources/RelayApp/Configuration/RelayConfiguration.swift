import BattleNet
import Foundation
import Logging
import RelayCore
import RelayPostgres
import RelayServer

/// Who plays Battle.net for the relay: chosen explicitly, never guessed from a missing setting.
public enum ProviderMode: Sendable, CustomStringConvertible {
    /// The built-in emulator: no real sign-ins; what `bnet-relay serve` runs without Blizzard credentials.
    case sandbox
    /// Blizzard's OAuth server, with the relay's client.
    case battleNet(ClientCredentials)

    public var description: String {
        switch self {
        case .sandbox: "SANDBOX (built-in Battle.net emulator, no real sign-ins)"
        case .battleNet(let credentials): "Battle.net, client \(credentials.id)"
        }
    }
}

/// Everything `bnet-relay serve` is configured with. Flags and environment are parsed by the executable;
/// the client secret never comes from a flag.
public struct RelayConfiguration: Sendable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// The port to listen on (0: an ephemeral one).
    public var port = 8080
    /// The public base URL; defaults to `http://host:port`.
    public var publicURL: URL?
    /// Where logins are kept.
    public var database = DatabaseLocation.sqlite(path: "bnet-relay.sqlite")
    /// The protocol settings the login service is given: the region, default scopes, login lifetime, poll interval
    /// and the caps on what the relay holds, each with its default.
    public var settings = ProtocolSettings()
    /// Who may reach a sandbox relay: this machine only (`local`, the default, which needs a loopback `--host`), or
    /// others too (`network`).
    public var sandboxReach = SandboxReach.local
    /// Registered apps; empty registers `d3` in poll mode.
    public var apps: [AppRegistration] = []
    /// Redirect URIs registered for the authorization endpoint, each for an app of ``apps``.
    public var redirectURIs: [RedirectRegistration] = []
    /// The RSA key file (PEM) that signs `id_token`s; nil: a key made when the process starts.
    public var signingKeyFile: String?
    /// The signing key a rotation retired, still published.
    public var previousSigningKeyFile: String?
    /// The seal key file.
    public var sealKeyFile = "bnet-relay.key"
    /// The key retired by the last rotation, kept read-only until the logins made under it have expired.
    public var previousSealKeyFile: String?
    /// How log lines are written.
    public var logFormat = LogFormat.text
    /// Overrides of single provider endpoints.
    public var authorizeURL: URL?
    public var tokenURL: URL?
    public var userinfoURL: URL?
    public var revocationURL: URL?
    /// The provider's OpenID Connect issuer (`iss` of its `id_token`s); nil: Battle.net's, or the origin of a moved
    /// token endpoint.
    public var issuer: String?
    /// The provider's key set for its `id_token`s; nil: Battle.net's, or `jwks/certs` beside a moved token endpoint.
    public var jwksURL: URL?
    public var apiURL: URL?
    /// Proxies (addresses or CIDR ranges) whose `X-Forwarded-For` is believed.
    public var trustedProxies: [String] = []
    /// Who plays Battle.net: Blizzard with the relay's client, or the built-in emulator.
    public var provider = ProviderMode.sandbox
    /// The operations listener (`/healthz`, `/readyz`, `/metrics`): its address, loopback unless said otherwise.
    public var opsHost = "127.0.0.1"
    /// Its port; defaults to `port + 2` (0, an ephemeral one, when `port` is 0).
    public var opsPort: Int?
    /// How often the relay checks its database for `/readyz`.
    public var readinessInterval: Duration = .seconds(5)
    /// The sandbox emulator's port; defaults to `port + 1`.
    public var emulatorPort: Int?
    /// The host name in the sandbox emulator's URLs (it listens on ``host``); defaults to the listen address.
    public var emulatorHost: String?
    /// Timeout of the outbound code exchange.
    public var exchangeTimeout: Duration = .seconds(10)
    /// Logins started per minute from one IPv4 address or IPv6 /64, from one IPv6 /56, and from one IPv6 /48 or
    /// IPv4 /24 (see ``PrefixRateLimits``); user codes entered per minute from one IPv4 address or IPv6 /64.
    public var startsPerMinute: Double = 10
    public var startsPerMinutePer56: Double = 30
    public var startsPerMinutePer48: Double = 60
    public var codeEntriesPerMinute: Double = 10
    /// Revocations forwarded to Battle.net a minute, from all clients together (also the burst).
    public var revocationsPerMinute: Double = 60
    /// Connection caps and the request timeout.
    public var connections = ConnectionCaps()
    /// The log level.
    public var logLevel: Logger.Level = .info
    /// Whether the game-data gateway (`/api/{region}/…`) answers; nil: on in sandbox mode, off otherwise.
    public var gateway: Bool?
    /// Upstream requests a second and an hour for the relay's Blizzard client, for every relay on the database.
    public var upstreamRequestsPerSecond = 100
    public var upstreamRequestsPerHour = 36_000

    /// A default configuration.
    public init() {}

    /// The operations port in effect.
    public var effectiveOpsPort: Int { opsPort ?? (port == 0 ? 0 : port + 2) }

    /// Whether the game-data gateway answers: as said, else in sandbox mode only (in production it spends the relay's
    /// quota on requests that strangers may send, so the operator turns it on).
    public var gatewayEnabled: Bool { gateway ?? isSandbox }

    /// Whether the relay runs against its built-in emulator.
    public var isSandbox: Bool {
        if case .sandbox = provider { true } else { false }
    }

    /// The public URL in effect; for a `--host` no URL can hold, one that ``problems()`` refuses (`invalid:`).
    public var effectivePublicURL: URL {
        publicURL ?? URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(port)") ?? URL(string: "invalid:")!
    }

    /// Whether `--host` is a loopback address or name, reachable from this machine only.
    var listensOnLoopback: Bool {
        let parts = host.split(separator: ".")
        return host == "localhost" || host == "::1"
            || (parts.count == 4 && parts[0] == "127" && IPAddress(host) != nil)
    }

    /// Problems a person must fix before the relay can start, in plain words. Empty when it can start.
    public func problems() -> [String] {
        var problems: [String] = []
        let url = effectivePublicURL
        if !["http", "https"].contains(url.scheme ?? "") || url.host == nil || url.query != nil || url.fragment != nil {
            problems.append("--public-url must be an absolute http(s) URL without query or fragment, such as https://relay.example.com")
        } else if url.scheme == "http", !isSandbox, !["127.0.0.1", "localhost", "::1"].contains(url.host ?? "") {
            problems.append("--public-url must use https outside sandbox mode (Battle.net redirects there with codes)")
        }
        if isSandbox, sandboxReach == .local, !listensOnLoopback {
            problems.append(
                "--host \(host) in sandbox mode: the sandbox signs anyone in as its made-up players and is meant for this "
                    + "machine only, so it listens on loopback (127.0.0.1 or ::1). To let other machines reach it (a test "
                    + "network), add --sandbox-reach network")
        }
        if !(0...65_535).contains(port) { problems.append("--port must be 0...65535") }
        if !(0...65_535).contains(effectiveOpsPort) { problems.append("--ops-port must be 0...65535") }
        if effectiveOpsPort != 0, effectiveOpsPort == port {
            problems.append("--ops-port must differ from --port: the operations endpoints are not for the public")
        }
        if case .battleNet(let credentials) = provider, credentials.id.isEmpty || credentials.secret.isEmpty {
            problems.append("BNET_CLIENT_ID and BNET_CLIENT_SECRET must both be set (or neither, for sandbox mode)")
        }
        if let china = chinaProblem { problems.append(china) }
        if settings.pollInterval < 1 { problems.append("the poll interval must be at least 1 s") }
        for (flag, value) in [
            ("--max-open-logins", settings.maxOpenLogins), ("--max-connections", connections.total),
            ("--max-connections-per-network", connections.perNetwork),
            ("--max-proxied-requests-per-network", connections.proxiedRequestsPerNetwork), ("--max-held-polls", settings.maxHeldPolls),
            ("--max-connections-per-48", connections.perAllocation),
            ("--max-proxied-requests-per-48", connections.proxiedRequestsPerAllocation),
            ("--max-held-polls-per-network", settings.maxHeldPollsPerNetwork),
        ] where value < 1 {
            problems.append("\(flag) must be at least 1")
        }
        for (flag, value) in [
            ("--starts-per-minute", startsPerMinute), ("--starts-per-minute-per-56", startsPerMinutePer56),
            ("--starts-per-minute-per-48", startsPerMinutePer48), ("--unknown-codes-per-minute", settings.unknownCodesPerMinute),
            ("--revocations-per-minute", revocationsPerMinute),
        ] where value < 1 {
            problems.append("\(flag) must be at least 1")
        }
        if connections.requestTimeout < .seconds(1) { problems.append("--request-timeout must be at least 1 s") }
        for name in AppRegistry.unknownApps(apps, redirects: redirectURIs) {
            problems.append("--redirect-uri \(name)=...: no app \(name) is registered (--app \(name)=MODE)")
        }
        for spellings in AppRegistry.conflicts(apps) {
            problems.append(
                "--app \(spellings.joined(separator: ", ")): registered more than once (app names are URL schemes, which ignore case)")
        }
        for proxy in trustedProxies {
            guard let range = IPRange(proxy) else {
                problems.append("--trusted-proxy \(proxy): expected an IP address or CIDR range such as 10.0.0.0/8")
                continue
            }
            if range.prefix == 0 {
                problems.append(
                    "--trusted-proxy \(proxy) covers every address: any client could then name itself in X-Forwarded-For "
                        + "and escape every per-client limit; list your proxies' own addresses, such as 127.0.0.1 and ::1")
            }
        }
        for url in [authorizeURL, tokenURL, userinfoURL, revocationURL, jwksURL, apiURL].compactMap({ $0 })
        where !["http", "https"].contains(url.scheme ?? "") || url.host == nil {
            problems.append("\(url.absoluteString) is not an absolute http(s) URL")
        }
        return problems
    }

    /// China's OAuth server refuses clients registered on Blizzard's developer portal, so `--region cn` against
    /// Blizzard starts only when the operator names the authorize and token endpoints explicitly.
    private var chinaProblem: String? {
        guard settings.region == .cn, !isSandbox, authorizeURL == nil || tokenURL == nil else { return nil }
        return "--region cn: China's Battle.net OAuth server (\(Region.cn.oauthBaseURL.host ?? "")) refuses clients "
            + "registered on Blizzard's developer portal with \"401 Bad client credentials\" (the China web API is run "
            + "by NetEase for internal use), so every sign-in would fail at its first exchange. If you hold a client "
            + "that China's server accepts, name its endpoints explicitly with --authorize-url and --token-url (and "
            + "--userinfo-url, --api-url as needed)"
    }

    /// The most logins one IPv6 /48 (or IPv4 /24) can hold open at once: its burst, then its rate for a login's
    /// lifetime.
    public var openLoginsPer48: Int {
        Int(startsPerMinutePer48) + Int(startsPerMinutePer48 * settings.loginLifetime.timeInterval / 60)
    }

    /// The database setting with any password hidden.
    public var redactedDatabase: String { database.description }

    /// The provider endpoints in effect (the emulator's base when sandboxed).
    func endpoints(emulatorBaseURL: URL?) -> BattleNetEndpoints {
        var endpoints =
            if let emulatorBaseURL { BattleNetEndpoints(emulatorBaseURL: emulatorBaseURL) } else { BattleNetEndpoints(region: settings.region) }
        if let authorizeURL { endpoints.authorizeURL = authorizeURL }
        if let tokenURL { endpoints.tokenURL = tokenURL }
        if let userinfoURL { endpoints.userinfoURL = userinfoURL }
        // A token endpoint moved elsewhere takes its revocation endpoint along, unless that is named too.
        if let url = revocationURL ?? tokenURL.map(BattleNetEndpoints.revocationURL(nextTo:)) { endpoints.revocationURL = url }
        // So do the issuer and key set of its id_tokens.
        let moved = tokenURL.map { BattleNetEndpoints(authorizeURL: $0, tokenURL: $0, userinfoURL: $0, checkTokenURL: $0, apiBaseURL: $0) }
        if let issuer = issuer ?? moved?.issuer { endpoints.issuer = issuer }
        if let url = jwksURL ?? moved?.jwksURL { endpoints.jwksURL = url }
        if let apiURL { endpoints.apiBaseURL = apiURL }
        return endpoints
    }

    /// The configuration as lines for the start-up log and `check-config`; no secret appears.
    public var summary: [String] {
        let registry = AppRegistry(apps, redirects: redirectURIs)
        return [
            "listen: \(host):\(port)",
            "operations (/healthz, /readyz, /metrics): \(opsHost):\(effectiveOpsPort)",
            "public URL: \(effectivePublicURL.absoluteString)",
            "mode: \(provider)",
            "region: \(settings.region)",
            "database: \(redactedDatabase)",
            "seal key file: \(sealKeyFile)",
            "previous seal key file (read-only): \(previousSealKeyFile ?? "none")",
            "id_token signing key file: \(signingKeyFile ?? "none (a key made at start: set --signing-key-file to keep one across restarts and share it between relays)")",
            "previous id_token signing key file: \(previousSigningKeyFile ?? "none")",
            "apps: " + registry.all.map { app in
                "\(app.name) (\(app.mode.rawValue)" + (app.allowedScopes.isEmpty ? ")" : "; scopes: \(app.allowedScopes.joined(separator: " ")))")
            }.joined(separator: ", "),
            "redirect URIs: " + registry.all.flatMap { app in app.redirectURIs.map { "\(app.name)=\($0) (\($0.kind.rawValue))" } }
                .joined(separator: ", "),
            "default scopes: \(settings.defaultScopes.joined(separator: " "))",
            "trusted proxies: \(trustedProxies.isEmpty ? "none" : trustedProxies.joined(separator: ", "))",
            "max open logins: \(settings.maxOpenLogins)",
            "login starts per minute: \(Int(startsPerMinute)) per IPv4 address or IPv6 /64, \(Int(startsPerMinutePer56)) per /56, "
                + "\(Int(startsPerMinutePer48)) per /48 or IPv4 /24; one /48 holds at most \(openLoginsPer48) open logins "
                + "(\(String(format: "%.1f", Double(openLoginsPer48 * 100) / Double(max(1, settings.maxOpenLogins))))% of the cap)",
            "unknown states and device codes: \(Int(settings.unknownCodesPerMinute)) per minute per client network",
            "revocations forwarded to Battle.net: \(Int(revocationsPerMinute)) per minute in all",
            "max connections: \(connections.total) (\(connections.perNetwork) per client network, \(connections.perAllocation) per /48 "
                + "or IPv4 /24; behind a trusted proxy, \(connections.proxiedRequestsPerNetwork) requests in flight per client "
                + "network, \(connections.proxiedRequestsPerAllocation) per /48 or /24), request timeout \(connections.requestTimeout)",
            "max held long-polls: \(settings.maxHeldPolls) (\(settings.maxHeldPollsPerNetwork) per client network)",
            "log: \(logLevel), \(logFormat.rawValue)",
        ] + registry.all.map { "register at Battle.net: \(effectivePublicURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")))/redirect/\($0.name)" }
    }
}

/// Who may reach a sandbox relay (`--sandbox-reach`).
public enum SandboxReach: String, Sendable, CaseIterable {
    /// This machine only: `--host` must be loopback.
    case local
    /// Other machines too (a test network): any `--host`.
    case network
}
