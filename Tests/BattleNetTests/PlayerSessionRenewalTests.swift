import BattleNet
import Foundation
import Testing

/// `PlayerSession`'s renewal, the platform-neutral part: what it offers in each state, and that it shows a sheet
/// only when the app calls it for an expired player.
@Suite("PlayerSession renewal", .timeLimit(.minutes(1)))
struct PlayerSessionRenewalTests {
    private func session(_ relay: StubRelay, store: any TokenStore, daysLater: Double = 0) -> PlayerSession {
        PlayerSession(
            relay: RelaySignIn(relayURL: StubRelay.baseURL, app: "myapp", transport: relay), store: store,
            now: { Date().addingTimeInterval(daysLater * 86_400) })
    }

    private func counting(_ sheets: Counter) -> @Sendable (SignInAttempt) async throws -> URL? {
        { _ in
            await sheets.increment()
            return StubRelay.approvedCallback()
        }
    }

    @Test("Signed out: nothing to renew, and renew shows nothing")
    func signedOut() async {
        let relay = StubRelay()
        let session = self.session(relay, store: InMemoryTokenStore())
        #expect(await session.renewal == .signInNeeded)
        let sheets = Counter()
        #expect(await session.renew(present: counting(sheets)) == nil)
        #expect(await sheets.value == 0)
        #expect(relay.requests.isEmpty)
    }

    @Test("Signed in: not needed, and renew answers at once with the player")
    func notNeeded() async throws {
        let relay = StubRelay()
        let session = self.session(relay, store: InMemoryTokenStore())
        let player = try await session.signIn(present: counting(Counter())).player()
        #expect(await session.renewal == .notNeeded(player))
        let sheets = Counter()
        #expect(await session.renew(present: counting(sheets)) == .approved(player))
        #expect(await sheets.value == 0)
    }

    @Test("Expired: available; renew shows one sheet, stores the new token, and token() works again")
    func expired() async throws {
        let relay = StubRelay()
        let store = InMemoryTokenStore()
        let player = try await session(relay, store: store).signIn(present: counting(Counter())).player()
        let later = session(relay, store: store, daysLater: 2)
        #expect(await later.renewal == .available(player))
        await #expect(throws: SignInRequired(.expired)) { try await later.token() }
        let sheets = Counter()
        let renewed = try #require(await later.renew(present: counting(sheets))).player()
        #expect(await sheets.value == 1)
        #expect(renewed.battleTag == player.battleTag)
        #expect(renewed.token != player.token)
        #expect(try store.load("default") == renewed)
        #expect(await later.renewal == .notNeeded(renewed))
    }
}
