import BattleNet
import Foundation
import RelayApp
import RelayCore
import RelayServer
import TestSupport
import Testing

@Suite("Abuse under concurrency", .timeLimit(.minutes(2)))
struct AbuseTests {
    /// Sends `count` requests at once and returns their statuses.
    static func concurrently(_ count: Int, _ send: @escaping @Sendable (Int) async throws -> TransportResponse) async throws
        -> (statuses: [Int: Int], responses: [TransportResponse])
    {
        let responses = try await withThrowingTaskGroup(of: TransportResponse.self) { group in
            for index in 0..<count { group.addTask { try await send(index) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        return (Dictionary(grouping: responses, by: \.status).mapValues(\.count), responses)
    }

    @Test("200 concurrent user-code guesses from one address get exactly the burst of 404s and 429s for the rest, until the clock refills one")
    func codeGuesses() async throws {
        // Over real sockets, on a clock only the test moves: however slow the run, no guess is refilled meanwhile.
        let clock = ManualClock(Date())
        let configure: (inout RelayConfiguration) -> Void = { $0.codeEntriesPerMinute = 10; $0.trustedProxies = ["127.0.0.1"] }
        try await withRelay({ try await RelayHarness.start(clock: clock.relay, configure) }) { relay in
            let guesser = [(name: "X-Forwarded-For", value: "203.0.113.7")]
            let (statuses, responses) = try await Self.concurrently(200) { _ in
                try await relay.get("/device?user_code=" + UserCode.generate(), headers: guesser)
            }
            #expect(statuses[404, default: 0] == 10, "\(statuses)")
            #expect(statuses[429, default: 0] == 190, "\(statuses)")
            #expect(responses.filter { $0.status == 429 }.allSatisfy { $0.header("Retry-After") == "60" })

            let neighbour = try await relay.get("/device?user_code=BCDF-GHJK", headers: [("X-Forwarded-For", "203.0.113.8")])
            #expect(neighbour.status == 404, "another address has its own budget")
            #expect(try await relay.get("/device?user_code=BCDF-GHJK", headers: guesser).status == 429, "still limited")
            clock.advance(.seconds(7))
            #expect(try await relay.get("/device?user_code=BCDF-GHJK", headers: guesser).status == 404, "7 s refill a guess (one in 6 s)")
            #expect(try await relay.get("/device?user_code=BCDF-GHJK", headers: guesser).status == 429)
        }
    }

    @Test("200 concurrent login starts from one address are limited, however X-Forwarded-For varies")
    func loginStarts() async throws {
        let relay = try await RelayHarness.start(clock: ManualClock(Date()).relay, { $0.startsPerMinute = 5 })
        do {
            let (statuses, responses) = try await Self.concurrently(200) { index in
                try await relay.post(
                    "/oauth/device/code", form: [("client_id", "d3")], headers: [("X-Forwarded-For", "198.51.100.\(index % 250)")])
            }
            let started = statuses[200, default: 0]
            #expect(started == 5, "the burst, on a clock that stands still: \(statuses)")
            #expect(statuses[429, default: 0] == 195, "\(statuses)")
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
