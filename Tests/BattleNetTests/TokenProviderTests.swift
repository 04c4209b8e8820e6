import BattleNet
import BattleNetDiablo3
import BattleNetEmulator
import Foundation
import Testing

@Suite("Client-credentials token provider", .timeLimit(.minutes(2)))
struct TokenProviderTests {
    @Test("100 concurrent callers cause exactly one token request and share its token")
    func singleFlight() async throws {
        try await withEmulator { emulator in
            let provider = ClientCredentialsTokenProvider(client: emulator.oauthClient())
            let values = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<100 { group.addTask { try await provider.token().value } }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(values.count == 1)
            #expect(await emulator.state.count("token.client_credentials") == 1)
            _ = try await provider.token()
            #expect(await emulator.state.count("token.client_credentials") == 1)
        }
    }

    @Test("A token within the renewal margin of its expiry is renewed")
    func renewsEarly() async throws {
        try await withEmulator(tokenLifetime: .seconds(240)) { emulator in
            let provider = ClientCredentialsTokenProvider(client: emulator.oauthClient(), renewalMargin: .seconds(300))
            let first = try await provider.token()
            let second = try await provider.token()
            #expect(first.value != second.value)
            #expect(await emulator.state.count("token.client_credentials") == 2)

            let relaxed = ClientCredentialsTokenProvider(client: emulator.oauthClient(), renewalMargin: .seconds(60))
            let a = try await relaxed.token()
            let b = try await relaxed.token()
            #expect(a.value == b.value)
        }
    }

    @Test("A revoked token is replaced once after the API answers 401")
    func retriesOnceOn401() async throws {
        try await withEmulator { emulator in
            let provider = ClientCredentialsTokenProvider(client: emulator.oauthClient())
            let d3 = emulator.diablo3(tokens: provider)
            _ = try await d3.acts()
            await emulator.state.revokeAllTokens()
            let acts = try await d3.acts()
            #expect(acts.acts.count == 5)
            #expect(await emulator.state.count("token.client_credentials") == 2)
            #expect(await emulator.state.count("d3") == 3)
        }
    }

    @Test("A failed renewal is reported, and the next call tries again")
    func failedRenewal() async throws {
        try await withEmulator { emulator in
            let provider = ClientCredentialsTokenProvider(client: emulator.oauthClient())
            await emulator.state.inject(EmulatorFault(pathPrefix: "/token", kind: .status(503), count: 1))
            await #expect(throws: BattleNetError.serverError(status: 503)) { try await provider.token() }
            _ = try await provider.token()
            #expect(await emulator.state.count("token.client_credentials") == 1)
        }
    }
}
