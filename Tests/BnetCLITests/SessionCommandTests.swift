import BattleNet
import BnetKit
import Foundation
import TestSupport
import Testing

@Suite("Sign-in state: whoami, token, logout, and commands without a sign-in", .timeLimit(.minutes(2)))
struct SessionCommandTests {
    static let notSignedIn = "d3: Not signed in for region eu: run `d3 login --region eu`.\n"

    @Test("whoami, token and profile without a sign-in exit 3 with the login hint", arguments: [
        ["whoami", "--region", "eu"], ["token", "--region", "eu"], ["profile", "--region", "eu"],
    ])
    func notSignedIn(arguments: [String]) async throws {
        try await withSandbox { sandbox in
            let result = try await D3Process.run(arguments, environment: sandbox.environment())
            #expect(result.status == 3)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == Self.notSignedIn)
        }
    }

    @Test("The region can come from D3_REGION")
    func regionFromEnvironment() async throws {
        try await withSandbox { sandbox in
            let result = try await sandbox.d3("whoami", environment: ["D3_REGION": "eu"])
            #expect(result.stderr == Self.notSignedIn)
        }
    }

    @Test("whoami and token read a stored sign-in; logout removes it even when its relay cannot revoke it")
    func storedCredential() async throws {
        try await withSandbox { sandbox in
            let expiry = Date(timeIntervalSince1970: 4_102_444_800)
            let token = AccessToken(
                value: "user-token-value", expiresAt: expiry, accountID: 100_000_001,
                battleTag: try BattleTag(parsing: "FaYe#2543"))
            let relay = "http://127.0.0.1:\(try freePort())"
            try sandbox.store.save(StoredCredential(region: .eu, relay: relay, token: token))

            let whoami = try await sandbox.d3("whoami", "--region", "eu")
            #expect(whoami.status == 0)
            let lines = [
                "BattleTag  FaYe#2543", "Region     eu", "Works for  eu", "Account    100000001", "Relay      \(relay)",
                "Expires    2100-01-01 00:00 UTC (in ",
            ]
            #expect(whoami.stdout.hasPrefix(lines.joined(separator: "\n")))
            #expect(whoami.stdout.hasSuffix(" min)\n") || whoami.stdout.hasSuffix(" h)\n"))
            #expect(!whoami.stdout.contains("user-token-value"))

            let printed = try await sandbox.d3("token", environment: ["D3_REGION": "eu"])
            #expect(printed.status == 0)
            #expect(printed.stdout == "user-token-value\n")

            let logout = try await sandbox.d3("logout", "--region", "eu")
            #expect(logout.status == 1)
            #expect(logout.stderr.hasPrefix("d3: Signed out of region eu on this machine, but the token could not be revoked: "))
            #expect(logout.stderr.contains("Could not reach the relay at \(relay)"))
            let after = try await sandbox.d3("token", "--region", "eu")
            #expect(after.status == 3)
        }
    }

    @Test("An expired sign-in exits 3 and says it expired")
    func expiredCredential() async throws {
        try await withSandbox { sandbox in
            let token = AccessToken(value: "old", expiresAt: Date(timeIntervalSinceNow: -60))
            try sandbox.store.save(StoredCredential(region: .us, relay: "http://127.0.0.1:8080", token: token))
            for command in ["whoami", "token", "profile"] {
                let result = try await sandbox.d3(command)
                #expect(result.status == 3)
                #expect(result.stderr == "d3: The sign-in for region us has expired: run `d3 login`.\n")
            }
        }
    }

    @Test("An invalid region is a usage error (exit 2)", arguments: ["profile", "whoami", "login"])
    func invalidRegion(command: String) async throws {
        try await withSandbox { sandbox in
            let result = try await sandbox.d3(command, "--region", "mars")
            #expect(result.status == 2)
            #expect(result.stderr.contains("\"mars\" is not a region"))
        }
    }

    @Test("A malformed BattleTag is a usage error (exit 2)")
    func invalidBattleTag() async throws {
        try await withSandbox { sandbox in
            let result = try await sandbox.d3("profile", "no-code-here#")
            #expect(result.status == 2)
            #expect(result.stderr.contains("is not a BattleTag"))
        }
    }

    @Test("Every command has help with an example")
    func help() async throws {
        try await withSandbox { sandbox in
            for command in ["login", "logout", "whoami", "token", "profile", "hero"] {
                let result = try await sandbox.d3(command, "--help")
                #expect(result.status == 0)
                #expect(result.stdout.contains("Example"), "\(command)")
            }
            let root = try await sandbox.d3("--help")
            #expect(root.stdout.contains("130  interrupted"))
        }
    }
}
