import ArgumentParser
import BattleNet
import BattleNetEmulator
import Foundation
import TestSupport

/// Issue 43's fleet run: three production relays on one PostgreSQL database (the budget they share), in front of one
/// emulator that enforces Blizzard's limits (100 a second, 36,000 an hour per client), replaying mixed game-data
/// requests (several games, endpoints, regions, namespaces, locales, and a long tail of distinct items) from many
/// client networks (X-Forwarded-For through the trusted proxy) spread over the relays, while people sign in; then the
/// same requests at `/healthz`, a control with as many requests in flight and no game data. Prints what the
/// callers got, what the emulator counted, and the sign-in times during each replay beside idle ones; fails
/// on any upstream 429, any caller not answered with data or the relay's own 429 with `Retry-After`, or a failed
/// sign-in. Used by scripts/bench-gateway-fleet.sh, which starts the PostgreSQL.
struct GatewayFleet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gateway-fleet", abstract: "Three gateway relays on one PostgreSQL database share Blizzard's quota.")

    @OptionGroup var relay: RelayBinary
    @Option(help: "The PostgreSQL database URL the relays share.")
    var database: String
    @Option(help: "Game-data requests to replay.")
    var requests = 50_000
    @Option(help: "Requests in flight at once.")
    var concurrency = 48
    @Option(help: "Relays on the database.")
    var relays = 3
    @Option(help: "Client networks the requests come from.")
    var networks = 24
    @Option(help: "Sign-ins measured idle, before the replay.")
    var idleSignIns = 10

    func run() async throws {
        let credentials = ClientCredentials(id: "gateway-fleet", secret: UUID().uuidString)
        let configuration = EmulatorConfiguration(clients: [EmulatorClient(credentials: credentials)])  // Blizzard's limits
        try await BattleNetEmulator.withRunning(configuration: configuration) { emulator in
            try await withDriver(connections: concurrency + 16, wait: 10) { driver, directory in
                var drivers: [LoadDriver] = []
                var servers: [RunningRelay] = []
                defer { for server in servers { Task { await server.stop() } } }
                for _ in 0..<relays {
                    let one = LoadDriver(transport: driver.transport, wait: 10)
                    servers.append(try await one.startRelay(
                        binary: relay.relayBinary, directory: directory, provider: emulator, credentials: credentials,
                        database: database, extra: ["--gateway", "on"]))
                    drivers.append(one)
                }
                try await replay(drivers, emulator: emulator)
                for server in servers { await server.stop() }
                servers = []
            }
        }
    }

    private func replay(_ drivers: [LoadDriver], emulator: RunningEmulator) async throws {
        print("gateway fleet: \(drivers.count) relays on one PostgreSQL database, an emulator enforcing 100/s and 36,000/h")
        var idle: [Double] = []
        for index in 0..<idleSignIns {
            if let seconds = await Self.signIn(drivers[index % drivers.count]) { idle.append(seconds) }
        }
        let plan = FleetPlan(requests: requests, relays: drivers.count, networks: networks)
        print("  replaying \(requests) requests (\(plan.distinctURLs) distinct URLs, \(networks) client networks, \(concurrency) at once)")
        let run = await Self.replay(plan, over: drivers, width: concurrency) { "/api/" + $0.path }
        let state = emulator.emulator.state
        let upstream429 = await state.count("api.rate_limited")
        let result = run.tally
        print(String(format: "  replay: %.1f s, %.0f requests/s", run.seconds, Double(requests) / run.seconds))
        print("  answered with data: \(result.data) (\(result.notFound) of them Blizzard's 404)")
        print("  relay 429s: \(result.limited), every one with Retry-After: \(result.limitedWithoutRetryAfter == 0 ? "yes" : "no, \(result.limitedWithoutRetryAfter) without")")
        print("  unanswered (anything else): \(result.unanswered)\(result.firstUnanswered.map { ", first: \($0)" } ?? "")")
        print("  emulator: served \(await state.count("api.served")), answered \(await state.count("api.not_modified")) revalidations 304, upstream 429s \(upstream429)")
        // The control: the same requests, relays and width at /healthz, which spends no budget and reads no game data,
        // so sign-ins meet a machine as loaded with requests but no gateway; their times beside the replay's show what
        // the gateway itself costs a sign-in.
        let control = await Self.replay(plan, over: drivers, width: concurrency) { _ in "/healthz" }
        let completed = run.signIns.compactMap { $0 }
        let controlled = control.signIns.compactMap { $0 }
        print("  sign-ins idle:                    \(idle.count) of \(idleSignIns), \(Percentiles(idle).summary)")
        print("  sign-ins during replay:           \(completed.count) of \(run.signIns.count), \(Percentiles(completed).summary)")
        print("  sign-ins during /healthz control: \(controlled.count) of \(control.signIns.count), \(Percentiles(controlled).summary)"
              + String(format: " (the same requests at /healthz, %.1f s)", control.seconds))
        var failures: [String] = []
        if upstream429 > 0 { failures.append("\(upstream429) upstream 429s") }
        if result.unanswered > 0 { failures.append("\(result.unanswered) unanswered requests") }
        if result.limitedWithoutRetryAfter > 0 { failures.append("\(result.limitedWithoutRetryAfter) relay 429s without Retry-After") }
        if control.tally.unanswered > 0 { failures.append("\(control.tally.unanswered) unanswered /healthz requests") }
        if idle.count < idleSignIns || [run, control].contains(where: { $0.signIns.isEmpty || $0.signIns.contains(nil) }) {
            failures.append("failed or missing sign-ins")
        }
        guard failures.isEmpty else { throw LoadError("gateway fleet failed: " + failures.joined(separator: ", ")) }
    }

    /// One replay of `plan`, each ask sent to the path `path` gives it, `width` at once, with a sign-in a second
    /// meanwhile: what the callers got, the seconds it took, and each sign-in's seconds (nil: it failed).
    static func replay(
        _ plan: FleetPlan, over drivers: [LoadDriver], width: Int, path: @escaping @Sendable (FleetPlan.Ask) -> String
    ) async -> (tally: FleetTally.Result, seconds: Double, signIns: [Double?]) {
        let tally = FleetTally()
        let replaying = FleetFlag()
        let started = ContinuousClock.now
        async let signIns: [Double?] = signInWhile(replaying, drivers)
        await forEachConcurrently(plan.asks, width: width) { ask in
            await tally.record(await send(ask, to: path(ask), via: drivers[ask.relay]))
        }
        await replaying.lower()
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        return (await tally.result, seconds, await signIns)
    }

    /// One sign-in end to end (start, Battle.net's approval, the callback's code exchange, the token); its seconds.
    static func signIn(_ driver: LoadDriver) async -> Double? {
        let started = ContinuousClock.now
        guard let login = await driver.start() else { return nil }
        do {
            _ = try await driver.deliver(try await driver.approve(login))
            guard await driver.pollUntilToken(login, wait: 10) != nil else { return nil }
            return (ContinuousClock.now - started) / .seconds(1)
        } catch {
            await driver.record("\(error)")
            return nil
        }
    }

    /// Sign-ins one after another, each on the next relay, a second apart, while the replay runs.
    static func signInWhile(_ flag: FleetFlag, _ drivers: [LoadDriver]) async -> [Double?] {
        var times: [Double?] = []
        while await flag.raised {
            times.append(await signIn(drivers[times.count % drivers.count]))
            try? await Task.sleep(for: .seconds(1))
        }
        return times
    }

    static func send(_ ask: FleetPlan.Ask, to path: String, via driver: LoadDriver) async -> FleetTally.Outcome {
        let url = URL(string: await driver.base.absoluteString + path)!
        do {
            let response = try await driver.transport.send(TransportRequest(
                url: url, headers: [("X-Forwarded-For", ask.network)], timeout: .seconds(30)))
            switch response.status {
            case 200: return .data
            case 404 where response.header("Cache-Status") != nil: return .notFound
            case 429 where driver.json(response)["error"] as? String == "rate_limited":
                return .limited(retryAfter: response.header("Retry-After") != nil)
            default: return .unanswered("\(path): \(response.status) \(String(decoding: response.body.prefix(200), as: UTF8.self))")
            }
        } catch {
            return .unanswered("\(path): \(error)")
        }
    }
}

/// The replay: each request's relay (round robin), client network and game-data URL. Four in five ask for a hot set
/// (every game, region and namespace, several locales); one in five for a long tail of distinct Diablo III items.
/// Deterministic (a fixed seed), so runs compare.
struct FleetPlan {
    struct Ask: Sendable {
        var relay: Int
        var network: String
        var path: String
    }

    let asks: [Ask]
    let distinctURLs: Int

    static let hot: [String] = {
        let regions = ["us", "eu", "kr", "tw"]
        let locales = ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "ko_KR"]
        var paths: [String] = []
        for region in regions {
            for locale in locales {
                for path in ["d3/data/act", "d3/data/act/1", "d3/data/act/3", "d3/data/artisan/blacksmith",
                             "d3/data/hero/barbarian", "hearthstone/metadata", "hearthstone/cards"] {
                    paths.append("\(region)/\(path)?locale=\(locale)")
                }
            }
            for path in ["data/wow/realm/index?namespace=dynamic-\(region)",
                         "data/wow/connected-realm/index?namespace=dynamic-\(region)",
                         "data/wow/keystone-affix/index?namespace=static-\(region)",
                         "data/d3/season/1/leaderboard/achievement-points", "data/d3/era/1/leaderboard/rift-wd",
                         "sc2/ladder/season/1"] {
                paths.append("\(region)/\(path)")
            }
        }
        return paths
    }()

    init(requests: Int, relays: Int, networks: Int) {
        var random = SplitMix(seed: 43)
        var tail = 0
        var asks: [Ask] = []
        asks.reserveCapacity(requests)
        for index in 0..<requests {
            let network = "10.43.\(random.next() % UInt64(networks)).1"
            let path: String
            if random.next() % 5 == 0 {
                tail += 1
                path = "eu/d3/data/item/fleet-item-\(tail)?locale=en_GB"
            } else {
                path = Self.hot[Int(random.next() % UInt64(Self.hot.count))]
            }
            asks.append(Ask(relay: index % relays, network: network, path: path))
        }
        self.asks = asks
        distinctURLs = Set(asks.map(\.path)).count
    }
}

/// A small deterministic random number generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What the callers got.
actor FleetTally {
    enum Outcome: Sendable {
        case data, notFound
        case limited(retryAfter: Bool)
        case unanswered(String)
    }

    struct Result {
        var data = 0, notFound = 0, limited = 0, limitedWithoutRetryAfter = 0, unanswered = 0
        var firstUnanswered: String?
    }

    private(set) var result = Result()

    func record(_ outcome: Outcome) {
        switch outcome {
        case .data: result.data += 1
        case .notFound:
            result.data += 1
            result.notFound += 1
        case .limited(let retryAfter):
            result.limited += 1
            if !retryAfter { result.limitedWithoutRetryAfter += 1 }
        case .unanswered(let what):
            result.unanswered += 1
            if result.firstUnanswered == nil { result.firstUnanswered = what }
        }
    }
}

/// Raised while the replay runs.
actor FleetFlag {
    private(set) var raised = true
    func lower() { raised = false }
}
