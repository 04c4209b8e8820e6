import BattleNet
import BattleNetEmulator
import Foundation
import TestSupport
import Testing

/// Battle.net's own `id_token` (scope `openid`) stands in for the userinfo call: one call to Battle.net per sign-in,
/// and a token that does not verify fails the sign-in with a page that says so.
@Suite("Battle.net's id_token: one call per sign-in, verified", .timeLimit(.minutes(2)))
struct ProviderIDTokenTests {
    /// A device sign-in with `scope`, as the person finishes it; returns the relay's page and the client's poll.
    static func signIn(_ relay: RelayHarness, scope: String) async throws -> (page: TransportResponse, poll: TransportResponse) {
        let login = try await relay.startLogin(scope: scope)
        let page = try await relay.get(try await relay.decide(try await relay.confirm(login)))
        return (page, try await relay.poll(login))
    }

    @Test("With openid: the token exchange is the one call, no userinfo; the BattleTag comes from the id_token")
    func oneCall() async throws {
        try await withRelay { relay in
            _ = try await Self.signIn(relay, scope: "openid d3.profile")  // fetches the key set once
            let before = await relay.emulator.state.allCounts()
            let (page, poll) = try await Self.signIn(relay, scope: "openid d3.profile")
            #expect(page.status == 200)
            #expect(poll.json["battletag"] as? String == "FaYe#2543")
            #expect(poll.json["account_id"] is Int)
            let after = await relay.emulator.state.allCounts()
            let calls = { (counter: String) in (after[counter] ?? 0) - (before[counter] ?? 0) }
            #expect(calls("token.authorization_code") == 1)
            #expect(calls("userinfo") == 0, "\(after)")
            #expect(calls("jwks") == 0, "the key set is kept")
        }
    }

    @Test("Without openid: no id_token, so userinfo is the second call")
    func withoutOpenID() async throws {
        try await withRelay { relay in
            let before = await relay.emulator.state.count("userinfo")
            let (_, poll) = try await Self.signIn(relay, scope: "d3.profile")
            #expect(poll.json["battletag"] as? String == "FaYe#2543")
            #expect(await relay.emulator.state.count("userinfo") == before + 1)
        }
    }

    @Test("A forged, expired, wrong-audience or wrong-nonce id_token fails the sign-in with a page naming it",
        arguments: EmulatorIDTokens.Forgery.allCases)
    func refused(forgery: EmulatorIDTokens.Forgery) async throws {
        try await withRelay { relay in
            await relay.emulator.state.forgeIDTokens(forgery)
            let (page, poll) = try await Self.signIn(relay, scope: "openid d3.profile")
            #expect(page.text.contains("Sign-in failed"))
            #expect(page.text.contains("id_token_"), "\(page.text.prefix(600))")
            #expect(poll.json["error"] as? String == "access_denied")
            #expect(poll.json["access_token"] == nil)
        }
    }
}
