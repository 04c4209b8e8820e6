import BattleNet
import Foundation
import RelayCore
import RelayServer
import Testing

@Suite("Abuse under concurrency", .timeLimit(.minutes(2)))
struct AbuseTests {
    /// The most requests a bucket of `burst`, refilled at `perMinute`, lets through in `elapsed`.
    static func allowance(burst: Int, perMinute: Double, elapsed: Duration) -> Int {
        burst + Int((elapsed.timeInterval * perMinute / 60).rounded(.up))
    }

    /// Sends `count` requests at once and returns their statuses.
    static func concurrently(_ count: Int, _ send: @escaping @Sendable (Int) async throws -> TransportResponse) async throws
        -> (statuses: [Int: Int], responses: [TransportResponse], elapsed: Duration)
    {
        let clock = ContinuousClock()
        let started = clock.now
        let responses = try await withThrowingTaskGroup(of: TransportResponse.self) { group in
            for index in 0..<count { group.addTask { try await send(index) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let statuses = Dictionary(grouping: responses, by: \.status).mapValues(\.count)
        return (statuses, responses, clock.now - started)
    }

    @Test("200 concurrent user-code guesses from one address get the burst of 404s and 429s for the rest")
    func codeGuesses() async throws {
        try await withRelay(via: .sockets, { $0.codeEntriesPerMinute = 10; $0.trustedProxies = ["127.0.0.1"] }) { relay in
            let guesser = [(name: "X-Forwarded-For", value: "203.0.113.7")]
            let began = ContinuousClock.now
            let (statuses, responses, elapsed) = try await Self.concurrently(200) { _ in
                try await relay.get("/device?user_code=" + UserCode.generate(), headers: guesser)
            }
            let answered = statuses[404, default: 0]
            #expect(statuses[404, default: 0] + statuses[429, default: 0] == 200, "\(statuses)")
            #expect(answered >= 10)
            #expect(answered <= Self.allowance(burst: 10, perMinute: 10, elapsed: elapsed), "\(statuses) in \(elapsed)")
            #expect(responses.filter { $0.status == 429 }.allSatisfy { $0.header("Retry-After") == "60" })

            let neighbour = try await relay.get("/device?user_code=BCDF-GHJK", headers: [("X-Forwarded-For", "203.0.113.8")])
            #expect(neighbour.status == 404, "another address has its own budget")
            let again = try await relay.get("/device?user_code=BCDF-GHJK", headers: guesser)
            // The bucket (10, refilled one every 6 s) holds a whole guess again only if the run was slow enough.
            let refilled = (ContinuousClock.now - began).timeInterval / 6
            if Double(answered) > 9 + refilled {
                #expect(again.status == 429, "the guesser is still limited")
            } else {
                #expect([404, 429].contains(again.status), "\(again.status) after \(answered) answered guesses")
            }
        }
    }

    @Test("200 concurrent login starts from one address are limited, however X-Forwarded-For varies")
    func loginStarts() async throws {
        let relay = try await RelayHarness.start({ $0.startsPerMinute = 5 })
        do {
            let (statuses, responses, elapsed) = try await Self.concurrently(200) { index in
                try await relay.post(
                    "/oauth/device/code", form: [("client_id", "d3")], headers: [("X-Forwarded-For", "198.51.100.\(index % 250)")])
            }
            let started = statuses[200, default: 0]
            #expect(started + statuses[429, default: 0] == 200, "\(statuses)")
            #expect(started >= 5)
            #expect(started <= Self.allowance(burst: 5, perMinute: 5, elapsed: elapsed), "\(statuses) in \(elapsed)")
            for refused in responses where refused.status == 429 {
                #expect(refused.json["error"] as? String == "slow_down")
                #expect(refused.header("Retry-After") == "60")
            }
            #expect(relay.service.index.counts.logins == started, "every refused start left nothing behind")
        } catch {
            await relay.stop()
            throw error
        }
        await relay.stop()
    }
}
