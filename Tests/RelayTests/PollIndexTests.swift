import Foundation
import RelayCore
import TestSupport
import Testing

@Suite("Poll index: held long-polls", .timeLimit(.minutes(2)))
struct PollIndexTests {
    /// The index's time, moved only by the test.
    private let clock = ManualClock(Date())

    private func pendingLogin(_ hash: String) -> Login {
        Login(
            id: "login-\(hash)", app: "d3", scopes: ["openid"], deviceCodeHash: hash, userCodeHash: "user-\(hash)",
            sealingPublicKey: Data(repeating: 1, count: 32), createdAt: clock.now, expiresAt: clock.now.addingTimeInterval(600),
            interval: 5)
    }

    @Test("slow_down grows the interval by 5 s a time up to its bound, and stays there however fast the client polls")
    func intervalBound() {
        let index = PollIndex(clock: clock.relay)
        index.put(pendingLogin("a"))
        #expect(index.admit("a", now: clock.now, paced: true).pace == .ok, "the first poll is never too fast")
        var intervals: [Int] = []
        for _ in 0..<70 {
            if case .slowDown(let interval) = index.admit("a", now: clock.now, paced: true).pace { intervals.append(interval) }
        }
        #expect(intervals.count == 70)
        #expect(Array(intervals.prefix(3)) == [10, 15, 20])
        #expect(intervals.max() == PollIndex.maxInterval)
        #expect(intervals.suffix(10).allSatisfy { $0 == PollIndex.maxInterval })
    }

    @Test("A change that lands between reading the entry and holding the poll is not lost")
    func changeBeforeHold() async {
        let index = PollIndex(clock: clock.relay)
        index.put(pendingLogin("a"))
        #expect(index.admit("a", now: clock.now, paced: false).entry?.status == .pending)
        index.update("a", status: .approved)
        #expect(await index.wait("a", timeout: .seconds(60)), "answered at once: the clock never reaches its 60 s wait")
        #expect(index.counts.held == 0)
    }

    @Test("A held poll wakes on its login's change, never on another login's, and a cancelled one ends at once")
    func wakeAndCancel() async throws {
        let index = PollIndex(clock: clock.relay)
        index.put(pendingLogin("a"))
        index.put(pendingLogin("b"))
        let held = Task { await index.wait("a", timeout: .seconds(60)) }
        let other = Task { await index.wait("b", timeout: .seconds(60)) }
        try await waitUntil("two held polls") { index.counts.held >= 2 }
        index.update("a", status: .authorizing)
        try await Task.sleep(for: .milliseconds(50))
        #expect(index.counts.held == 2, "opening the provider's page is not news for the poller")
        index.update("a", status: .approved)
        #expect(await held.value)
        #expect(index.counts.held == 1)
        other.cancel()
        #expect(await other.value)
        #expect(index.counts.held == 0)
        #expect(index.entry("b")?.status == .pending)
    }

    @Test("At most two polls are held per login; the third is refused at once")
    func heldLimit() async throws {
        let index = PollIndex(clock: clock.relay)
        index.put(pendingLogin("a"))
        let first = Task { await index.wait("a", timeout: .seconds(60)) }
        let second = Task { await index.wait("a", timeout: .seconds(60)) }
        try await waitUntil("two held polls") { index.counts.held >= 2 }
        #expect(await index.wait("a", timeout: .seconds(60)) == false)
        index.releaseAll()
        #expect(await first.value)
        #expect(await second.value)
        #expect(await index.wait("unknown", timeout: .seconds(60)) == false)
    }

    @Test("A held poll whose wait ends is answered then, not before; polls on one login end at their own times")
    func waitEnds() async throws {
        let index = PollIndex(clock: clock.relay)
        index.put(pendingLogin("a"))
        let long = Task { await index.wait("a", timeout: .seconds(30)) }
        let short = Task { await index.wait("a", timeout: .seconds(1)) }
        try await waitUntil("two held polls") { index.counts.held >= 2 }
        clock.advance(.milliseconds(900))
        // More real time than the short wait: an index on the system's clock would have answered it by now.
        try await Task.sleep(for: .milliseconds(1_500))
        #expect(index.counts.held == 2, "both polls are held until the clock reaches their waits")
        clock.advance(.milliseconds(200))
        #expect(await short.value)
        #expect(index.counts.held == 1, "the 30 s poll is still held")
        clock.advance(.seconds(28))
        try await Task.sleep(for: .milliseconds(100))
        #expect(index.counts.held == 1, "29.1 s into its 30 s wait")
        clock.advance(.seconds(2))
        #expect(await long.value)
        #expect(index.counts.held == 0)
    }

    @Test("A held poll is answered after a clock that jumps past its wait, even by many ticks at once")
    func clockJumps() async throws {
        let index = PollIndex(clock: clock.relay)
        index.put(pendingLogin("a"))
        for _ in 0..<3 {
            let held = Task { await index.wait("a", timeout: .seconds(20)) }
            try await waitUntil("a held poll") { index.counts.held >= 1 }
            clock.advance(.seconds(600))
            #expect(await held.value)
            #expect(index.counts.held == 0)
        }
    }
}
