import BattleNet
import BattleNetEmulator
import Foundation
import RelayCore
import Testing

/// `bnet-relay check-config` ends with a verdict a person cannot miss: "configuration OK" only when it is.
@Suite("check-config verdict", .timeLimit(.minutes(1)))
struct CheckConfigTests {
    /// The shipped example, installed as the installer leaves it: client secret and seal key beside it.
    private static func installedExample(in directory: URL) throws -> URL {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../deploy/relay.env.example")
        let envFile = directory.appending(path: "relay.env")
        try FileManager.default.copyItem(at: example, to: envFile)
        try "Zq8-verdict-secret\n".write(to: directory.appending(path: "client-secret"), atomically: true, encoding: .utf8)
        try RelayKey.write(to: directory.appending(path: "seal.key").path)
        return envFile
    }

    private static func lastLine(_ output: String) -> String {
        output.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test("relay.env.example as shipped is NOT OK: its client id is a placeholder; with a real id it is OK")
    func placeholderClientID() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "verdict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let envFile = try Self.installedExample(in: directory)

        let shipped = try await runRelayCommand(["check-config", "--env-file", envFile.path])
        #expect(shipped.status == 78, "\(shipped.output)")
        #expect(!shipped.output.contains("configuration OK"), "\(shipped.output)")
        #expect(shipped.output.contains("configuration NOT OK (1 problem):"), "\(shipped.output)")
        #expect(Self.lastLine(shipped.output).hasPrefix("- BNET_CLIENT_ID is still the example's placeholder"), "\(shipped.output)")
        #expect(!shipped.output.contains("Zq8-verdict-secret"))

        let text = try String(contentsOf: envFile, encoding: .utf8)
            .replacingOccurrences(of: "BNET_CLIENT_ID=replace-with-your-client-id", with: "BNET_CLIENT_ID=0123abcd")
        try text.write(to: envFile, atomically: true, encoding: .utf8)
        let filled = try await runRelayCommand(["check-config", "--env-file", envFile.path])
        #expect(filled.status == 0, "\(filled.output)")
        #expect(Self.lastLine(filled.output) == "configuration OK", "\(filled.output)")
        #expect(filled.output.contains("mode: Battle.net, client 0123abcd"))
    }

    @Test("A broken setting ends with NOT OK and exit 78, also when it cannot be parsed at all")
    func notOK() async throws {
        let problem = try await runRelayCommand(["check-config", "--max-open-logins", "0"])
        #expect(problem.status == 78, "\(problem.output)")
        #expect(problem.output.contains("listen: 127.0.0.1:8080"), "the settings are still shown: \(problem.output)")
        #expect(problem.output.contains("configuration NOT OK (1 problem):\n- --max-open-logins must be at least 1"))
        #expect(!problem.output.contains("configuration OK"))

        let unparsable = try await runRelayCommand(["check-config", "--log-format", "xml"])
        #expect(unparsable.status == 78, "\(unparsable.output)")
        #expect(unparsable.output.contains("configuration NOT OK (1 problem):\n- --log-format xml: expected text or json"))
        #expect(!unparsable.output.contains("Usage:"))
    }

    @Test("Each redirect URI that may not be registered is refused with a sentence naming why", arguments: [
        ("d3=myapp://cb#frag", "fragment"), ("d3=https://*.example.com/cb", "wildcard"),
        ("d3=https://user@example.com/cb", "user or password"), ("d3=http://example.com/cb", "plain http is allowed only to loopback"),
        ("d3=javascript:alert(1)", "not a scheme an app may register"), ("d3=file:/etc/passwd", "not a scheme an app may register"),
        ("nosuchapp=com.example.app:/cb", "no app nosuchapp is registered"), ("d3", "expected NAME=URI"),
    ])
    func redirectURIs(argument: String, reason: String) async throws {
        let refused = try await runRelayCommand(["check-config", "--redirect-uri", argument])
        #expect(refused.status == 78, "\(refused.output)")
        #expect(refused.output.contains(reason), "\(refused.output)")
        #expect(!refused.output.contains("configuration OK"))
    }

    @Test("A sandbox relay on a non-loopback address is refused unless --sandbox-reach network says it is meant (R5-8)")
    func sandboxReach() async throws {
        let open = try await runRelayCommand(["check-config", "--host", "0.0.0.0"])
        #expect(open.status == 78, "\(open.output)")
        #expect(open.output.contains("--host 0.0.0.0 in sandbox mode"), "\(open.output)")
        #expect(open.output.contains("--sandbox-reach network"))
        let meant = try await runRelayCommand(["check-config", "--host", "0.0.0.0", "--sandbox-reach", "network"])
        #expect(meant.status == 0, "\(meant.output)")
        for loopback in ["127.0.0.1", "127.0.0.2", "::1", "localhost"] {
            #expect(try await runRelayCommand(["check-config", "--host", loopback]).status == 0, "\(loopback)")
        }
        #expect(try await runRelayCommand(["check-config", "--host", "127.0.0.1.example.com"]).status == 78)
    }

    @Test("Allowed redirect URIs are listed with their kind")
    func redirectURIsListed() async throws {
        let listed = try await runRelayCommand([
            "check-config", "--app", "myapp=redirect", "--redirect-uri", "myapp=com.example.myapp:/oauth2redirect",
            "--redirect-uri", "myapp=https://app.example.com/callback",
        ])
        #expect(listed.status == 0, "\(listed.output)")
        #expect(listed.output.contains("myapp=com.example.myapp:/oauth2redirect (private-use scheme)"), "\(listed.output)")
        #expect(listed.output.contains("myapp=https://app.example.com/callback (claimed https URL)"))
    }

    @Test("Every problem at once, after the settings that could be read")
    func everyProblem() async throws {
        let several = try await runRelayCommand(
            ["check-config", "--log-format", "xml", "--port", "eighty", "--max-open-logins", "0", "--region", "mars"])
        #expect(several.status == 78, "\(several.output)")
        #expect(several.output.contains("configuration NOT OK (4 problems):"), "\(several.output)")
        for problem in ["--log-format xml", "--port eighty", "--max-open-logins must be at least 1", "--region mars"] {
            #expect(several.output.contains("- \(problem)"), "\(problem): \(several.output)")
        }
        #expect(several.output.contains("listen: 127.0.0.1:8080"), "the settings it could read: \(several.output)")

        // relay.env.example as installed, before the client secret and the seal key exist.
        let directory = FileManager.default.temporaryDirectory.appending(path: "fresh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let envFile = try Self.installedExample(in: directory)
        try FileManager.default.removeItem(at: directory.appending(path: "client-secret"))
        try FileManager.default.removeItem(at: directory.appending(path: "seal.key"))
        let fresh = try await runRelayCommand(["check-config", "--env-file", envFile.path])
        #expect(fresh.status == 78, "\(fresh.output)")
        #expect(fresh.output.contains("configuration NOT OK (3 problems):"), "\(fresh.output)")
        #expect(fresh.output.contains("client-secret: cannot read the file"), "\(fresh.output)")
        #expect(fresh.output.contains("BNET_CLIENT_ID is still the example's placeholder"), "\(fresh.output)")
        #expect(fresh.output.contains("seal.key does not exist"), "\(fresh.output)")
        #expect(fresh.output.contains("public URL: https://relay.example.com"), "\(fresh.output)")
        #expect(fresh.output.contains("mode: Battle.net, client replace-with-your-client-id"), "\(fresh.output)")
    }

    @Test("--live asks Battle.net (here the emulator) and exits 69 naming a change")
    func live() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appending(path: "seal.key").path
        try RelayKey.write(to: key)
        let credentials = ClientCredentials(id: "live-command", secret: "Zq8-live-command-secret")
        try await BattleNetEmulator.withRunning(
            configuration: EmulatorConfiguration(clients: [EmulatorClient(credentials: credentials, name: "live")])
        ) { emulator in
            let endpoints = emulator.endpoints
            let arguments = [
                "check-config", "--live", "--public-url", "https://relay.example.com", "--seal-key-file", key,
                "--authorize-url", endpoints.authorizeURL.absoluteString, "--token-url", endpoints.tokenURL.absoluteString,
                "--userinfo-url", endpoints.userinfoURL.absoluteString, "--api-url", endpoints.apiBaseURL.absoluteString,
            ]
            let environment = ["BNET_CLIENT_ID": credentials.id, "BNET_CLIENT_SECRET": credentials.secret]
            let holds = try await runRelayCommand(arguments, environment: environment)
            #expect(holds.status == 0, "\(holds.output)")
            #expect(holds.output.contains("Battle.net is as the relay expects (5 checks)"), "\(holds.output)")
            #expect(Self.lastLine(holds.output) == "configuration OK")
            #expect(!holds.output.contains(credentials.secret))

            for fault in BattleNetChange.oauthHostForbidden.faults { await emulator.state.inject(fault) }
            let changed = try await runRelayCommand(arguments, environment: environment)
            #expect(changed.status == 69, "\(changed.output)")
            #expect(changed.output.contains("Battle.net is NOT as the relay expects (1 change):"), "\(changed.output)")
            #expect(changed.output.contains("- token endpoint: HTTP 403"), "\(changed.output)")
            #expect(!changed.output.contains("configuration OK"))
            #expect(!changed.output.contains("Usage:"))
        }
    }
}
