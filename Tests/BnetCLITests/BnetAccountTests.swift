import BattleNet
import BattleNetHTTPClient
import BnetKit
import Foundation
import TestSupport
import Testing

/// Sign-ins as gh keeps them: the relay remembered, several accounts, the replaced token revoked, logout by account.
@Suite("bnet accounts: relay reused, several accounts, replaced tokens revoked", .timeLimit(.minutes(3)))
struct BnetAccountTests {
    /// The emulator's answer to `/oauth/userinfo` for `token`: 200 while it works, 401 once revoked.
    func userInfoStatus(_ emulator: URL, _ token: String) async throws -> Int {
        try await AsyncHTTPClientTransport.testing.send(TransportRequest(
            url: emulator.appending(path: "oauth/userinfo"), headers: [("Authorization", "Bearer \(token)")])).status
    }

    @Test("A second login without --relay goes to the first one's relay, replaces the token and revokes the old one")
    func secondLoginReusesRelayAndRevokes() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                let first = try await bnetLogin(sandbox, ["--relay", relay.absoluteString])
                #expect(first.contains("Or open \(relay.absoluteString)"))
                let before = try #require(try sandbox.store(.bnet).load(region: .us))
                #expect(try await userInfoStatus(emulator, before.token.value) == 200)
                let second = try await bnetLogin(sandbox, [])
                #expect(second.contains("Or open \(relay.absoluteString)"), "\(second)")
                let after = try #require(try sandbox.store(.bnet).load(region: .us))
                #expect(after.relay == relay.absoluteString)
                #expect(after.token.value != before.token.value)
                #expect(try await userInfoStatus(emulator, before.token.value) == 401)
                #expect(try await userInfoStatus(emulator, after.token.value) == 200)
                #expect(try sandbox.store(.bnet).accounts(region: .us).count == 1)
            }
        }
    }

    @Test("Two accounts signed in: the last is the default, --account and switch pick the other, logout forgets one or --all")
    func twoAccounts() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                _ = try await bnetLogin(sandbox, ["--relay", relay.absoluteString], as: "FaYe#2543")
                let second = try await bnetLogin(sandbox, [], as: "Straton#1")
                #expect(second.contains("FaYe#2543 stays signed in; `bnet account switch FaYe#2543` makes it the default"))
                #expect(try await sandbox.bnet("whoami").stdout.contains("BattleTag  Straton#1"))
                #expect(try await sandbox.bnet("whoami", "--account", "FaYe#2543").stdout.contains("BattleTag  FaYe#2543"))
                let viaVariable = try await sandbox.bnet("token", environment: ["BNET_ACCOUNT": "FaYe#2543"])
                #expect(viaVariable.stdout == (try sandbox.store(.bnet).load(region: .us, account: "FaYe#2543"))?.token.value
                    .appending("\n"))
                let list = try await sandbox.bnet("account", "list")
                #expect(list.status == 0, "\(list.stderr)")
                let rows = list.stdout.split(separator: "\n").dropFirst()
                #expect(rows.count == 2)
                #expect(rows.first?.hasPrefix("*  Straton#1") == true, "\(list.stdout)")
                let defaultToken = try #require(try sandbox.store(.bnet).load(region: .us)).token.value
                #expect(try await sandbox.bnet("token").stdout == defaultToken + "\n")
                #expect(try sandbox.store(.bnet).load(region: .us)?.account == "Straton#1")

                let switched = try await sandbox.bnet("account", "switch", "FaYe#2543")
                #expect(switched.stdout == "FaYe#2543 is now the default account.\n")
                #expect(try await sandbox.bnet("whoami").stdout.contains("BattleTag  FaYe#2543"))
                #expect(try await sandbox.bnet("account", "switch", "Nobody#1").status == 4)

                let zoe = try #require(try sandbox.store(.bnet).load(region: .us, account: "Straton#1"))
                let logout = try await sandbox.bnet("logout", "--account", "Straton#1")
                #expect(logout.status == 0, "\(logout.stderr)")
                #expect(logout.stdout.hasPrefix("Signed Straton#1 out of regions "))
                #expect(try await userInfoStatus(emulator, zoe.token.value) == 401)
                #expect(try await sandbox.bnet("whoami").stdout.contains("BattleTag  FaYe#2543"))
                #expect(try await sandbox.bnet("whoami", "--account", "Straton#1").status == 3)

                _ = try await bnetLogin(sandbox, [], as: "Straton#1")
                let faye = try #require(try sandbox.store(.bnet).load(region: .us, account: "FaYe#2543"))
                let all = try await sandbox.bnet("logout", "--all")
                #expect(all.status == 0, "\(all.stderr)")
                #expect(all.stdout.split(separator: "\n").count == 2, "\(all.stdout)")
                #expect(try await userInfoStatus(emulator, faye.token.value) == 401)
                #expect(try sandbox.store(.bnet).accounts(region: .us).isEmpty)
                #expect(try await sandbox.bnet("whoami").status == 3)
            }
        }
    }
}
