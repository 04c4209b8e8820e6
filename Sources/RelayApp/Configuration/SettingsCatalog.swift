import BattleNet
import Foundation
import Logging
import RelayCore
import RelayServer

extension ConfigurationSetting {
    /// Every setting of `serve`, `check-config`, `logins` and `backup`, in the order `--help` and the README list them.
    public static let all: [ConfigurationSetting] = [
        .init("host", "address", "BNET_RELAY_HOST", \.configuration.host, "address to listen on", parse: text),
        .init("port", "port", "BNET_RELAY_PORT", \.configuration.port, "port to listen on", parse: number),
        .init(
            "public-url", "url", "BNET_RELAY_PUBLIC_URL", \.configuration.publicURL, shown: "http://HOST:PORT",
            "the public base URL; every absolute URL the relay gives out is built from it, never from request headers; https required outside sandbox",
            parse: url),
        .init(
            "database", "path-or-url", "BNET_RELAY_DATABASE", \.configuration.database,
            "SQLite file (WAL), or a `postgres://` URL (`sslmode` as libpq reads it)"
        ) { values, setting in
            do {
                return try DatabaseLocation(parsing: values[0])
            } catch {
                throw ConfigurationError(message: "\(setting): \(error)")
            }
        },
        .init("region", "region", "BNET_RELAY_REGION", \.configuration.settings.region, "`us`, `eu`, `kr`, `tw`, `cn`") { values, setting in
            guard let region = Region(name: values[0]) else {
                throw ConfigurationError(message: "\(setting) \(values[0]): expected one of us, eu, kr, tw, cn")
            }
            return region
        },
        .init(
            "app", "name=mode[:scopes]", "BNET_RELAY_APPS", \.configuration.apps,
            shown: AppRegistry([]).all.map(\.settingText).joined(separator: ","),
            "register an app as NAME=MODE, MODE `poll`, `redirect` or `forward`; `NAME=MODE:SCOPES` (space-separated) limits the scopes it may ask for, which are otherwise `--scope`; repeatable (the environment variable: comma-separated)",
            repeatable: true
        ) { values, _ in
            try values.map { argument in
                do {
                    return try AppRegistration(argument: argument.trimmingCharacters(in: .whitespaces))
                } catch {
                    throw ConfigurationError(message: "\(error)")
                }
            }
        },
        .init(
            "redirect-uri", "name=uri", "BNET_RELAY_REDIRECT_URIS", \.configuration.redirectURIs,
            shown: "d3 and bnet: http://127.0.0.1/callback, http://[::1]/callback",
            "register a redirect URI for app NAME at the authorization endpoint (`/oauth/authorize`): a private-use scheme (`com.example.app:/oauth2redirect`), a claimed https URL, or loopback (`http://127.0.0.1/PATH`, `http://[::1]/PATH`, `http://localhost/PATH`, any port); matched exactly; repeatable (the environment variable: comma-separated)",
            repeatable: true
        ) { values, _ in
            try values.map { argument in
                do {
                    return try RedirectRegistration(argument: argument.trimmingCharacters(in: .whitespaces))
                } catch {
                    throw ConfigurationError(message: "\(error)")
                }
            }
        },
        .init(
            "scope", "scopes", "BNET_RELAY_SCOPE", \.configuration.settings.defaultScopes,
            "default scopes, space-separated: what a login asks for without its own, and what an app registered without scopes may ask for"
        ) { values, setting in
            do {
                return try ScopeToken.parseList(values[0], setting: setting)
            } catch {
                throw ConfigurationError(message: "\(error)")
            }
        },
        .init(
            "seal-key-file", "file", "BNET_RELAY_SEAL_KEY_FILE", \.configuration.sealKeyFile,
            "the relay's key (created on first start in sandbox mode; `bnet-relay keygen --output FILE` otherwise)", parse: text),
        .init(
            "previous-seal-key-file", "file", "BNET_RELAY_PREVIOUS_SEAL_KEY_FILE", \.configuration.previousSealKeyFile,
            "the key a rotation retired, kept read-only: logins made under it still complete; remove it once the longest login has expired (10 minutes by default)",
            parse: text),
        .init(
            "signing-key-file", "file", "BNET_RELAY_SIGNING_KEY_FILE", \.configuration.signingKeyFile,
            shown: "a key made at start",
            "the RSA key (PEM, mode 0600) that signs the relay's id_tokens: `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out FILE`; every relay of a deployment needs the same one, and without it id_tokens verify only until the relay restarts",
            parse: text),
        .init(
            "previous-signing-key-file", "file", "BNET_RELAY_PREVIOUS_SIGNING_KEY_FILE",
            \.configuration.previousSigningKeyFile,
            "the signing key a rotation retired, still published in the JWKS so that id_tokens it signed verify; remove it 10 minutes after the rotation",
            parse: text),
        .init(
            "authorize-url", "url", "BNET_RELAY_AUTHORIZE_URL", \.configuration.authorizeURL, shown: "the region's",
            "override the provider's authorize URL", parse: url),
        .init(
            "token-url", "url", "BNET_RELAY_TOKEN_URL", \.configuration.tokenURL, shown: "the region's",
            "override the provider's token URL", parse: url),
        .init(
            "userinfo-url", "url", "BNET_RELAY_USERINFO_URL", \.configuration.userinfoURL, shown: "the region's",
            "override the provider's userinfo URL", parse: url),
        .init(
            "revocation-url", "url", "BNET_RELAY_REVOCATION_URL", \.configuration.revocationURL, shown: "the region's",
            "override the provider's token revocation URL", parse: url),
        .init(
            "issuer", "url", "BNET_RELAY_ISSUER", \.configuration.issuer, shown: "Battle.net's",
            "the provider's OpenID Connect issuer, the `iss` its id_tokens must name (an independent OpenID Connect provider can stand in for Battle.net)",
            parse: text),
        .init(
            "jwks-url", "url", "BNET_RELAY_JWKS_URL", \.configuration.jwksURL, shown: "Battle.net's",
            "the provider's key set (JWKS) that verifies its id_tokens: with scope openid the account comes from the id_token, without a call to userinfo",
            parse: url),
        .init(
            "api-url", "url", "BNET_RELAY_API_URL", \.configuration.apiURL, shown: "the region's",
            "override the game-data API base URL", parse: url),
        .init(
            "trusted-proxy", "address-or-cidr", "BNET_RELAY_TRUSTED_PROXIES", \.configuration.trustedProxies,
            "addresses or CIDR ranges whose `X-Forwarded-For` is believed; repeatable (the environment variable: comma-separated)",
            repeatable: true
        ) { values, _ in values.map { $0.trimmingCharacters(in: .whitespaces) } },
        .init(
            "client-secret-file", "file", "BNET_CLIENT_SECRET_FILE", \.clientSecretFile,
            "file holding the Battle.net client secret", parse: text),
        .init(
            nil, "id", "BNET_CLIENT_ID", \.clientID,
            "the Battle.net client id; with a secret the relay signs in at Blizzard, without both it runs in sandbox mode",
            parse: text),
        .init(
            nil, "secret", "BNET_CLIENT_SECRET", \.clientSecret,
            "the Battle.net client secret (never a flag: it would show in `ps`)", parse: text),
        .init(
            "sandbox-reach", "who", "BNET_RELAY_SANDBOX_REACH", \.configuration.sandboxReach,
            "who may reach a sandbox relay: `local` (this machine only; --host must be loopback) or `network` (other machines too, for a test network: the sandbox signs anyone in as its made-up players)"
        ) { values, setting in
            guard let reach = SandboxReach(rawValue: values[0].lowercased()) else {
                throw ConfigurationError(message: "\(setting) \(values[0]): expected local or network")
            }
            return reach
        },
        .init(
            "emulator-port", "port", "BNET_RELAY_EMULATOR_PORT", \.configuration.emulatorPort, shown: "PORT+1",
            "the sandbox emulator's port", parse: number),
        .init(
            "emulator-host", "host", "BNET_RELAY_EMULATOR_HOST", \.configuration.emulatorHost, shown: "the listen address",
            "the host name in the sandbox emulator's URLs (e.g. `localhost`, to put it on another site than the relay, as Battle.net is)",
            parse: text),
        .init(
            "ops-host", "address", "BNET_RELAY_OPS_HOST", \.configuration.opsHost,
            "address of the operations listener (`/healthz`, `/readyz`, `/metrics`); keep it off public addresses", parse: text),
        .init(
            "ops-port", "port", "BNET_RELAY_OPS_PORT", \.configuration.opsPort, shown: "PORT+2",
            "port of the operations listener", parse: number),
        .init(
            "max-open-logins", "count", "BNET_RELAY_MAX_OPEN_LOGINS", \.configuration.settings.maxOpenLogins,
            "logins held at once (started within the last 10 minutes); past it new starts get `503`", parse: number),
        .init(
            "starts-per-minute", "count", "BNET_RELAY_STARTS_PER_MINUTE", \.configuration.startsPerMinute,
            "login starts a minute from one IPv4 address or IPv6 /64 (also its burst); over it `429`", parse: rate),
        .init(
            "starts-per-minute-per-56", "count", "BNET_RELAY_STARTS_PER_MINUTE_PER_56", \.configuration.startsPerMinutePer56,
            "login starts a minute from one IPv6 /56, whatever its /64s", parse: rate),
        .init(
            "starts-per-minute-per-48", "count", "BNET_RELAY_STARTS_PER_MINUTE_PER_48", \.configuration.startsPerMinutePer48,
            "login starts a minute from one IPv6 /48 or IPv4 /24: one allocation then holds at most 11 times this many open logins, its burst and 10 minutes of starts (`check-config` prints its share of the cap)",
            parse: rate),
        .init(
            "unknown-codes-per-minute", "count", "BNET_RELAY_UNKNOWN_CODES_PER_MINUTE", \.configuration.settings.unknownCodesPerMinute,
            "callbacks with an unknown state and polls with an unknown device code a minute from one IPv4 address or IPv6 /64; over it `429`",
            parse: rate),
        .init(
            "revocations-per-minute", "count", "BNET_RELAY_REVOCATIONS_PER_MINUTE", \.configuration.revocationsPerMinute,
            "revocations of tokens the relay issued forwarded to Battle.net a minute, from all clients (also the burst); over it `503`",
            parse: rate),
        .init(
            "max-connections", "count", "BNET_RELAY_MAX_CONNECTIONS", \.configuration.connections.total,
            "open connections in all; over it, `503` and close", parse: number),
        .init(
            "max-connections-per-network", "count", "BNET_RELAY_MAX_CONNECTIONS_PER_NETWORK", \.configuration.connections.perNetwork,
            "open connections from one IPv4 address or IPv6 /64 (trusted proxies exempt)", parse: number),
        .init(
            "max-proxied-requests-per-network", "count", "BNET_RELAY_MAX_PROXIED_REQUESTS_PER_NETWORK",
            \.configuration.connections.proxiedRequestsPerNetwork,
            "requests in flight from one client network behind a trusted proxy (its `X-Forwarded-For` client, an IPv4 address or IPv6 /64); over it `429` and close",
            parse: number),
        .init(
            "max-connections-per-48", "count", "BNET_RELAY_MAX_CONNECTIONS_PER_48", \.configuration.connections.perAllocation,
            "open connections from one IPv6 /48 or IPv4 /24, whatever its networks (trusted proxies exempt)", parse: number),
        .init(
            "max-proxied-requests-per-48", "count", "BNET_RELAY_MAX_PROXIED_REQUESTS_PER_48",
            \.configuration.connections.proxiedRequestsPerAllocation,
            "requests in flight behind a trusted proxy from one IPv6 /48 or IPv4 /24 of `X-Forwarded-For` clients; over it `429` and close",
            parse: number),
        .init(
            "max-held-polls", "count", "BNET_RELAY_MAX_HELD_POLLS", \.configuration.settings.maxHeldPolls,
            "long-polls held at once; over it a long-poll is answered at once", parse: number),
        .init(
            "max-held-polls-per-network", "count", "BNET_RELAY_MAX_HELD_POLLS_PER_NETWORK", \.configuration.settings.maxHeldPollsPerNetwork,
            "long-polls held for one client network", parse: number),
        .init(
            "request-timeout", "seconds", "BNET_RELAY_REQUEST_TIMEOUT", \.configuration.connections.requestTimeout,
            "seconds a request may take to arrive: the first from the connection's opening (a silent connection is then closed), later ones from their first byte; then `408` and close"
        ) { values, setting in .seconds(try number(values, setting)) },
        .init(
            "gateway", "on|off", "BNET_RELAY_GATEWAY", \.configuration.gateway, shown: "on in sandbox mode, off otherwise",
            "answer game-data requests at `/api/{region}/{path}` with the relay's own token, cache and budget (docs/gateway.md); in production it spends the relay's quota on requests strangers may send"
        ) { values, setting in
            switch values[0].lowercased() {
            case "on": return true
            case "off": return false
            default: throw ConfigurationError(message: "\(setting) \(values[0]): expected on or off")
            }
        },
        .init(
            "upstream-requests-per-second", "count", "BNET_RELAY_UPSTREAM_REQUESTS_PER_SECOND",
            \.configuration.upstreamRequestsPerSecond,
            "requests a second to Battle.net for the relay's client, by every relay on the database (Blizzard allows 100); a fifth is kept for sign-ins, the gateway past the rest answers `429`",
            parse: positive),
        .init(
            "upstream-requests-per-hour", "count", "BNET_RELAY_UPSTREAM_REQUESTS_PER_HOUR",
            \.configuration.upstreamRequestsPerHour,
            "requests an hour to Battle.net for the relay's client, by every relay on the database (Blizzard allows 36,000)",
            parse: positive),
        .init(
            "log-level", "level", "BNET_RELAY_LOG_LEVEL", \.configuration.logLevel,
            "`trace` ... `critical`. At `info`, one line per request, except routine poll answers and health probes (at `debug`)"
        ) { values, setting in
            guard let level = Logger.Level(rawValue: values[0].lowercased()) else {
                throw ConfigurationError(message: "\(setting) \(values[0]): expected trace, debug, info, notice, warning, error or critical")
            }
            return level
        },
        .init(
            "log-format", "format", "BNET_RELAY_LOG_FORMAT", \.configuration.logFormat,
            "`text` (one readable line per event) or `json` (one JSON object per line, the same fields, for journald, Loki or any collector)"
        ) { values, setting in
            guard let format = LogFormat(rawValue: values[0].lowercased()) else {
                throw ConfigurationError(message: "\(setting) \(values[0]): expected text or json")
            }
            return format
        },
    ]

    /// The value as given.
    @Sendable private static func text(_ values: [String], _ setting: String) -> String { values[0] }

    /// A whole number, else an error naming the setting.
    @Sendable private static func number(_ values: [String], _ setting: String) throws -> Int {
        guard let number = Int(values[0]) else { throw ConfigurationError(message: "\(setting) \(values[0]): expected a number") }
        return number
    }

    /// A whole number of at least 1.
    @Sendable private static func positive(_ values: [String], _ setting: String) throws -> Int {
        let value = try number(values, setting)
        guard value >= 1 else { throw ConfigurationError(message: "\(setting) \(values[0]): expected 1 or more") }
        return value
    }

    /// A rate a minute, given as a whole number.
    @Sendable private static func rate(_ values: [String], _ setting: String) throws -> Double {
        Double(try number(values, setting))
    }

    /// An absolute URL, else an error naming the setting.
    @Sendable private static func url(_ values: [String], _ setting: String) throws -> URL {
        guard let url = URL(string: values[0]), url.scheme != nil, url.host != nil else {
            throw ConfigurationError(message: "\(setting) \(values[0]): expected an absolute URL such as https://example.com")
        }
        return url
    }
}
