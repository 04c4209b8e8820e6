import BattleNet
import BattleNetEmulator
import Foundation
import InMemoryLogging
import Logging
import RelayApp
import RelayCore
import RelayServer
import TestSupport
import Testing

/// One budget per Blizzard client on the store: sign-ins keep their reserve, each client network its fair share,
/// Blizzard's 429 is obeyed by every relay on the database, and no caller ever sees Blizzard's 429.
@Suite(.timeLimit(.minutes(2))) struct GatewayBudgetTests {
    /// A gateway relay on the SQLite file `database` (its callers, in process, are one client network).
    static func share(_ configuration: inout RelayConfiguration, _ database: String, perSecond: Int = 100) {
        configuration.gateway = true
        configuration.database = .sqlite(path: database)
        configuration.upstreamRequestsPerSecond = perSecond
    }

    @Test func theGatewayLeavesTheSignInReserveAndEachNetworkGetsAQuarter() async throws {
        let clock = ManualClock()
        let ledger = MemoryLedger()
        let budget = UpstreamBudget(limits: .init(perSecond: 20, perHour: 1_000), client: "c", ledger: ledger, clock: clock.relay)
        // The gateway's second is half of the 16 the reserve leaves: 8, of which one network may take 2.
        #expect(await budget.admitGateway(network: "n0") == .go)
        #expect(await budget.admitGateway(network: "n0") == .go)
        #expect(await budget.admitGateway(network: "n0") == .wait(seconds: 1, reason: .networkShare))
        for network in 1...3 {
            for _ in 0..<2 { #expect(await budget.admitGateway(network: "n\(network)") == .go) }
        }
        #expect(await budget.admitGateway(network: "n4") == .wait(seconds: 1, reason: .budget))
        // The reserve: sign-ins still find 12 of the second's 20.
        let signIns = BudgetWindows(at: clock.now, perSecond: 20, perHour: 1_000)
        #expect(try await ledger.take(20, client: "c", windows: signIns) == 12)
        clock.advance(.seconds(1))
        #expect(await budget.admitGateway(network: "n4") == .go)
    }

    /// Blizzard counts its own seconds, which need not fall where the relay's do: callers who start asking late in
    /// one of the relay's seconds get that second's share and the next one's within a tenth of a second, and both
    /// must fit in one of Blizzard's beside the sign-ins' reserve. Any second, whatever its phase, holds at most two
    /// of the gateway's (40 + 40 of 100).
    @Test func noSecondOfBlizzardsMeetsMoreThanTwoOfTheGatewaysAndTheReserve() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000.905))
        let budget = UpstreamBudget(limits: .init(perSecond: 100, perHour: 36_000), client: "c", ledger: MemoryLedger(), clock: clock.relay)
        var admitted: [Int] = []  // in steps of 10 ms from the start
        for step in 0..<300 {
            for caller in 0..<40 where await budget.admitGateway(network: "n\(caller)") == .go { admitted.append(step) }
            clock.advance(.milliseconds(10))
        }
        let busiest = (0..<200).map { start in admitted.count(where: { $0 >= start && $0 < start + 100 }) }.max() ?? 0
        print("budget phase: \(admitted.count) admitted in 3 s, at most \(busiest) in any second")
        #expect(busiest + 20 <= 100)
        // The budget is still spent: each whole second of the relay's holds its 40.
        #expect(admitted.count(where: { $0 >= 10 && $0 < 110 }) == 40)
    }

    /// A ledger whose store is down, as a PostgreSQL outage leaves the real ones: each take and pause read throws.
    struct DownLedger: UpstreamLedger {
        func take(_ count: Int, client: String, windows: BudgetWindows) async throws -> Int {
            throw LoginStoreUnavailable(reason: "PostgreSQL did not answer within 3 seconds")
        }
        func pause(client: String, until: Date) async throws {}
        func pausedUntil(client: String) async throws -> Date? { nil }
    }

    /// A store that fails refuses the gateway's misses with the relay's 429 and says so in the log, once a second,
    /// in the store's words: before, each failure was a silent "budget" refusal (which hid a deadlock).
    @Test func aLedgerThatFailsIsLoggedOnceASecondAndRefusesTheGateway() async throws {
        let clock = ManualClock()
        let logs = LogCapture()
        let budget = UpstreamBudget(
            limits: .init(perSecond: 100, perHour: 36_000), client: "c", ledger: DownLedger(), clock: clock.relay,
            logger: logs.logger)
        for network in 0..<3 { #expect(await budget.admitGateway(network: "n\(network)") == .wait(seconds: 1, reason: .budget)) }
        await budget.recordSignIn()
        clock.advance(.seconds(1))
        #expect(await budget.admitGateway(network: "n0") == .wait(seconds: 1, reason: .budget))
        let warnings = logs.handler.entries.filter { $0.level == .warning }
        #expect(warnings.count == 2, "\(logs.text)")
        #expect(warnings.allSatisfy { "\($0.message)".contains("upstream budget: the store did not answer") }, "\(logs.text)")
        #expect(logs.text.contains("PostgreSQL did not answer within 3 seconds"), "\(logs.text)")
    }

    @Test func blizzardsRetryAfterHoldsBackTheGatewayOnEveryRelayOfTheDatabase() async throws {
        let database = FileManager.default.temporaryDirectory.appending(path: "gateway-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: database) }
        let emulator = GatewayCacheTests.emulator(maxAge: 60)
        try await RelayHarness.withRouter(emulator: emulator, { Self.share(&$0, database) }) { first in
            try await RelayHarness.withRouter(emulator: emulator, { Self.share(&$0, database) }) { second in
                await emulator.emulator.state.inject(EmulatorFault(pathPrefix: "/d3/data/", kind: .rateLimited(retryAfterSeconds: 30), count: 1))
                let limited = try await first.get("/api/eu/d3/data/act")
                #expect(limited.status == 429)
                #expect(limited.header("Retry-After") == "30")
                #expect(limited.json["error"] as? String == "rate_limited")
                // The other relay reads Blizzard's pause from the database and does not call.
                let before = await emulator.emulator.state.count("d3")
                let held = try await second.get("/api/eu/d3/data/hero/barbarian")
                #expect(held.status == 429)
                #expect(Int(held.header("Retry-After") ?? "") ?? 0 > 25)
                #expect(await emulator.emulator.state.count("d3") == before)
            }
        }
    }

    /// The small-budget run of issue 43 on SQLite: two relays on one database, a budget of 10 a second (4 for the
    /// gateway), bursts of different game-data paths while a person signs in; the emulator enforces the same 10 a
    /// second and never has to, and the sign-in completes: its requests never wait on the budget.
    @Test func aSmallBudgetOnSQLiteNeverMeetsBlizzards429() async throws {
        let database = FileManager.default.temporaryDirectory.appending(path: "gateway-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: database) }
        var configuration = RelayHarness.emulatorConfiguration()
        configuration.apiLimits = EmulatorAPILimits(perSecond: 10, perHour: 36_000, gameDataMaxAge: 60)
        let emulator = RunningEmulator.inProcess(configuration: configuration)
        try await RelayHarness.withRouter(emulator: emulator, { Self.share(&$0, database, perSecond: 10) }) { first in
            try await RelayHarness.withRouter(emulator: emulator, { Self.share(&$0, database, perSecond: 10) }) { second in
                async let signIn: (Int, Bool) = {
                    let (login, callback) = try await first.loginUntilCallback()
                    let page = try await first.get(callback)
                    let granted = try await first.poll(login, wait: 5)
                    return (page.status, granted.status == 200 && granted.json["access_token"] is String)
                }()
                let outcomes = try await withThrowingTaskGroup(of: (Int, String?, Bool).self) { group in
                    for index in 0..<120 {
                        group.addTask {
                            let relay = index.isMultiple(of: 2) ? first : second
                            let response = try await relay.get("/api/eu/d3/data/act?page=\(index % 60)")
                            let json = response.status == 429 ? response.json["error"] as? String == "rate_limited" : true
                            return (response.status, response.header("Retry-After"), json)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let served = outcomes.filter { $0.0 != 429 }.count
                let refused = outcomes.filter { $0.0 == 429 }
                print("small budget: \(served) answered with data, \(refused.count) with the relay's own 429")
                #expect(await emulator.emulator.state.count("api.rate_limited") == 0)
                #expect(refused.allSatisfy { $0.1 != nil && $0.2 })
                #expect(served > 0 && !refused.isEmpty)
                let (page, token) = try await signIn
                #expect(page == 200 && token, "the sign-in during the bursts")
            }
        }
    }
}
