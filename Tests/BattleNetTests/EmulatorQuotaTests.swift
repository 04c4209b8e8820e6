import BattleNet
import BattleNetEmulator
import Foundation
import TestSupport
import Testing

/// The emulator plays Blizzard's quota per client (100 a second, 36,000 an hour, then 429 with the gateway's body)
/// and game data's caching headers (`Last-Modified`, `Cache-Control: max-age`, 304 for `If-Modified-Since`).
@Suite(.timeLimit(.minutes(2))) struct EmulatorQuotaTests {
    static func emulator(clock: ManualClock, limits: EmulatorAPILimits = EmulatorAPILimits()) -> RunningEmulator {
        var configuration = EmulatorConfiguration(
            clients: [EmulatorClient(credentials: testCredentials, name: "Quota test")], now: clock.reader)
        configuration.apiLimits = limits
        return RunningEmulator.inProcess(configuration: configuration)
    }

    static func get(_ emulator: RunningEmulator, _ path: String, token: AccessToken, headers: [(String, String)] = [])
        async throws -> TransportResponse
    {
        try await emulator.transport.send(TransportRequest(
            url: URL(string: emulator.baseURL.absoluteString + path)!,
            headers: [("Authorization", "Bearer \(token.value)")] + headers))
    }

    @Test func theHundredAndFirstRequestOfASecondIsBlizzards429UntilTheSecondEnds() async throws {
        let clock = ManualClock()
        let emulator = Self.emulator(clock: clock)
        let token = try await emulator.oauthClient().clientCredentialsToken()
        for _ in 0..<100 {
            #expect(try await Self.get(emulator, "/d3/data/act", token: token).status == 200)
        }
        let refused = try await Self.get(emulator, "/d3/data/act", token: token)
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") == "1")
        #expect(String(decoding: refused.body, as: UTF8.self)
            == #"{"code":429,"type":"BLZWEBAPI00000429","detail":"Too Many Requests"}"#)
        clock.advance(.seconds(1))
        #expect(try await Self.get(emulator, "/d3/data/act", token: token).status == 200)
        #expect(await emulator.state.count("api.rate_limited") == 1)
        #expect(await emulator.state.count("api.served") == 101)
    }

    @Test func theHourlyQuotaRefusesUntilTheHourEnds() async throws {
        let clock = ManualClock()
        let emulator = Self.emulator(clock: clock, limits: EmulatorAPILimits(perSecond: 100, perHour: 3))
        let token = try await emulator.oauthClient().clientCredentialsToken()
        for _ in 0..<3 {
            #expect(try await Self.get(emulator, "/data/d3/season/", token: token).status == 200)
            clock.advance(.seconds(10))
        }
        let refused = try await Self.get(emulator, "/data/d3/season/", token: token)
        #expect(refused.status == 429)
        let wait = try #require(refused.header("Retry-After").flatMap(Int.init))
        #expect(wait > 3000 && wait <= 3600)
        clock.advance(.seconds(wait))
        #expect(try await Self.get(emulator, "/data/d3/season/", token: token).status == 200)
    }

    @Test func eachClientHasAQuotaOfItsOwnAndOAuthIsNotCounted() async throws {
        let clock = ManualClock()
        let other = ClientCredentials(id: "other-client", secret: "other-secret-0123456789")
        var configuration = EmulatorConfiguration(
            clients: [EmulatorClient(credentials: testCredentials), EmulatorClient(credentials: other)], now: clock.reader)
        configuration.apiLimits = EmulatorAPILimits(perSecond: 2)
        let emulator = RunningEmulator.inProcess(configuration: configuration)
        let first = try await emulator.oauthClient().clientCredentialsToken()
        for _ in 0..<2 { _ = try await Self.get(emulator, "/hearthstone/metadata", token: first) }
        #expect(try await Self.get(emulator, "/hearthstone/metadata", token: first).status == 429)
        // Token requests are OAuth, not API: the second client still gets its token and its own two calls.
        let second = try await emulator.oauthClient(credentials: other).clientCredentialsToken()
        #expect(try await Self.get(emulator, "/hearthstone/metadata", token: second).status == 200)
    }

    @Test func gameDataCarriesLastModifiedAndMaxAgeAndIfModifiedSinceIs304() async throws {
        let clock = ManualClock()
        let emulator = Self.emulator(clock: clock, limits: EmulatorAPILimits(gameDataMaxAge: 60))
        let token = try await emulator.oauthClient().clientCredentialsToken()
        let path = "/data/d3/season/1/leaderboard/achievement-points"
        let first = try await Self.get(emulator, path, token: token)
        #expect(first.status == 200)
        #expect(first.header("Cache-Control") == "public, max-age=60")
        let modified = try #require(first.header("Last-Modified"))
        #expect(modified == HTTPDate.format(clock.now))
        let revalidated = try await Self.get(emulator, path, token: token, headers: [("If-Modified-Since", modified)])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
        #expect(revalidated.header("Last-Modified") == modified)
        clock.advance(.seconds(5))
        await emulator.state.touchGameData()
        let changed = try await Self.get(emulator, path, token: token, headers: [("If-Modified-Since", modified)])
        #expect(changed.status == 200)
        #expect(changed.body == first.body)
        #expect(changed.header("Last-Modified") == HTTPDate.format(clock.now))
        #expect(await emulator.state.count("api.served") == 2)
        #expect(await emulator.state.count("api.not_modified") == 1)
    }

    @Test func playerDataHasNoCachingHeaders() async throws {
        let emulator = Self.emulator(clock: ManualClock())
        let token = try await emulator.oauthClient().clientCredentialsToken()
        let profile = try await Self.get(emulator, "/d3/profile/FaYe-2543", token: token)
        #expect(profile.status == 200)
        #expect(profile.header("Last-Modified") == nil)
    }

    @Test func httpDatesRoundTrip() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.format(date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == date)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
    }
}
