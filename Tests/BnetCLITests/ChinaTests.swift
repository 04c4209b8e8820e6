import BattleNet
import BattleNetEmulator
import Foundation
import TestSupport
import Testing

/// `--region cn`: China's OAuth host refuses portal-registered clients, and `d3` says so before asking it.
@Suite("d3 --region cn", .timeLimit(.minutes(2)))
struct ChinaTests {
    @Test("profile --region cn with client credentials is refused up front, saying why; --oauth-url lifts it")
    func clientCredentials() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let refused = try await D3Process.run(
                    ["profile", "FaYe#2543", "--region", "cn", "--api-url", emulator.baseURL.absoluteString],
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(refused.status == 1)
                #expect(refused.stderr.contains("Region cn: China's Battle.net (oauth.battlenet.com.cn) refuses"))
                #expect(refused.stderr.contains("--oauth-url"))
                #expect(!refused.stderr.contains(cliCredentials.secret))

                let named = try await D3Process.run(
                    ["profile", "FaYe#2543", "--region", "cn"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(named.status == 0, "\(named.stderr)")
                #expect(!named.stderr.contains("refuses"))
            }
        }
    }
}
