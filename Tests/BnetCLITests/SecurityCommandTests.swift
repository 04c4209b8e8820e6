import BattleNet
import BattleNetEmulator
import BnetKit
import Foundation
import TestSupport
import Testing

/// The `d3` binary's defences (review finding 13.13): plain-http relays, sign-in links on another origin,
/// credential files others can reach, and terminal escapes in server text.
@Suite("d3 refuses insecure relays, foreign links and unsafe credential files, and prints server text safely",
       .timeLimit(.minutes(2)))
struct SecurityCommandTests {
    // MARK: Plain-http relays

    @Test("A plain-http relay on another machine is refused at once, from a flag, the environment or config.json")
    func insecureRelayIsRefused() async throws {
        try await withSandbox { sandbox in
            // Refused before any connection: an attempt to reach 10.0.0.1 would end in a "cannot reach" message.
            let flag = try await sandbox.d3("login", "--relay", "http://10.0.0.1:9", "--no-browser")
            #expect(flag.status == 2, "\(flag.stderr)")
            #expect(flag.stdout.isEmpty)
            #expect(flag.stderr.hasPrefix("d3: Refusing the relay at http://10.0.0.1:9: it uses plain http"))
            #expect(flag.stderr.contains("unencrypted"))
            #expect(flag.stderr.contains("--allow-insecure-relay"))
            #expect(flag.stderr.filter { $0 == "\n" }.count == 1)

            let environment = try await sandbox.d3(
                "login", "--no-browser", environment: ["D3_RELAY_URL": "http://10.0.0.1:9"])
            #expect(environment.status == 2, "\(environment.stderr)")
            #expect(environment.stderr.contains("Refusing the relay at http://10.0.0.1:9"))

            try FileManager.default.createDirectory(at: sandbox.configDirectory, withIntermediateDirectories: true)
            try Data(#"{"relay": "http://10.0.0.1:9"}"#.utf8)
                .write(to: sandbox.configDirectory.appending(path: "config.json"))
            let file = try await sandbox.d3("login", "--no-browser")
            #expect(file.status == 2, "\(file.stderr)")
            #expect(file.stderr.contains("Refusing the relay at http://10.0.0.1:9"))
            #expect(!FileManager.default.fileExists(atPath: sandbox.store.fileURL(for: .us).path))
        }
    }

    @Test("--allow-insecure-relay or D3_ALLOW_INSECURE_RELAY=1 lets a plain-http relay through")
    func insistingAllowsInsecureRelay() async throws {
        try await withSandbox { sandbox in
            // 0.0.0.0 is not loopback to d3, but connecting to it reaches this machine and is refused at once.
            let flag = try await sandbox.d3(
                "login", "--relay", "http://0.0.0.0:1", "--allow-insecure-relay", "--no-browser")
            #expect(flag.status == 5, "\(flag.stderr)")
            #expect(!flag.stderr.contains("Refusing"))
            let environment = try await sandbox.d3(
                "login", "--relay", "http://0.0.0.0:1", "--no-browser", environment: ["D3_ALLOW_INSECURE_RELAY": "1"])
            #expect(environment.status == 5, "\(environment.stderr)")
            let refused = try await sandbox.d3("login", "--relay", "http://0.0.0.0:1", "--no-browser")
            #expect(refused.status == 2, "\(refused.stderr)")
        }
    }

    // MARK: Verification links

    @Test("A relay whose endpoints and links are on another origin than the one asked for is refused, and the login exits 1")
    func foreignLinkIsRefused() async throws {
        try await withSandbox { sandbox in
            let browser = try FakeBrowser(in: sandbox)
            try await withSandboxRelay(sandbox) { relay, _ in
                // The relay's public URL is http://127.0.0.1:<port>; reached as localhost, its links are on
                // another origin.
                let port = try #require(relay.port)
                let login = try Background(
                    "d3", ["login", "--relay", "http://localhost:\(port)"],
                    environment: sandbox.environment(browser.environment), directory: sandbox.home)
                let status: Int32
                do {
                    status = try await login.waitForExit(timeout: .seconds(20))
                } catch {
                    await login.stop()
                    throw error
                }
                #expect(status == 1, "\(login.text)")
                #expect(login.text.contains("names an endpoint on another origin (http://127.0.0.1:\(port))"),
                        "\(login.text)")
                #expect(login.text.contains("only to http://localhost:\(port)"))
                #expect(!login.text.contains("To sign in"))
                #expect(!login.text.contains("/device"))
                try await Task.sleep(for: .milliseconds(300))
                #expect(browser.opened.isEmpty)
                #expect(!FileManager.default.fileExists(atPath: sandbox.store.fileURL(for: .us).path))
            }
        }
    }

    @Test("The relay's own link is shown, and its page without the code handed to the browser (a sign-in with the code: --qr)")
    func ownLinkIsOpened() async throws {
        try await withSandbox { sandbox in
            let browser = try FakeBrowser(in: sandbox)
            try await withSandboxRelay(sandbox) { relay, _ in
                let login = try Background(
                    "d3", ["login", "--relay", relay.absoluteString, "--qr"],
                    environment: sandbox.environment(browser.environment), directory: sandbox.home)
                do {
                    let link = try await login.await(/Or open (\S+)/)
                    _ = try await login.await(/(Opening your browser)/)
                    #expect(link.hasPrefix(relay.absoluteString + "/device?user_code="))
                    let deadline = ContinuousClock.now + .seconds(10)
                    while browser.opened.isEmpty, ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(50))
                    }
                    // The code stays out of the browser's argv, which every local user can read (R5-5).
                    #expect(browser.opened == [relay.absoluteString + "/device"])
                    await login.stop()
                } catch {
                    await login.stop()
                    throw error
                }
            }
        }
    }

    // MARK: Credential files

    @Test("A credential file others can read makes whoami, token and profile exit 1 with the chmod that fixes it")
    func credentialFileOpenToOthers() async throws {
        try await withSandbox { sandbox in
            let token = AccessToken(
                value: "user-token-value", expiresAt: Date(timeIntervalSinceNow: 3600),
                battleTag: try BattleTag(parsing: "FaYe#2543"))
            try sandbox.store.save(StoredCredential(region: .us, relay: "http://127.0.0.1:8080", token: token))
            let path = sandbox.store.fileURL(for: .us).path
            #expect(chmod(path, 0o644) == 0)
            for command in ["whoami", "token", "profile"] {
                let result = try await sandbox.d3(command)
                #expect(result.status == 1, "\(command): \(result.stderr)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.hasPrefix("d3: The credential store failed: "))
                #expect(result.stderr.contains("can be read by other users (mode 0644)"))
                #expect(result.stderr.contains("chmod 600 '"))
                #expect(result.stderr.contains("credentials-oauth.battle.net.json'"))
                #expect(!result.stderr.contains("user-token-value"))
            }
            #expect(chmod(path, 0o600) == 0)
            let fixed = try await sandbox.d3("whoami")
            #expect(fixed.status == 0, "\(fixed.stderr)")
            #expect(fixed.stdout.contains("FaYe#2543"))
        }
    }

    @Test("A credential file that is a symbolic link is refused; logout removes the link, not its target, and says so")
    func credentialFileSymbolicLink() async throws {
        try await withSandbox { sandbox in
            let token = AccessToken(value: "elsewhere", expiresAt: Date(timeIntervalSinceNow: 3600))
            try sandbox.store.save(StoredCredential(region: .eu, relay: "http://127.0.0.1:8080", token: token))
            let target = sandbox.home.appending(path: "elsewhere.json")
            try FileManager.default.moveItem(at: sandbox.store.fileURL(for: .eu), to: target)
            try FileManager.default.createSymbolicLink(
                atPath: sandbox.store.fileURL(for: .us).path, withDestinationPath: target.path)
            let result = try await sandbox.d3("token")
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("is a symbolic link"))
            #expect(result.stderr.contains("rm '"))
            let logout = try await sandbox.d3("logout")
            #expect(logout.status == 1, "\(logout.stderr)")
            #expect(logout.stderr.contains("without revoking the token"))
            #expect(!logout.stderr.contains("elsewhere\n"))
            #expect(try await sandbox.d3("token").status == 3)
            #expect(FileManager.default.fileExists(atPath: target.path))
        }
    }

    @Test("A config directory that is a symbolic link is refused: nothing is read from it or written through it")
    func configDirectorySymbolicLink() async throws {
        try await withSandbox { sandbox in
            let shared = sandbox.home.appending(path: "shared-folder")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: sandbox.configHome, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: sandbox.configDirectory, withDestinationURL: shared)
            for command in ["token", "whoami", "logout"] {
                let result = try await sandbox.d3(command)
                #expect(result.status == 1, "\(command): \(result.stderr)")
                #expect(result.stderr.contains("is a symbolic link"), "\(command): \(result.stderr)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path).isEmpty)
        }
    }

    // MARK: Terminal escapes

    @Test("Escapes and control characters in a profile and a hero from the API never reach the output")
    func escapesInProfileAndHero() async throws {
        var player = EmulatorPlayer.generated(
            accountID: 100_000_099, battleTag: try BattleTag(parsing: "Evil#6666"), heroCount: 1)
        var profile = try #require(try JSONSerialization.jsonObject(with: player.profile) as? [String: Any])
        profile["guildName"] = "\u{1B}]0;pwned\u{7}Guild\u{1B}[2J\u{1B}[H"
        var heroes = try #require(profile["heroes"] as? [[String: Any]])
        heroes[0]["name"] = "Evil\u{1B}[31m\u{9B}2J\r\nFAKE"
        profile["heroes"] = heroes
        profile["timePlayed"] = ["\u{1B}]52;c;ZXZpbA==\u{7}barbarian": 1.0]
        player.profile = try JSONSerialization.data(withJSONObject: profile)
        let heroID = try #require(player.heroes.keys.first)
        var documents = try #require(player.heroes[heroID])
        var hero = try #require(try JSONSerialization.jsonObject(with: documents.hero) as? [String: Any])
        hero["name"] = "\u{1B}[1;1HEvil\u{7}"
        documents.hero = try JSONSerialization.data(withJSONObject: hero)
        player.heroes[heroID] = documents

        let configuration = EmulatorConfiguration(
            clients: [EmulatorClient(credentials: cliCredentials, name: "d3 CLI tests")], players: [player])
        try await BattleNetEmulator.withRunning(configuration: configuration) { emulator in
            try await withSandbox { sandbox in
                let shown = try await D3Process.run(
                    ["profile", "Evil#6666"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(shown.status == 0, "\(shown.stderr)")
                #expect(shown.stdout.hasPrefix("Evil#6666\n"))
                #expect(shown.stdout.contains("  Guild         Guild\n"))
                #expect(shown.stdout.contains("Evil  FAKE"))
                #expect(shown.stdout.contains("  barbarian  100.0%"))
                #expect(!shown.stdout.contains("\u{1B}"))
                #expect(!shown.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
                #expect(!shown.stdout.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })

                let heroShown = try await D3Process.run(
                    ["hero", "Evil#6666", "\(heroID)"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(heroShown.status == 0, "\(heroShown.stderr)")
                #expect(heroShown.stdout.hasPrefix("Evil - "))
                #expect(!heroShown.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            }
        }
    }
}

/// An `xdg-open` stand-in on `PATH` that records the URLs it is asked to open, with a display set so that
/// `d3 login` (without `--no-browser`) tries it.
private struct FakeBrowser {
    let log: URL
    let environment: [String: String]

    init(in sandbox: Sandbox) throws {
        let bin = sandbox.home.appending(path: "bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        log = sandbox.home.appending(path: "opened.txt")
        let script = bin.appending(path: "xdg-open")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(log.path)'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        environment = ["PATH": "\(bin.path):/usr/local/bin:/usr/bin:/bin", "DISPLAY": ":99"]
    }

    /// The URLs opened so far.
    var opened: [String] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
}
