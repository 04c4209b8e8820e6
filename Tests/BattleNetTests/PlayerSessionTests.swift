import BattleNet
import Foundation
import TestSupport
import Testing

/// `PlayerSession`'s lifecycle without a network: states, one sheet however many callers, cancellation, a token
/// that never opens a sheet, and sign-out, against ``StubRelay`` and an in-memory store.
@Suite("PlayerSession", .timeLimit(.minutes(1)))
struct PlayerSessionTests {
    /// A presenter that approves at once, counting how often a sheet was shown.
    private func approving(_ sheets: Counter) -> @Sendable (SignInAttempt) async throws -> URL? {
        { _ in
            await sheets.increment()
            return StubRelay.approvedCallback()
        }
    }

    private func session(
        _ relay: StubRelay, store: any TokenStore = InMemoryTokenStore(), now: @escaping @Sendable () -> Date = { Date() }
    ) -> PlayerSession {
        PlayerSession(relay: RelaySignIn(relayURL: StubRelay.baseURL, app: "myapp", transport: relay), store: store, now: now)
    }

    @Test("Signed out, signing in, signed in: the stream tells each state, and the player is stored")
    func states() async throws {
        let relay = StubRelay()
        let store = InMemoryTokenStore()
        let session = self.session(relay, store: store)
        #expect(await session.state == .signedOut)
        var states = await session.states().makeAsyncIterator()
        #expect(await states.next() == .signedOut)

        let sheets = Counter()
        let result = await session.signIn(present: approving(sheets))
        let player = try result.player()
        #expect(await states.next() == .signingIn)
        #expect(await states.next() == .signedIn(player))
        #expect(try store.load("default") == player)
        #expect(try await session.token() == player.token)

        let relaunched = self.session(StubRelay(), store: store)
        #expect(await relaunched.state == .signedIn(player), "a relaunched app is signed in from the store")
    }

    @Test("Concurrent and repeated sign-ins open one sheet and share its result")
    func singleSheet() async throws {
        let relay = StubRelay()
        let session = self.session(relay)
        let sheets = Counter()
        let release = Gate()
        let present: @Sendable (SignInAttempt) async throws -> URL? = { _ in
            await sheets.increment()
            try await release.wait()
            return StubRelay.approvedCallback()
        }
        let results = await withTaskGroup(of: SignInResult.self) { group in
            for _ in 0..<5 { group.addTask { await session.signIn(present: present) } }
            try? await waitUntil("the first sign-in sheet") { await sheets.value > 0 }
            try? await Task.sleep(for: .milliseconds(50))
            await release.open()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 5 && Set(results).count == 1)
        #expect(await sheets.value == 1)
        #expect(relay.requests.filter { $0.url.path == "/oauth/device/code" }.count == 1)

        #expect(try await session.signIn(present: present).player() == results[0].player())
        #expect(await sheets.value == 1, "signed in already: no second sheet")
    }

    @Test("token() never opens a sheet: signed out, expired and rejected tokens throw SignInRequired")
    func tokenWithoutSheet() async throws {
        let relay = StubRelay()
        let store = InMemoryTokenStore()
        let clock = Clock()
        let session = self.session(relay, store: store, now: { clock.now })
        await #expect(throws: SignInRequired(.signedOut)) { try await session.token() }
        #expect(relay.requests.isEmpty)

        let player = try await session.signIn(present: approving(Counter())).player()
        clock.advance(by: 86_399 - 30)
        await #expect(throws: SignInRequired(.expired)) { try await session.token() }
        #expect(await session.state == .expired(player), "within the 60 s leeway of expiry")
        #expect(relay.requests.count == 3, "no new sign-in was started")

        clock.advance(by: -86_000)
        let renewed = try await session.signIn(present: approving(Counter())).player()
        await session.tokenWasRejected(renewed.token)
        #expect(await session.state == .expired(renewed))
        #expect(try store.load("default") == nil, "a rejected token is not sent again after a relaunch")
        await #expect(throws: SignInRequired(.expired)) { try await session.token() }
    }

    @Test("Cancelling the caller dismisses the sheet and ends the sign-in as cancelled; the state is restored")
    func cancellation() async throws {
        let relay = StubRelay()
        let session = self.session(relay)
        let sheet = SheetUntilCancelled()
        let waiting = Task { await session.signIn(present: sheet.present) }
        try await sheet.shown.wait()
        #expect(await session.state == .signingIn)
        waiting.cancel()
        #expect(await waiting.value == .cancelled)
        #expect(await sheet.dismissed.value == 1)
        #expect(await session.state == .signedOut)

        // The sheet's own Cancel.
        #expect(await session.signIn { _ in nil } == .cancelled)
        #expect(await session.state == .signedOut)
    }

    @Test("Sign-out forgets the player in memory and in the store, revokes the token, and ends a sign-in in progress")
    func signOut() async throws {
        let relay = StubRelay()
        let store = InMemoryTokenStore()
        let session = self.session(relay, store: store)
        let player = try await session.signIn(present: approving(Counter())).player()
        try await session.signOut()
        #expect(await session.state == .signedOut)
        #expect(try store.load("default") == nil)
        await #expect(throws: SignInRequired(.signedOut)) { try await session.token() }
        let revocation = try #require(relay.forms(of: "/oauth/revoke").first)
        #expect(revocation.map(\.0) == ["token", "token_type_hint", "client_id"])
        #expect(revocation.first?.1 == player.token.value)

        // A relay without revocation: signed out all the same, without an error.
        relay.revokes = false
        _ = try await session.signIn(present: approving(Counter())).player()
        try await session.signOut()
        #expect(await session.state == .signedOut)
        #expect(relay.forms(of: "/oauth/revoke").count == 2)

        let sheetUp = Gate()
        let release = Gate()
        let signingIn = Task {
            await session.signIn { _ in
                await sheetUp.open()
                try await release.wait()
                return StubRelay.approvedCallback()
            }
        }
        try await sheetUp.wait()
        try await session.signOut()
        #expect(await signingIn.value == .cancelled)
        #expect(await session.state == .signedOut)
        #expect(try store.load("default") == nil)
    }

    @Test("A stored expired player is expired; a store that cannot save leaves the player signed in for this launch")
    func storeEdges() async throws {
        let relay = StubRelay()
        let store = InMemoryTokenStore()
        let player = try await self.session(relay, store: store).signIn(present: approving(Counter())).player()
        let later = self.session(relay, store: store, now: { Date().addingTimeInterval(2 * 86_400) })
        #expect(await later.state == .expired(player))

        let failing = self.session(StubRelay(), store: FailingStore())
        let result = await failing.signIn(present: approving(Counter()))
        guard case .failed(let failure) = result else { Issue.record("got \(result)"); return }
        #expect(failure.reason == .tokenStore)
        #expect(failure.description.contains("disk full"))
        guard case .signedIn = await failing.state else { Issue.record("not signed in for this launch"); return }
    }

    #if canImport(Observation)
    @Test("ObservablePlayerSession follows the session's state")
    @MainActor
    func observable() async throws {
        let session = self.session(StubRelay())
        let account = ObservablePlayerSession(session)
        let player = try await session.signIn(present: approving(Counter())).player()
        for _ in 0..<200 where account.state != .signedIn(player) {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(account.state == .signedIn(player))
        try await session.signOut()
        for _ in 0..<200 where account.state != .signedOut {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(account.state == .signedOut)
    }
    #endif

    @Test("Errors describe themselves to localizedDescription, with a recovery suggestion")
    func localizedErrors() {
        let errors: [any LocalizedError] = [
            SignInRequired(.expired), SignInFailure(.insecureRelay, "Refusing the relay."),
            SignInEnded(result: .denied), BattleNetError.timeout, DeviceFlowError.expired,
            KeychainError(status: KeychainError.missingEntitlement, operation: "save"),
            PrivateFiles.Failure(description: "x is a symbolic link"), BattleTag.ParseError.empty,
            FormEncoding.DecodingError.notUTF8,
        ]
        for error in errors {
            #expect(error.errorDescription?.isEmpty == false, "\(error)")
            #expect(error.recoverySuggestion?.isEmpty == false, "\(error)")
            #expect((error as any Error).localizedDescription == error.errorDescription, "\(error)")
        }
        let keychain = KeychainError(status: -34018, operation: "save", systemMessage: "A required entitlement isn't present.")
        #expect(keychain.description.contains("signed app"))
        #expect(keychain.recoverySuggestion?.contains("dataProtection: false") == true)
    }
}

/// A clock a test moves by hand.
private final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    var now: Date { lock.withLock { Date().addingTimeInterval(offset) } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { offset += seconds }
    }
}

/// A store whose saves fail.
private struct FailingStore: TokenStore {
    struct Full: LocalizedError {
        var errorDescription: String? { "disk full" }
    }

    func load(_ key: String) throws -> SignedInPlayer? { nil }
    func save(_ player: SignedInPlayer, as key: String) throws { throw Full() }
    func delete(_ key: String) throws {}
}
