import ArgumentParser
import BattleNet
import BnetKit
import Foundation

/// `--region`, validated while parsing.
struct RegionOption: ParsableArguments {
    @Option(help: "Battle.net region: us, eu, kr, tw or cn (default: D3_REGION, config.json, else us).")
    var region: String?

    func validate() throws {
        if let region, Region(name: region) == nil {
            throw ValidationError("\"\(region)\" is not a region; use one of "
                + Region.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
    }
}

/// `--relay` and `--allow-insecure-relay`.
struct RelayOption: ParsableArguments {
    @Option(help: "The relay's URL (default: D3_RELAY_URL, config.json, else http://127.0.0.1:8080).")
    var relay: String?

    @Flag(help: """
        Allow a plain-http relay on another machine (also D3_ALLOW_INSECURE_RELAY=1); the sign-in code and the \
        token then cross the network unencrypted.
        """)
    var allowInsecureRelay = false
}

/// `--locale`, `--api-url` and `--oauth-url`: where API calls go and in which language.
struct APIOptions: ParsableArguments {
    @Option(help: "Locale of names, such as en_GB (default: D3_LOCALE, config.json, else the region's).")
    var locale: String?

    @Option(help: "Send API calls to this host instead of the region's (an emulator, a test server).")
    var apiURL: String?

    @Option(help: "Get client-credentials tokens from this OAuth host instead of the region's.")
    var oauthURL: String?

    @Option(help: ArgumentHelp(
        "The largest answer accepted, in MiB; Battle.net's team leaderboards run to a few MiB.",
        valueName: "MiB"))
    var maxResponseSize = 64

    @Flag(help: """
        Never sign in again (never open a browser, never ask) when the sign-in has expired or was rejected; exit 3 \
        instead.
        """)
    var noPrompt = false

    /// ``maxResponseSize`` in bytes.
    var maxResponseBytes: Int { maxResponseSize << 20 }

    func validate() throws {
        guard (1...4096).contains(maxResponseSize) else {
            throw ValidationError("--max-response-size: give 1 to 4096 (MiB).")
        }
        for (name, value) in [("--api-url", apiURL), ("--oauth-url", oauthURL)] {
            if let value, URL(string: value)?.host == nil {
                throw ValidationError("\(name): \"\(value)\" is not an http(s) URL.")
            }
        }
    }
}

/// What every command reads: the settings in force and the credential store.
struct Context {
    let settings: Settings
    let store: CredentialStore
    let environment: [String: String]

    init(
        region: String? = nil, relay: String? = nil, locale: String? = nil, allowInsecureRelay: Bool = false
    ) throws {
        environment = Terminal.environment
        let directory = ConfigDirectory.url(environment: environment)
        settings = try Settings.resolve(
            relay: relay, region: region, locale: locale, allowInsecureRelay: allowInsecureRelay,
            environment: environment, file: ConfigFile.load(from: directory))
        store = CredentialStore(directory: directory)
    }

    /// The region's stored credential if it is still valid; otherwise the "run `d3 login`" failure.
    func validCredential() throws -> StoredCredential {
        guard let credential = try store.load(region: settings.region) else {
            throw CLIFailure.notSignedIn(settings.region)
        }
        guard !credential.token.isExpired(leeway: .zero) else { throw CLIFailure.expired(settings.region) }
        return credential
    }
}
