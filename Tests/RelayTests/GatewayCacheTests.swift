import BattleNet
import BattleNetEmulator
import Foundation
import RelayApp
import RelayCore
import RelayServer
import TestSupport
import Testing

/// The gateway is an HTTP cache (RFC 9111): hits with `Age` and `Cache-Status`, revalidation with
/// `If-Modified-Since`, stale answers while Blizzard fails (bounded), one upstream request for identical misses.
@Suite(.timeLimit(.minutes(2))) struct GatewayCacheTests {
    /// An in-process emulator whose game data is fresh for `maxAge` seconds.
    static func emulator(maxAge: Int) -> RunningEmulator {
        var configuration = RelayHarness.emulatorConfiguration()
        configuration.apiLimits.gameDataMaxAge = maxAge
        return RunningEmulator.inProcess(configuration: configuration)
    }

    static let leaderboard = "/api/eu/data/d3/season/1/leaderboard/achievement-points"

    @Test func aMissIsStoredAndTheNextAskIsAHitWithAgeAndCacheStatus() async throws {
        let clock = ManualClock(Date())
        try await RelayHarness.withRouter(emulator: Self.emulator(maxAge: 60), clock: clock.relay, { $0.gateway = true }) { relay in
            let miss = try await relay.get(Self.leaderboard)
            #expect(miss.status == 200)
            #expect(miss.header("Cache-Status") == "bnet-relay; fwd=miss; stored")
            #expect(miss.header("Age") == "0")
            #expect(miss.header("Cache-Control") == "public, max-age=60")
            #expect(miss.header("Battlenet-Namespace") == "2-6-eu")
            clock.advance(.seconds(20))
            let hit = try await relay.get(Self.leaderboard)
            #expect(hit.header("Cache-Status") == "bnet-relay; hit; ttl=40")
            #expect(hit.header("Age") == "20")
            #expect(hit.body == miss.body)
            #expect(await relay.emulator.state.count("api.served") == 1)
            let metrics = String(decoding: try await relay.ops("/metrics").body, as: UTF8.self)
            #expect(metrics.contains(#"bnet_relay_gateway_requests_total{result="hit"} 1"#))
            #expect(metrics.contains(#"bnet_relay_gateway_requests_total{result="miss"} 1"#))
        }
    }

    /// `HEAD` is a `GET` without the body: the same headers (with the body's `Content-Length`), stored and answered
    /// from the cache the same way.
    @Test func headHasGetsHeadersNoBodyAndIsCachedTheSame() async throws {
        let clock = ManualClock(Date())
        try await RelayHarness.withRouter(emulator: Self.emulator(maxAge: 60), clock: clock.relay, { $0.gateway = true }) { relay in
            let url = URL(string: relay.baseURL.absoluteString + Self.leaderboard)!
            let head = try await relay.send(TransportRequest(method: "HEAD", url: url))
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Cache-Status") == "bnet-relay; fwd=miss; stored")
            clock.advance(.seconds(5))
            let get = try await relay.get(Self.leaderboard)
            #expect(get.header("Cache-Status") == "bnet-relay; hit; ttl=55", "the HEAD's answer was stored")
            #expect(!get.body.isEmpty)
            let headHit = try await relay.send(TransportRequest(method: "HEAD", url: url))
            #expect(headHit.body.isEmpty)
            #expect(headHit.header("Content-Length") == "\(get.body.count)")
            for name in ["Content-Type", "Cache-Control", "Last-Modified", "Battlenet-Namespace", "Age", "Cache-Status"] {
                #expect(headHit.header(name) == get.header(name), "\(name)")
            }
            #expect(await relay.emulator.state.count("api.served") == 1)
        }
    }

    @Test func aStaleAnswerIsRevalidatedWithIfModifiedSinceAndA304RefreshesIt() async throws {
        let clock = ManualClock(Date())
        try await RelayHarness.withRouter(emulator: Self.emulator(maxAge: 60), clock: clock.relay, { $0.gateway = true }) { relay in
            let first = try await relay.get(Self.leaderboard)
            clock.advance(.seconds(61))
            let revalidated = try await relay.get(Self.leaderboard)
            #expect(revalidated.status == 200)
            #expect(revalidated.header("Cache-Status") == "bnet-relay; fwd=stale; fwd-status=304")
            #expect(revalidated.header("Age") == "0")
            #expect(revalidated.body == first.body)
            #expect(await relay.emulator.state.count("api.served") == 1)
            #expect(await relay.emulator.state.count("api.not_modified") == 1)
            // The caller's own revalidation is answered from the cache.
            let modified = try #require(first.header("Last-Modified"))
            let notModified = try await relay.get(Self.leaderboard, headers: [("If-Modified-Since", modified)])
            #expect(notModified.status == 304)
            #expect(notModified.body.isEmpty)
        }
    }

    @Test func whileBlizzardFailsAStaleAnswerIsServedForBoundedTime() async throws {
        let clock = ManualClock(Date())
        let emulator = Self.emulator(maxAge: 60)
        try await RelayHarness.withRouter(emulator: emulator, clock: clock.relay, { $0.gateway = true }) { relay in
            _ = try await relay.get(Self.leaderboard)
            await emulator.emulator.state.inject(EmulatorFault(pathPrefix: "/data/d3/", kind: .status(503)))
            clock.advance(.seconds(120))
            let stale = try await relay.get(Self.leaderboard)
            #expect(stale.status == 200)
            #expect(stale.header("Cache-Status")?.hasSuffix("detail=stale-if-error") == true)
            #expect(stale.header("Age") == "120")
            clock.advance(.seconds(300))
            let gone = try await relay.get(Self.leaderboard)
            #expect(gone.status == 503)
            #expect(gone.json["error"] as? String == "upstream_unavailable")
            #expect(gone.header("Retry-After") == "60")
        }
    }

    /// Issue 43's "1,000 clients, the same leaderboard, 10,000 times within 60 s", in a few seconds: with `max-age=1`,
    /// Blizzard sends the leaderboard once and answers every later revalidation 304, at most one a second.
    @Test func manyClientsAskingForTheSameLeaderboardCostOneFetchAndA304PerMaxAge() async throws {
        let emulator = Self.emulator(maxAge: 1)
        try await RelayHarness.withRouter(emulator: emulator, { $0.gateway = true }) { relay in
            let started = ContinuousClock.now
            let answered = try await withThrowingTaskGroup(of: Int.self) { group in
                for client in 0..<1_000 {
                    group.addTask {
                        var ok = 0
                        for _ in 0..<10 {
                            let response = try await relay.get(
                                Self.leaderboard, headers: [("X-Client", "\(client)")])
                            if response.status == 200 { ok += 1 }
                            if client == 0 { try await Task.sleep(for: .milliseconds(200)) }
                        }
                        return ok
                    }
                }
                return try await group.reduce(0, +)
            }
            let seconds = (ContinuousClock.now - started) / .seconds(1)
            let state = emulator.emulator.state
            let (served, revalidations) = (await state.count("api.served"), await state.count("api.not_modified"))
            print("gateway: 1,000 clients, 10,000 asks in \(seconds) s; emulator served \(served), answered \(revalidations) 304s")
            #expect(answered == 10_000)
            #expect(served == 1)
            #expect(revalidations <= Int(seconds.rounded(.up)) + 1)
            #expect(await state.count("api.rate_limited") == 0)
        }
    }

    @Test func theCacheDropsTheLeastRecentlyUsedAnswersPastItsSize() async {
        let cache = GatewayCache(capacity: 3_000)
        func answer() -> CachedAnswer {
            CachedAnswer(
                status: 200, headers: [], body: Data(count: 900), storedAt: Date(), policy: CachePolicy(cacheControl: "max-age=60"))
        }
        for key in ["a", "b", "c"] { await cache.store(answer(), for: key) }
        _ = await cache.answer("a")
        await cache.store(answer(), for: "d")
        #expect(await cache.answer("b") == nil)
        #expect(await cache.answer("a") != nil)
        #expect(await cache.usage.bytes <= 3_000)
        await cache.store(CachedAnswer(status: 200, headers: [], body: Data(count: 4_000), storedAt: Date(),
                                       policy: CachePolicy(cacheControl: "max-age=60")), for: "huge")
        #expect(await cache.answer("huge") == nil)
    }

    @Test func cacheControlIsReadAsASharedCacheReadsIt() {
        #expect(CachePolicy(cacheControl: "public, max-age=60") == CachePolicy(cacheControl: "max-age=60"))
        #expect(CachePolicy(cacheControl: "max-age=60, s-maxage=10").maxAge == 10)
        #expect(CachePolicy(cacheControl: "no-cache").maxAge == 0)
        #expect(!CachePolicy(cacheControl: "private, max-age=60").storable)
        #expect(!CachePolicy(cacheControl: "no-store").storable)
        #expect(CachePolicy(cacheControl: "max-age=5, stale-if-error=30").staleIfError == 30)
        #expect(CachePolicy(cacheControl: nil).maxAge == 0)
    }
}
