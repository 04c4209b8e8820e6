import BattleNet
import BattleNetHTTPClient
import Foundation
import RelayCore
import TestSupport
import Testing

/// Crash safety: the relay is killed with SIGKILL at random moments while logins run, and restarted. Every login
/// whose callback was answered with success must still be collectable exactly once; nothing is collected twice.
/// `BNET_RELAY_CRASH_KILLS` sets the number of kills (default 12; scripts/crash-test.sh runs longer).
@Suite("Crash safety under SIGKILL", .timeLimit(.minutes(3)))
struct CrashTests {
    /// What the test knows about a login it drove.
    final class Ledger: @unchecked Sendable {
        private let lock = NSLock()
        private var acknowledged: [StartedLogin] = []
        private var collected: Set<String> = []
        /// Pickups sent without an answer: the relay may have handed the token out just before it was killed.
        private var inDoubt: Set<String> = []

        func acknowledge(_ login: StartedLogin) { lock.withLock { acknowledged.append(login) } }
        func pickingUp(_ login: StartedLogin) { lock.withLock { _ = inDoubt.insert(login.deviceCode) } }
        func collect(_ login: StartedLogin) {
            lock.withLock {
                inDoubt.remove(login.deviceCode)
                collected.insert(login.deviceCode)
            }
        }
        func answered(_ login: StartedLogin) { lock.withLock { _ = inDoubt.remove(login.deviceCode) } }
        var acknowledgedCount: Int { lock.withLock { acknowledged.count } }
        var snapshot: (acknowledged: [StartedLogin], collected: Set<String>, inDoubt: Set<String>) {
            lock.withLock { (acknowledged, collected, inDoubt) }
        }
    }

    @Test("Killed at random moments and restarted, the relay loses no acknowledged login and never hands a token out twice")
    func sigkill() async throws {
        let kills = ProcessInfo.processInfo.environment["BNET_RELAY_CRASH_KILLS"].flatMap(Int.init) ?? 12
        try await withRelayRig("crash") { rig in try await Self.killAndRestart(rig, kills: kills) }
    }

    private static func killAndRestart(_ rig: RelayRig, kills: Int) async throws {
        let keyPath = rig.directory.appending(path: "seal.key").path
        try RelayKey.write(to: keyPath)
        let ledger = Ledger()

        for _ in 0..<kills {
            let relay = try await rig.start(["--seal-key-file", keyPath])
            let driver = Task {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            while !Task.isCancelled {
                                await Self.drive(relay, ledger: ledger)
                            }
                        }
                    }
                }
            }
            // Each round acknowledges at least one login before its kill (however slow the machine), then kills at a
            // random moment while the drivers are mid-flight.
            let before = ledger.acknowledgedCount
            // (A round that acknowledges none in 20 s goes on: the count below then says too few completed.)
            try? await waitUntil("a login acknowledged before the kill", within: .seconds(20)) { ledger.acknowledgedCount > before }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...350)))
            await relay.stop(signal: SIGKILL)
            driver.cancel()
            await driver.value
        }

        let relay = try await rig.start(["--seal-key-file", keyPath])
        let state = ledger.snapshot
        #expect(state.acknowledged.count >= kills, "too few logins completed to prove anything")
        // Each acknowledged login not collected yet must hand out its token now. The one exception: a pickup the
        // kill cut off may have been committed, and tokens are single-use, so such a login answers invalid_grant.
        var recovered = 0
        var handedOutAtKill = 0
        var lost = 0
        for login in state.acknowledged where !state.collected.contains(login.deviceCode) {
            let response = try await relay.poll(login, wait: 1, timeout: .seconds(5))
            if response.status == 200 {
                recovered += 1
            } else if state.inDoubt.contains(login.deviceCode), response.json["error"] as? String == "invalid_grant" {
                handedOutAtKill += 1
            } else {
                lost += 1
                Issue.record("an acknowledged login was lost: \(response.status) \(response.json)")
            }
        }
        // Every login has now been collected once: a second token for any of them is a token handed out twice.
        var twice = 0
        for login in state.acknowledged {
            let again = try await relay.poll(login, wait: 1, timeout: .seconds(5))
            if again.status == 200 { twice += 1 }
            #expect(again.status == 400 && again.json["error"] as? String == "invalid_grant",
                    "a second pickup was answered \(again.status) \(again.json)")
        }
        await relay.stop()
        print("crash test: \(kills) kills, \(state.acknowledged.count) acknowledged logins, \(state.collected.count) collected before a kill, \(recovered) collected after restarts, \(handedOutAtKill) handed out as a kill cut the answer off, \(lost) lost, \(twice) handed out twice")
    }

    /// One login as far as it gets: start, confirm, approve, callback, and sometimes an immediate pickup.
    private static func drive(_ relay: RelayProcess, ledger: Ledger) async {
        do {
            let started = try await relay.post("/oauth/device/code", form: [("client_id", "d3")], timeout: .seconds(2))
            guard started.status == 200, let deviceCode = started.json["device_code"] as? String,
                let userCode = started.json["user_code"] as? String
            else { return }
            let login = StartedLogin(
                deviceCode: deviceCode, userCode: userCode, verificationURI: relay.baseURL,
                verificationURIComplete: relay.baseURL.appending(path: "device").appendingQuery([("user_code", userCode)]),
                interval: 5, app: "d3")
            let person = PlayerBrowser(timeout: .seconds(2))
            let callback = try await person.decide(try await person.confirm(at: login.verificationURIComplete))
            let done = try await PlayerBrowser(cookies: person.cookies, timeout: .seconds(3)).follow(callback)
            guard done.status == 200, done.text.contains("Signed in") else { return }
            ledger.acknowledge(login)
            if Bool.random() {
                ledger.pickingUp(login)
                let token = try await relay.poll(login, wait: 1, timeout: .seconds(5))
                if token.status == 200 { ledger.collect(login) } else { ledger.answered(login) }
            }
        } catch {
            return
        }
    }
}
