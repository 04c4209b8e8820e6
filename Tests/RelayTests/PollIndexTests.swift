import Foundation
import RelayCore
import TestSupport
import Testing

@Suite("Poll index: held long-polls", .timeLimit(.minutes(2)))
struct PollIndexTests {
    private func pendingLogin(_ hash: String) -> Login {
        Login(
            id: "login-\(hash)", app: "d3", scopes: ["openid"], deviceCodeHash: hash, userCodeHash: "user-\(hash)",
            sealingPublicKey: Data(repeating: 1, count: 32), createdAt: Date(), expiresAt: Date().addingTimeInterval(600),
            interval: 5)
    }

    @Test("slow_down grows the interval by 5 s a time up to its bound, and stays there however fast the client polls")
    func intervalBound() {
        let index = PollIndex()
        index.put(pendingLogin("a"))
        #expect(index.admit("a", now: Date(), paced: true).pace == .ok, "the first poll is never too fast")
        var intervals: [Int] = []
        for _ in 0..<70 {
            if case .slowDown(let interval) = index.admit("a", now: Date(), paced: true).pace { intervals.append(interval) }
        }
        #expect(intervals.count == 70)
        #expect(Array(intervals.prefix(3)) == [10, 15, 20])
        #expect(intervals.max() == PollIndex.maxInterval)
        #expect(intervals.suffix(10).allSatisfy { $0 == PollIndex.maxInterval })
    }

    @Test("A change that lands between reading the entry and holding the poll is not lost")
    func changeBeforeHold() async {
        let index = PollIndex()
        index.put(pendingLogin("a"))
        #expect(index.admit("a", now: Date(), paced: false).entry?.status == .pending)
        index.update("a", status: .approved)
        let clock = ContinuousClock()
        let started = clock.now
        #expect(await index.wait("a", timeout: .seconds(60)))
        #expect(clock.now - started < .seconds(10), "the poll was answered at once, not after its 60 s wait")
        #expect(index.counts.held == 0)
    }

    @Test("A held poll wakes on its login's change, never on another login's, and a cancelled one ends at once")
    func wakeAndCancel() async throws {
        let index = PollIndex()
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
        let index = PollIndex()
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
        let index = PollIndex()
        index.put(pendingLogin("a"))
        let clock = ContinuousClock()
        let started = clock.now
        async let long = index.wait("a", timeout: .seconds(30))
        #expect(await index.wait("a", timeout: .milliseconds(300)))
        #expect(clock.now - started >= .milliseconds(300))
        #expect(index.counts.held == 1, "the 30 s poll is still held")
        index.update("a", status: .denied)
        #expect(await long)
        #expect(index.counts.held == 0)
    }
}
