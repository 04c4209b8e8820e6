import BattleNet
import BattleNetHTTPClient
import Foundation
import RelayCore
import TestSupport
import Testing

/// The `bnet-relay` binary's commands, run as an operator runs them.
@Suite("bnet-relay commands", .timeLimit(.minutes(2)))
struct CommandTests {
    @Test("check-config explains what is wrong and exits non-zero")
    func checkConfig() async throws {
        let badApp = try await runRelayCommand(["check-config", "--app", "https=poll"])
        #expect(badApp.status != 0)
        #expect(badApp.output.contains("'https' can never be an app scheme"))
        let insecure = try await runRelayCommand(
            ["check-config", "--public-url", "http://relay.example.com"],
            environment: ["BNET_CLIENT_ID": "id", "BNET_CLIENT_SECRET": "Zq8-check-config-secret-value"])
        #expect(insecure.status != 0)
        #expect(insecure.output.contains("must use https"))
        #expect(!insecure.output.contains("Zq8-check-config-secret-value"))
        let half = try await runRelayCommand(["check-config"], environment: ["BNET_CLIENT_ID": "id"])
        #expect(half.status != 0)
        #expect(half.output.contains("BNET_CLIENT_SECRET"))
        let sandbox = try await runRelayCommand(["check-config", "--app", "d3=poll", "--app", "myapp=redirect"])
        #expect(sandbox.status == 0, "\(sandbox.output)")
        #expect(sandbox.output.contains("register at Battle.net: http://127.0.0.1:8080/redirect/myapp"))
        #expect(sandbox.output.contains("configuration OK"))
    }

    @Test("serve --region cn refuses to start against Blizzard, saying why, unless the endpoints are named")
    func china() async throws {
        let credentials = ["BNET_CLIENT_ID": "id", "BNET_CLIENT_SECRET": "Zq8-china-secret-value"]
        let refused = try await runRelayCommand(
            ["serve", "--region", "cn", "--public-url", "https://relay.example.com"], environment: credentials)
        #expect(refused.status == 78, "\(refused.output)")
        #expect(refused.output.contains("cannot start"))
        #expect(refused.output.contains("--region cn: China's Battle.net OAuth server (oauth.battlenet.com.cn) refuses"))
        #expect(refused.output.contains("401 Bad client credentials"))
        #expect(refused.output.contains("NetEase"))
        #expect(refused.output.contains("--authorize-url and --token-url"))
        #expect(!refused.output.contains("Zq8-china-secret-value"))
        let halfway = try await runRelayCommand(
            ["check-config", "--region", "cn", "--public-url", "https://relay.example.com",
             "--authorize-url", "https://oauth.example.cn/authorize"], environment: credentials)
        #expect(halfway.status != 0)
        #expect(halfway.output.contains("--region cn"))
        let key = FileManager.default.temporaryDirectory.appending(path: "cn-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: key) }
        #expect(try await runRelayCommand(["keygen", "--output", key]).status == 0)
        let overridden = try await runRelayCommand(
            ["check-config", "--region", "cn", "--public-url", "https://relay.example.com", "--seal-key-file", key,
             "--authorize-url", "https://oauth.example.cn/authorize", "--token-url", "https://oauth.example.cn/token"],
            environment: credentials)
        #expect(overridden.status == 0, "\(overridden.output)")
        #expect(overridden.output.contains("region: cn"))
        #expect(overridden.output.contains("configuration OK"))
    }

    @Test("A port another process holds stops serve with the listener, the address and the flag that moves it")
    func portInUse() async throws {
        let taken = try #require(RawHTTP.listeningSocket())
        defer { close(taken.fd) }
        let directory = FileManager.default.temporaryDirectory.appending(path: "port-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appending(path: "relay.sqlite").path
        let key = directory.appending(path: "relay.key").path
        let publicPort = try await runRelayCommand(
            ["serve", "--port", "\(taken.port)", "--emulator-port", "0", "--database", database, "--seal-key-file", key])
        #expect(publicPort.status == 69, "\(publicPort.output)")
        #expect(!publicPort.output.contains("Usage:"))
        #expect(publicPort.output.contains(
            "the public listener cannot listen on 127.0.0.1:\(taken.port): another process is listening there (another relay?); stop it, or choose another port with --port"),
            "\(publicPort.output)")
        let opsPort = try await runRelayCommand(
            ["serve", "--port", "0", "--emulator-port", "0", "--ops-port", "\(taken.port)", "--database", database, "--seal-key-file", key])
        #expect(opsPort.status == 69, "\(opsPort.output)")
        #expect(opsPort.output.contains("the operations listener cannot listen on 127.0.0.1:\(taken.port)"), "\(opsPort.output)")
        #expect(opsPort.output.contains("--ops-port"))
    }

    @Test("keygen writes a 0600 key and never overwrites one")
    func keygen() async throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "k-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await runRelayCommand(["keygen", "--output", path]).status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let again = try await runRelayCommand(["keygen", "--output", path])
        #expect(again.status != 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try await runRelayCommand(["--version"]).output.hasPrefix("0."))
    }

    @Test("keygen --signing writes a 0600 RSA key the relay's signer reads, names its key id, and never overwrites one")
    func signingKeygen() async throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "s-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let written = try await runRelayCommand(["keygen", "--signing", "--output", path])
        #expect(written.status == 0, "\(written.output)")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        let key = try IDTokenSigner.Key(pem: try String(contentsOfFile: path, encoding: .utf8))
        #expect(written.output.contains("key id \(key.kid)"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let again = try await runRelayCommand(["keygen", "--signing", "--output", path])
        #expect(again.status == 74, "\(again.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("logins lists recent logins without secrets and revokes one; the poller then hears access_denied")
    func logins() async throws {
        try await withRelay { relay in
            let login = try await relay.startLogin()
            let listed = try await runRelayCommand(["logins", "--database", relay.databasePath])
            #expect(listed.status == 0, "\(listed.output)")
            #expect(listed.output.contains("d3\tpending"))
            #expect(!listed.output.contains(login.deviceCode))
            #expect(!listed.output.contains(login.userCode))
            let id = try #require(listed.output.split(separator: "\n").dropFirst().first?.split(separator: "\t").first)
            let revoked = try await runRelayCommand(["logins", "--database", relay.databasePath, "--revoke", String(id)])
            #expect(revoked.status == 0, "\(revoked.output)")
            try await relay.service.sweep()
            #expect(try await relay.poll(login).json["error"] as? String == "access_denied")
            let unknown = try await runRelayCommand(["logins", "--database", relay.databasePath, "--revoke", "nope"])
            #expect(unknown.status != 0)
        }
    }

    @Test("SIGTERM answers held long-polls at once and exits cleanly")
    func gracefulShutdown() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "term-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let operations = try freePort()
        let relay = try await RelayProcess(
            arguments: ["--database", directory.appending(path: "r.sqlite").path, "--seal-key-file",
                directory.appending(path: "k").path, "--emulator-port", "\(try freePort())", "--ops-port", "\(operations)"],
            directory: directory)
        let started = try await relay.post("/oauth/device/code", form: [("client_id", "d3")])
        let deviceCode = try #require(started.json["device_code"] as? String)
        let clock = ContinuousClock()
        async let held = relay.post("/oauth/token", form: [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode),
            ("client_id", "d3"), ("wait", "30"),
        ])
        try await HeldPolls.wait(for: 1) {
            try await transport.send(TransportRequest(url: URL(string: "http://127.0.0.1:\(operations)/metrics")!))
        }
        let signalled = clock.now
        relay.signal(SIGTERM)
        let answer = try await held
        #expect(answer.json["error"] as? String == "authorization_pending")
        // The poll asked to be held 30 s: answering within half of that shows SIGTERM ended it, with room for load.
        #expect(clock.now - signalled < .seconds(15))
        #expect(await relay.stop() == 0)
        #expect(relay.log.contains("SANDBOX MODE"))
    }
}
