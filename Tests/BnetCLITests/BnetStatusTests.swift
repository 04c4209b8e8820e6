import BattleNet
import BattleNetEmulator
import BnetKit
import Foundation
import TestSupport
import Testing

/// `whoami --json`, the time left, `token`, and `BNET_TOKEN`, as a script uses them.
@Suite("bnet for scripts: whoami --json, token, BNET_TOKEN", .timeLimit(.minutes(2)))
struct BnetStatusTests {
    @Test("whoami --json has every field; plain whoami says the scopes and how long the token has left")
    func whoami() async throws {
        try await withSandbox { sandbox in
            let expiry = Date(timeIntervalSinceNow: 3 * 3600 + 30 * 60 + 30)
            let token = AccessToken(
                value: "user-token-value", expiresAt: expiry, scopes: ["openid", "wow.profile"],
                accountID: 100_000_001, battleTag: try BattleTag(parsing: "FaYe#2543"))
            try sandbox.store(.bnet).save(StoredCredential(
                region: .eu, regions: [.us, .eu], relay: "https://relay.example.com", token: token))
            let json = try await sandbox.bnet("whoami", "--json", "--region", "eu")
            #expect(json.status == 0, "\(json.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(Set(object.keys) == [
                "account", "battletag", "region", "regions", "relay", "scopes", "expires_at", "expires_in", "source",
            ])
            #expect(object["account"] as? Int == 100_000_001)
            #expect(object["battletag"] as? String == "FaYe#2543")
            #expect(object["region"] as? String == "eu")
            #expect(object["regions"] as? [String] == ["us", "eu"])
            #expect(object["relay"] as? String == "https://relay.example.com")
            #expect(object["scopes"] as? [String] == ["openid", "wow.profile"])
            #expect(object["source"] as? String == "stored")
            let left = try #require(object["expires_in"] as? Int)
            #expect((12_500...12_630).contains(left))
            let at = try #require(object["expires_at"] as? String)
            #expect(abs(try Date(at, strategy: .iso8601).timeIntervalSince(expiry)) < 1)
            #expect(!json.stdout.contains("user-token-value"))

            let plain = try await sandbox.bnet("whoami", "--region", "eu")
            #expect(plain.stdout.contains("Scopes     openid wow.profile\n"))
            #expect(plain.stdout.contains(" (in 3 h 30 min)\n") || plain.stdout.contains(" (in 3 h 29 min)\n"), "\(plain.stdout)")
            #expect(try await sandbox.bnet("token", "--region", "eu").stdout == "user-token-value\n")
            let nobody = try await sandbox.bnet("whoami", "--json", "--region", "kr")
            #expect(nobody.status == 3)
            #expect(nobody.stdout.isEmpty)
        }
    }

    @Test("BNET_TOKEN: every command uses it, token prints it, nothing is stored, login and logout refuse")
    func givenToken() async throws {
        try await withSandbox { signedIn in
            try await withSandbox { sandbox in
                try await withEmulator { emulator in
                    let token = try await BnetCommandTests().signIn(signedIn, emulator, scopes: BnetCommandTests.everyScope)
                    let given = ["BNET_TOKEN": token.value]
                    let characters = try await sandbox.bnet(
                        "wow", "characters", "--region", "eu", "--api-url", emulator.baseURL.absoluteString,
                        environment: given)
                    #expect(characters.status == 0, "\(characters.stderr)")
                    #expect(characters.stdout.hasPrefix("4 characters on 2 licences (retail)\n"))
                    #expect(try await sandbox.bnet("token", environment: given).stdout == token.value + "\n")
                    let status = try await sandbox.bnet("whoami", "--json", environment: given)
                    let object = try #require(
                        try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
                    #expect(object["source"] as? String == "BNET_TOKEN")
                    #expect(object.keys.count == 9)
                    let rejected = try await sandbox.bnet(
                        "wow", "mounts", "--api-url", emulator.baseURL.absoluteString,
                        environment: ["BNET_TOKEN": "not-a-token"])
                    #expect(rejected.status == 3, "\(rejected.stderr)")
                    for command in [["login", "--no-browser"], ["logout"]] {
                        let refused = try await ChildProcess.run(
                            try BuiltExecutable.url("bnet"), command, environment: sandbox.environment(given))
                        #expect(refused.status == 2)
                        #expect(refused.stderr.hasPrefix("bnet: BNET_TOKEN is set, so bnet uses that token and stores none"))
                    }
                    #expect(!FileManager.default.fileExists(atPath: sandbox.configHome.path))
                }
            }
        }
    }
}
