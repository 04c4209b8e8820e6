import ArgumentParser
import BattleNet
import BnetKit
import Foundation

/// `--region`, validated while parsing.
struct RegionOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Battle.net region: us, eu, kr, tw or cn (default: \(Program.running.variable("REGION")), config.json, else us)."))
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
    @Option(help: ArgumentHelp(
        "The relay's URL (default: \(Program.running.variable("RELAY_URL")), config.json, else the relay of the last "
            + "sign-in, else http://127.0.0.1:8080)."))
    var relay: String?

    @Flag(help: ArgumentHelp(
        "Allow a plain-http relay on another machine (also \(RelayPolicy.allowInsecureVariable(.running))=1); "
            + "the sign-in code and the token then cross the network unencrypted."))
    var allowInsecureRelay = false
}

/// `--account`: one of the accounts signed in, by BattleTag (default: `BNET_ACCOUNT`, else the default account).
struct AccountOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The account, by BattleTag (default: \(Program.running.variable("ACCOUNT")), else the default account).",
        valueName: "battletag"))
    var account: String?
}

/// `--locale`, `--api-url` and `--oauth-url`: where API calls go and in which language.
struct APIOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Locale of names, such as en_GB (default: \(Program.running.variable("LOCALE")), config.json, else the region's)."))
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

/// What every command reads: the program running, the settings in force and the credential store.
struct Context {
    let program = Program.running
    let settings: Settings
    let store: CredentialStore
    let environment: [String: String]
    /// The token `BNET_TOKEN` (`D3_TOKEN` for d3) gives, used instead of any stored sign-in.
    let givenToken: GivenToken?
    /// The account asked for (`--account`, else `BNET_ACCOUNT`); nil for the default one.
    let account: String?

    /// Reads the settings; as bnet, first moves d3's directory to bnet's when only d3's exists, saying so.
    init(
        region: String? = nil, relay: String? = nil, locale: String? = nil, allowInsecureRelay: Bool = false,
        account: String? = nil
    ) throws {
        environment = Terminal.environment
        givenToken = GivenToken(program, environment: environment)
        self.account = account ?? environment[program.variable("ACCOUNT")].flatMap { $0.isEmpty ? nil : $0 }
        let directory = ConfigDirectory.resolve(for: program, environment: environment)
        if let old = directory.movedFrom {
            Terminal.printError("\(program.name): moved d3's settings and sign-in from \(old.path) to "
                + "\(directory.url.path), where bnet keeps them; d3 reads them there too.")
        }
        settings = try Settings.resolve(
            relay: relay, region: region, locale: locale, allowInsecureRelay: allowInsecureRelay,
            environment: environment, file: ConfigFile.load(from: directory.url), program: program)
        store = CredentialStore(directory: directory.url, program: program)
    }

    /// The relay a login goes to: the one the settings name, else the one the region's last sign-in used (even
    /// expired), else the default.
    func loginRelay() -> URL {
        guard settings.relayIsDefault, let stored = try? storedCredential() else { return settings.relay }
        return URL(string: stored.relay) ?? settings.relay
    }

    /// The stored credential of the account asked for (the default one unless `--account` or `BNET_ACCOUNT` names
    /// another) for the region, valid or not.
    func storedCredential() throws -> StoredCredential? {
        try store.load(region: settings.region, account: account)
    }

    /// The region's stored credential if it is still valid (or the given token's); otherwise the "run `bnet login`"
    /// failure.
    func validCredential() throws -> StoredCredential {
        if let givenToken { return givenToken.credential(region: settings.region) }
        guard let credential = try storedCredential() else {
            if let account {
                throw CLIFailure(.notSignedIn, "\(account) is not signed in for region \(settings.region): run "
                    + "`\(program.login(settings.region))` and sign in as \(account).")
            }
            throw CLIFailure.notSignedIn(settings.region, program: program)
        }
        guard !credential.token.isExpired(leeway: .zero) else {
            throw CLIFailure.expired(settings.region, program: program)
        }
        return credential
    }
}
