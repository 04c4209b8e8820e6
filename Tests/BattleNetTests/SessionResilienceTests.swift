import Foundation
import TestSupport
import Testing

@testable import BattleNet

/// `PlayerSession` in a real app's conditions, against ``StubRelay``: callers that go away, a store that fails at
/// launch, API work while the sheet is up, a UI that needs the stored player at once, and the player's regions.
@Suite("PlayerSession in real apps", .timeLimit(.minutes(1)))
struct SessionResilienceTests {
    private func session(
        _ relay: StubRelay = StubRelay(), store: any TokenStore = InMemoryTokenStore(), signInWait: Duration = .zero
    ) -> PlayerSession {
        PlayerSession(
            relay: RelaySignIn(relayURL: StubRelay.baseURL, app: "myapp", transport: relay), store: store,
            signInWait: signInWait)
    }

    /// A sheet that the player approves once `release` opens, counting sheets shown and dismissed.
    private struct HeldSheet {
        let shown = Gate()
        let release = Gate()
        let dismissed = Counter()

        func present(_ attempt: SignInAttempt) async throws -> URL? {
            await shown.open()
            do {
                try await release.wait()
            } catch {
                await dismissed.increment()
                throw error
            }
            return StubRelay.approvedCallback()
        }
    }

    @Test("Cancelling one waiting caller ends only its wait; the sheet stays up and the others get the player")
    func oneCallerCancelled() async throws {
        let session = session()
        let sheet = HeldSheet()
        let button = Task { await session.signIn(present: sheet.present) }
        try await sheet.shown.wait()
        let disappearingTask = Task { await session.signIn(present: sheet.present) }
        try await waitUntil("the second caller waits") { await session.waiting.callers == 2 }
        disappearingTask.cancel()
        #expect(await disappearingTask.value == .cancelled)
        #expect(await sheet.dismissed.value == 0, "the sheet stays up for the button's caller")
        await sheet.release.open()
        let player = try await button.value.player()
        #expect(await session.state == .signedIn(player))
    }

    @Test("When no caller waits any more the sheet is dismissed and the sign-in cancelled")
    func lastCallerCancelled() async throws {
        let session = session()
        let sheet = HeldSheet()
        let first = Task { await session.signIn(present: sheet.present) }
        try await sheet.shown.wait()
        let second = Task { await session.signIn(present: sheet.present) }
        try await waitUntil("the second caller waits") { await session.waiting.callers == 2 }
        first.cancel()
        #expect(await first.value == .cancelled)
        #expect(await sheet.dismissed.value == 0)
        second.cancel()
        #expect(await second.value == .cancelled)
        #expect(await sheet.dismissed.value == 1, "the last caller's cancellation dismisses the sheet")
        #expect(await session.state == .signedOut)
    }

    @Test("A store that fails at launch is a state a UI can show, and is read again on the next call")
    func failingStoreRetried() async throws {
        let stored = SignedInPlayer(
            token: AccessToken(value: "stored", expiresAt: Date().addingTimeInterval(3600), battleTag: StubRelay.faye),
            regions: [.eu], relay: StubRelay.baseURL)
        let store = LockedUntilUnlock(stored)
        let session = session(store: store)
        guard case .storeUnreadable(let failure) = await session.state else {
            Issue.record("a failed read is not shown as storeUnreadable")
            return
        }
        #expect(failure.description.contains("device is locked"))
        await #expect(throws: StoreReadFailure.self) { try await session.token() }
        #expect(session.storedState() == .storeUnreadable(failure), "what a UI sees at launch")

        store.unlock()
        #expect(await session.state == .signedIn(stored), "the next call reads the store again")
        #expect(try await session.token() == stored.token)
    }

    @Test("token() never waits on an open sheet; with a bound set by the app it waits that long at most")
    func tokenDoesNotWaitOnSheet() async throws {
        let session = session()
        let sheet = HeldSheet()
        let signingIn = Task { await session.signIn(present: sheet.present) }
        try await sheet.shown.wait()
        await #expect(throws: SignInRequired(.signedOut)) { try await session.token() }
        await sheet.release.open()
        _ = try await signingIn.value.player()

        let waiting = self.session(signInWait: .seconds(30))
        let held = HeldSheet()
        let started = Task { await waiting.signIn(present: held.present) }
        try await held.shown.wait()
        async let token = waiting.token()
        try await waitUntil("token() waits on the sheet") { await waiting.waiting.watchers == 1 }
        await held.release.open()
        #expect(try await token == started.value.player().token, "the bound lets it wait for the sheet's player")

        let bounded = self.session(signInWait: .milliseconds(50))
        let stuck = HeldSheet()
        let stuckSignIn = Task { await bounded.signIn(present: stuck.present) }
        try await stuck.shown.wait()
        await #expect(throws: SignInRequired(.signedOut)) { try await bounded.token() }
        stuckSignIn.cancel()
        _ = await stuckSignIn.value
    }

    @Test("ObservablePlayerSession knows the stored player when it is created")
    @MainActor
    func observableStartsFromStore() throws {
        let stored = SignedInPlayer(
            token: AccessToken(value: "stored", expiresAt: Date().addingTimeInterval(3600), battleTag: StubRelay.faye),
            regions: [.us], relay: StubRelay.baseURL)
        let account = ObservablePlayerSession(session(store: InMemoryTokenStore(["default": stored])))
        #expect(account.state == .signedIn(stored))
        #expect(ObservablePlayerSession(session()).state == .signedOut)
    }

    @Test("The player's regions come from the token response; a stored player round-trips equal")
    func regionsAndRoundTrip() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "regions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(directory: directory)
        let player = try await session(store: store).signIn { _ in StubRelay.approvedCallback() }.player()
        #expect(player.regions == [.us, .eu, .kr, .tw])
        #expect(player.token.expiresAt.timeIntervalSince1970.rounded(.down) == player.token.expiresAt.timeIntervalSince1970)
        #expect(try store.load("default") == player, "a stored player reads back equal")

        // A player stored by 0.2.0 (the relay's region only) reads back with that region's token regions.
        let legacy = #"{"relay":"https://relay.example.com","region":"eu","token":{"value":"v","tokenType":"bearer","#
            + #""expiresAt":"2033-05-18T03:33:20Z","scopes":[]}}"#
        try Data(legacy.utf8).write(to: directory.appending(path: "old.json"))
        #expect(chmod(directory.appending(path: "old.json").path, 0o600) == 0)
        #expect(try store.load("old")?.regions == [.us, .eu, .kr, .tw])
    }

    @Test("A forged or early callback is answered at once: the token request asks the relay for no hold")
    func callbackCollectedWithoutHold() async throws {
        let relay = StubRelay()
        let signIn = RelaySignIn(relayURL: StubRelay.baseURL, app: "myapp", transport: relay)
        let attempt = try await signIn.start()
        _ = await signIn.finish(attempt, callbackURL: StubRelay.approvedCallback(code: "forged"))
        let form = try #require(relay.tokenForms.first)
        #expect(!form.contains { $0.0 == "wait" })
    }

    @Test("An app registered in poll mode is refused at start, before any sheet")
    func pollModeRefused() async throws {
        let relay = StubRelay()
        relay.appMode = "poll"
        let result = await RelaySignIn(relayURL: StubRelay.baseURL, app: "myapp", transport: relay).run { _ in
            Issue.record("a sheet was shown")
            return nil
        }
        guard case .failed(let failure) = result else { Issue.record("got \(result)"); return }
        #expect(failure.reason == .wrongMode)
    }
}

/// A store that cannot be read until `unlock()`, as the Keychain before the device's first unlock.
private final class LockedUntilUnlock: TokenStore, @unchecked Sendable {
    struct Locked: LocalizedError {
        var errorDescription: String? { "the device is locked" }
    }

    private let lock = NSLock()
    private var locked = true
    private let player: SignedInPlayer

    init(_ player: SignedInPlayer) {
        self.player = player
    }

    func unlock() {
        lock.withLock { locked = false }
    }

    func load(_ key: String) throws -> SignedInPlayer? {
        if lock.withLock({ locked }) { throw Locked() }
        return player
    }

    func save(_ player: SignedInPlayer, as key: String) throws {}
    func delete(_ key: String) throws {}
}
