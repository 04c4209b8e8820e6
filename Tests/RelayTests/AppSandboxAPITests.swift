import BattleNet
import BattleNetDiablo3
import BattleNetURLSession
import Foundation
import TestSupport
import Testing

/// An app signed in at the real `bnet-relay` in sandbox mode reads the sandbox's data without naming an API base: the
/// relay's metadata names its emulator (`sandbox_api_url`), the player carries it from the sign-in, and the clients on
/// the session call it, as the DocC examples print them (issue 45 item 6).
@Suite("An app session follows a sandbox relay's API", .serialized, .timeLimit(.minutes(2)))
struct AppSandboxAPITests {
    @Test("Signed in at a sandbox relay, clients with no API base read Diablo III data from its emulator; a named base wins")
    func sandboxData() async throws {
        try await withSandboxRelay { relay, emulator in
            let store = InMemoryTokenStore()
            let session = PlayerSession(relay: relay.signIn(), store: store)
            let player = try await session.signIn { attempt in try await PlayerBrowser().signIn(at: attempt.url) }.player()
            #expect(player.apiBaseURL.flatMap(WebOrigin.init) == WebOrigin(emulator), "the relay's sandbox_api_url")

            // BattleNetDiablo3's catalog example as printed, but for a transport that records where each call went.
            let calls = CallRecorder()
            let d3 = Diablo3Client(region: .eu, tokens: session, transport: calls)
            let profile = try await d3.profile(BattleTag(parsing: "FaYe#2543"))
            let board = try await d3.seasonLeaderboard("rift-barbarian", season: 19)
            #expect(!profile.heroes.isEmpty && !board.rows.isEmpty)
            #expect(Set(calls.urls.map(WebOrigin.init)) == [WebOrigin(emulator)], "\(calls.urls)")

            // TestingAnApp's sandbox example: a relaunched app, its player read from the store.
            let relaunched = PlayerSession(relay: relay.signIn(), store: store)
            let d3Again = Diablo3Client(region: .us, tokens: relaunched, transport: URLSessionTransport.shared)
            #expect(try await d3Again.acts().acts.count == 5)

            let unreachable = try #require(URL(string: "http://127.0.0.1:1"))
            let named = Diablo3Client(region: .us, apiBaseURL: unreachable, tokens: session, transport: calls)
            await #expect(throws: BattleNetError.self) { try await named.acts() }
            #expect(calls.urls.last.flatMap(WebOrigin.init) == WebOrigin(unreachable), "the app's own base wins")
        }
    }
}

/// URLSession's transport, recording every URL it is sent to.
private final class CallRecorder: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [URL] = []
    var urls: [URL] { lock.withLock { sent } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        lock.withLock { sent.append(request.url) }
        return try await URLSessionTransport.shared.send(request)
    }
}
