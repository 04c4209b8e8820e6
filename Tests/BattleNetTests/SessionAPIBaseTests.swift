import BattleNet
import Foundation
import Testing

/// Where an app session's API calls go when the app names no API base: the API a sandbox relay names in its metadata
/// (`sandbox_api_url`), recorded with the player at sign-in, else the region's Blizzard host; a named base wins.
@Suite("A session's API base", .timeLimit(.minutes(1)))
struct SessionAPIBaseTests {
    private func signedIn(_ relay: StubRelay, store: any TokenStore = InMemoryTokenStore()) async throws -> (PlayerSession, SignedInPlayer) {
        let session = PlayerSession(
            relay: RelaySignIn(relayURL: StubRelay.baseURL, app: "myapp", transport: relay), store: store)
        let player = try await session.signIn { _ in StubRelay.approvedCallback() }.player()
        return (session, player)
    }

    /// The URL and the `Authorization` header of the API call `api` makes for `d3/data/act`.
    private func call(_ api: BlizzardAPI, on relay: StubRelay) async -> (url: String?, authorization: String?) {
        _ = try? await api.data("d3/data/act")
        let request = relay.requests.last { $0.url.path.hasSuffix("d3/data/act") }
        return (request?.url.absoluteString, request?.headers.first { $0.name == "Authorization" }?.value)
    }

    @Test("A sandbox relay's API goes with the player: the session's clients call it with the player's token; a named base wins")
    func sandboxAPI() async throws {
        let relay = StubRelay()
        relay.sandboxAPI = "https://relay.example.com:8081/"
        let (session, player) = try await signedIn(relay)
        #expect(player.apiBaseURL?.absoluteString == "https://relay.example.com:8081/")

        let api = BlizzardAPI(region: .eu, tokens: session, transport: relay)
        let sent = await call(api, on: relay)
        #expect(sent.url == "https://relay.example.com:8081/d3/data/act?locale=en_GB")
        #expect(sent.authorization == "Bearer \(player.token.value)")
        #expect(api.apiBaseURL == Region.eu.apiBaseURL, "the base named at creation: none, so the region's")

        let named = BlizzardAPI(region: .eu, apiBaseURL: URL(string: "https://test.example")!, tokens: session, transport: relay)
        #expect(await call(named, on: relay).url == "https://test.example/d3/data/act?locale=en_GB")

        try await session.signOut()
        let before = relay.requests.count
        await #expect(throws: SignInRequired(.signedOut)) { try await api.data("d3/data/act") }
        #expect(relay.requests.count == before, "signed out: no call, to the sandbox or anywhere")
    }

    @Test("Without sandbox_api_url, or with one off the relay's host, the token goes to the region's API host", arguments: [
        nil, "https://evil.example/api", "http://127.0.0.1:8081", "relay.example.com:8081",
    ])
    func regionHost(named: String?) async throws {
        let relay = StubRelay()
        relay.sandboxAPI = named
        let (session, player) = try await signedIn(relay)
        #expect(player.apiBaseURL == nil)
        let sent = await call(BlizzardAPI(region: .eu, tokens: session, transport: relay), on: relay)
        #expect(sent.url == "https://eu.api.blizzard.com/d3/data/act?locale=en_GB")
    }

    @Test("A stored player keeps its API across launches; one stored without it (0.2 and earlier) reads back with none")
    func stored() async throws {
        let relay = StubRelay()
        relay.sandboxAPI = "https://relay.example.com:8081"
        let store = InMemoryTokenStore()
        let (_, player) = try await signedIn(relay, store: store)
        let saved = try JSONEncoder().encode(player)
        #expect(try JSONDecoder().decode(SignedInPlayer.self, from: saved) == player)
        #expect(player.description.contains("api: https://relay.example.com:8081"))

        let relaunched = PlayerSession(relay: RelaySignIn(relayURL: StubRelay.baseURL, app: "myapp", transport: relay), store: store)
        let sent = await call(BlizzardAPI(region: .us, tokens: relaunched, transport: relay), on: relay)
        #expect(sent.url == "https://relay.example.com:8081/d3/data/act?locale=en_US")

        var object = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        object["apiBaseURL"] = nil
        let older = try JSONDecoder().decode(SignedInPlayer.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(older.apiBaseURL == nil && older.token == player.token)
    }
}
