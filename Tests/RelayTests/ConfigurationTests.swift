import Foundation
import Logging
@testable import RelayApp
import RelayCore
import RelayServer
import Testing

/// Each setting is declared once (`ConfigurationSetting.all`); parsing, `--help` and docs/configuration.md follow from it.
@Suite("Configuration declared once", .timeLimit(.minutes(1)))
struct ConfigurationTests {
    @Test("docs/configuration.md's settings table is the one the settings make")
    func readmeTable() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../docs/configuration.md"),
            encoding: .utf8)
        #expect(readme.contains(ConfigurationSetting.markdownTable), "docs/configuration.md should hold:\n\(ConfigurationSetting.markdownTable)")
    }

    @Test("serve runs on the declared defaults: an empty command line, RelayConfiguration() and its RelaySettings agree")
    func defaults() throws {
        let parsed = try ConfigurationSetting.configuration(arguments: [], environment: [:])
        for setting in ConfigurationSetting.all {
            #expect(setting.isDefault(in: parsed), "\(setting.name): serve does not use the declared default \(setting.defaultValue)")
            #expect(setting.isDefault(in: RelayConfiguration()), "\(setting.name): RelayConfiguration() differs from \(setting.defaultValue)")
        }
        #expect(parsed.isSandbox)
        #expect(parsed.settings == ProtocolSettings())
        #expect(parsed.relaySettings.protocolSettings == parsed.settings)
        #expect(parsed.relaySettings.publicURL == parsed.effectivePublicURL)
    }

    @Test("Each default of the configuration is declared once in the relay's sources: its name with its value, in one place")
    func defaultsDeclaredOnce() throws {
        let sources = try SourceFile.relay()
        let defaults = DeclaredDefault.all(in: RelayConfiguration())
        #expect(defaults.count >= 25, "the configuration's scalar defaults: \(defaults.map(\.name))")
        for declared in defaults {
            let places = try declared.places(in: sources)
            #expect(places.count == 1, "\(declared.name) = \(declared.value): declared at \(places), expected once")
        }
        // The check sees a copy: with the protocol settings' file twice, each of its defaults is found twice.
        let copied = sources + sources.filter { $0.path.hasSuffix("RelayCore/Logins/RelaySettings.swift") }
        for declared in DeclaredDefault.all(in: ProtocolSettings()) {
            #expect(try declared.places(in: copied).count == 2, "\(declared.name): a repeated default went unseen")
        }
    }

    @Test("A value given for a setting reaches the configuration: it no longer holds the declared default")
    func everySettingApplies() throws {
        // The client credentials become the provider (its tests: OperatorTests), not settings of their own.
        for setting in ConfigurationSetting.all where !setting.environment.hasPrefix("BNET_CLIENT_") {
            let value = Self.sample[setting.environment] ?? "7"
            let configuration = try ConfigurationSetting.reading(arguments: [], environment: [setting.environment: value]).configuration
            #expect(!setting.isDefault(in: configuration), "\(setting.name) \(value) left the default")
        }
    }

    /// A value other than the default for each setting that does not take a number.
    static let sample = [
        "BNET_RELAY_GATEWAY": "on",
        "BNET_RELAY_HOST": "::1", "BNET_RELAY_PUBLIC_URL": "https://relay.example.com", "BNET_RELAY_DATABASE": "other.sqlite",
        "BNET_RELAY_REGION": "eu", "BNET_RELAY_APPS": "one=poll", "BNET_RELAY_SCOPE": "openid",
        "BNET_RELAY_SEAL_KEY_FILE": "other.key", "BNET_RELAY_PREVIOUS_SEAL_KEY_FILE": "old.key",
        "BNET_RELAY_AUTHORIZE_URL": "https://a.example", "BNET_RELAY_TOKEN_URL": "https://t.example",
        "BNET_RELAY_USERINFO_URL": "https://u.example", "BNET_RELAY_REVOCATION_URL": "https://r.example",
        "BNET_RELAY_API_URL": "https://api.example", "BNET_RELAY_TRUSTED_PROXIES": "10.0.0.1",
        "BNET_RELAY_REDIRECT_URIS": "d3=http://127.0.0.1/other", "BNET_RELAY_SIGNING_KEY_FILE": "signing.pem",
        "BNET_RELAY_PREVIOUS_SIGNING_KEY_FILE": "old-signing.pem", "BNET_RELAY_ISSUER": "https://issuer.example",
        "BNET_RELAY_JWKS_URL": "https://issuer.example/jwks", "BNET_RELAY_SANDBOX_REACH": "network",
        "BNET_RELAY_EMULATOR_HOST": "localhost", "BNET_RELAY_OPS_HOST": "::1",
        "BNET_RELAY_LOG_LEVEL": "debug", "BNET_RELAY_LOG_FORMAT": "json",
    ]

    @Test("Every setting has a flag or an environment variable of its own, and --help names it")
    func uniqueNames() {
        let flags = ConfigurationSetting.all.compactMap(\.flag)
        #expect(Set(flags).count == flags.count)
        let variables = ConfigurationSetting.all.map(\.environment)
        #expect(Set(variables).count == variables.count)
        for setting in ConfigurationSetting.all {
            #expect(ConfigurationSetting.helpText.contains(setting.name))
            #expect(setting.environment.hasPrefix("BNET_"))
        }
    }

    @Test("Flags win over the environment; repeatable flags replace the environment's list; both spellings parse")
    func precedence() throws {
        let configuration = try ConfigurationSetting.configuration(
            arguments: ["--port=9100", "--app", "one=poll", "--app", "Two=redirect", "--log-level", "debug"],
            environment: [
                "BNET_RELAY_PORT": "9200", "BNET_RELAY_APPS": "three=poll", "BNET_RELAY_HOST": "::1",
                "BNET_RELAY_TRUSTED_PROXIES": "10.0.0.0/8, ::1", "BNET_RELAY_MAX_HELD_POLLS": "7",
            ])
        #expect(configuration.port == 9100)
        #expect(configuration.apps.map(\.name) == ["one", "Two"])
        #expect(configuration.host == "::1")
        #expect(configuration.trustedProxies == ["10.0.0.0/8", "::1"])
        #expect(configuration.settings.maxHeldPolls == 7)
        #expect(configuration.logLevel == .debug)
        #expect(configuration.isSandbox)
    }

    @Test("Mistakes are named: an unknown flag, a missing value, a repeated single flag, a bad number")
    func mistakes() {
        for (arguments, message) in [
            (["--bogus", "1"], "unknown option --bogus"), (["--port"], "--port needs a value"),
            (["--port", "1", "--port", "2"], "--port was given more than once"), (["--port", "x"], "--port x: expected a number"),
            (["stray"], "unexpected argument stray"),
        ] {
            #expect(throws: ConfigurationError.self) { try ConfigurationSetting.configuration(arguments: arguments, environment: [:]) }
            do {
                _ = try ConfigurationSetting.configuration(arguments: arguments, environment: [:])
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}

@Suite("serve --help", .timeLimit(.minutes(1)))
struct HelpTextTests {
    @Test("Every flag shows a placeholder for its value, and every line fits 79 columns, continuations indented")
    func layout() throws {
        let lines = ConfigurationSetting.helpText.split(separator: "\n", omittingEmptySubsequences: false)
        for setting in ConfigurationSetting.all {
            let usage = setting.flag.map { "  --\($0) <\(setting.valueName)>" } ?? "  \(setting.environment)=<\(setting.valueName)>"
            #expect(lines.contains { $0.hasPrefix(usage) }, "\(usage)")
        }
        #expect(lines.allSatisfy { $0.count <= HelpLayout.width })
        let continuations = lines.filter { !$0.hasPrefix("  --") && !$0.hasPrefix("  BNET_") }
        #expect(!continuations.isEmpty)
        #expect(continuations.allSatisfy { $0.hasPrefix(String(repeating: " ", count: HelpLayout.column)) && $0.dropFirst(HelpLayout.column).first != " " })
        let port = try #require(lines.firstIndex { $0.hasPrefix("  --port <port>") })
        #expect(lines[port] == "  --port <port>           port to listen on (env: BNET_RELAY_PORT, default:")
        #expect(lines[port + 1] == String(repeating: " ", count: HelpLayout.column) + "8080)")
    }
}
