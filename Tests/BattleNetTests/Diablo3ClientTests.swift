import BattleNet
import BattleNetDiablo3
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import Testing

@Suite("Diablo III client against the emulator", .timeLimit(.minutes(2)))
struct Diablo3ClientTests {
    let faye = try! BattleTag(parsing: "FaYe#2543")

    @Test("Profile, hero, items, follower items and acts come back decoded")
    func happyPath() async throws {
        try await withEmulator { emulator in
            let d3 = emulator.diablo3()
            let profile = try await d3.profile(faye)
            #expect(profile.battleTag == faye)
            #expect(profile.paragonLevel == 1740)
            let hero = try await d3.hero(faye, id: 104_729_462)
            #expect(hero.name == "BITCONNEEECT")
            #expect(hero.heroClass == .necromancer)
            let items = try await d3.heroItems(faye, id: 104_729_462)
            #expect(items[.head]?.name == "Pestilence Mask")
            let followers = try await d3.followerItems(faye, id: 104_729_462)
            #expect(followers["templar"] != nil)
            let acts = try await d3.acts()
            #expect(acts.acts.map(\.number) == [1, 2, 3, 4, 5])
            let act = try await d3.act(1)
            #expect(act.name == "Act I")
        }
    }

    @Test("Non-ASCII BattleTags reach the API percent-encoded", arguments: ["전사#3100", "Зоя#2207", "Zoë#1999"])
    func nonASCII(tag: String) async throws {
        try await withEmulator { emulator in
            let battleTag = try BattleTag(parsing: tag)
            let profile = try await emulator.diablo3().profile(battleTag)
            #expect(profile.battleTag == battleTag)
            #expect(profile.heroes.count == 3)
        }
    }

    @Test("An unknown profile is notFound in both shapes seen in the wild", arguments: [NotFoundStyle.gateway404, .legacy200])
    func notFound(style: NotFoundStyle) async throws {
        try await withEmulator(notFoundStyle: style) { emulator in
            let d3 = emulator.diablo3()
            let nobody = try BattleTag(parsing: "Nobody#1")
            await #expect(throws: BattleNetError.notFound("The Diablo III profile of Nobody#1")) {
                try await d3.profile(nobody)
            }
            await #expect(throws: BattleNetError.notFound("Hero 1 of FaYe#2543")) {
                try await d3.hero(faye, id: 1)
            }
            let wrongCase = try BattleTag(parsing: "faye#2543")
            await #expect(throws: BattleNetError.notFound("The Diablo III profile of faye#2543")) {
                try await d3.profile(wrongCase)
            }
        }
    }

    @Test("403, 500, malformed JSON, a dropped connection and a slow answer are distinct errors")
    func faults() async throws {
        // Over a socket: a dropped connection is the point of one case.
        try await withEmulator(via: .sockets) { emulator in
            // An ordinary timeout for the answered faults (a loaded machine can take over a second), a short one for
            // the slow answer.
            let d3 = emulator.diablo3()
            _ = try await d3.acts()
            let cases: [(EmulatorFault.Kind, BattleNetError, Diablo3Client)] = [
                (.status(403), .forbidden("the act index"), d3),
                (.status(500), .serverError(status: 500), d3),
                (.status(502), .serverError(status: 502), d3),
                (.malformedJSON, .malformedResponse("The act index could not be decoded"), d3),
                (.latency(milliseconds: 6_000), .timeout, emulator.diablo3(timeout: .seconds(2))),
            ]
            for (kind, expected, client) in cases {
                await emulator.state.inject(EmulatorFault(pathPrefix: "/d3/data", kind: kind, count: 1))
                await #expect(throws: expected) { try await client.acts() }
            }
            await emulator.state.inject(EmulatorFault(pathPrefix: "/d3/data", kind: .dropConnection, count: 1))
            do {
                _ = try await d3.acts()
                Issue.record("a dropped connection succeeded")
            } catch BattleNetError.unreachable(let reason) {
                #expect(!reason.isEmpty)
            }
            _ = try await d3.acts()
        }
    }

    @Test("429 is retried after Retry-After, and reported once the bounded retries are spent")
    func rateLimited() async throws {
        try await withEmulator { emulator in
            let d3 = emulator.diablo3(retry: RateLimitRetry(maxRetries: 2, maxDelay: .seconds(2)))
            _ = try await d3.acts()
            let before = await emulator.state.count("d3")
            await emulator.state.inject(EmulatorFault(pathPrefix: "/d3", kind: .rateLimited(retryAfterSeconds: 1), count: 1))
            let clock = ContinuousClock()
            let start = clock.now
            _ = try await d3.acts()
            #expect(clock.now - start >= .seconds(1))
            #expect(await emulator.state.count("d3") == before + 1)

            await emulator.state.inject(EmulatorFault(pathPrefix: "/d3", kind: .rateLimited(retryAfterSeconds: 0)))
            await #expect(throws: BattleNetError.rateLimited(retryAfter: .seconds(0))) { try await d3.acts() }
            await emulator.state.clearFaults()

            await emulator.state.inject(EmulatorFault(pathPrefix: "/d3", kind: .rateLimited(retryAfterSeconds: 60), count: 1))
            let quick = clock.now
            await #expect(throws: BattleNetError.rateLimited(retryAfter: .seconds(60))) { try await d3.acts() }
            #expect(clock.now - quick < .seconds(10), "the client waited out a 60 s Retry-After")
        }
    }

    @Test("An invalid user token is invalidToken; an oversized body is refused")
    func tokenAndSize() async throws {
        try await withEmulator { emulator in
            let bogus = AccessToken(value: "bogus", expiresAt: Date().addingTimeInterval(3600))
            let d3 = emulator.diablo3(tokens: StaticTokenSource(bogus))
            await #expect(throws: BattleNetError.invalidToken) { try await d3.profile(faye) }

            let expired = AccessToken(value: "old", expiresAt: Date().addingTimeInterval(-1))
            await #expect(throws: BattleNetError.invalidToken) {
                try await emulator.diablo3(tokens: StaticTokenSource(expired)).acts()
            }

            let small = emulator.diablo3(maxResponseBytes: 1_000)
            await #expect(throws: BattleNetError.responseTooLarge(limit: 1_000)) { try await small.profile(faye) }
        }
    }

    @Test("The token travels in the Authorization header, never in the query string")
    func bearerHeader() async throws {
        try await withEmulator { emulator in
            let token = try await emulator.oauthClient().clientCredentialsToken()
            let inQuery = try await emulator.transport.send(TransportRequest(
                url: emulator.baseURL.appending(path: "d3/data/act").appendingQuery([("access_token", token.value)])))
            #expect(inQuery.status == 401)
            let acts = try await emulator.diablo3(tokens: StaticTokenSource(token)).acts()
            #expect(acts.acts.count == 5)
        }
    }
}
