import ArgumentParser
import AsyncHTTPClient
import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import NIOCore
import TestSupport

/// Load, soak and flow benchmarks for `bnet-relay`. Each command starts its own relay (and, where the flow needs one,
/// its own Battle.net emulator in this process, so the relay runs as in production), drives it the way real traffic
/// arrives (each simulated client its own address through X-Forwarded-For), and prints figures. Used by
/// scripts/load.sh and scripts/bench.sh.
@main
struct RelayLoad: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay-load", abstract: "Drive a bnet-relay with simulated clients and print figures.",
        subcommands: [Soak.self, Held.self, Callbacks.self, PickupLatency.self, GatewayBench.self, GatewayFleet.self], defaultSubcommand: Soak.self)
}

/// What every command needs: the relay binary.
struct RelayBinary: ParsableArguments {
    @Option(help: "The bnet-relay binary.")
    var relayBinary: String
}

/// A scratch directory, an HTTP client sized for `connections`, and a driver; everything is torn down after `body`.
func withDriver<T>(connections: Int, wait: Int = 5, _ body: (LoadDriver, URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appending(path: "relay-load-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var configuration = HTTPClient.Configuration.battleNet
    configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    do {
        let result = try await body(LoadDriver(transport: AsyncHTTPClientTransport(client: client), wait: wait), directory)
        try await client.shutdown()
        return result
    } catch {
        try? await client.shutdown()
        throw error
    }
}

/// An emulator in this process with one registered client, for a relay running as in production.
func withProvider<T>(_ body: (RunningEmulator, ClientCredentials) async throws -> T) async throws -> T {
    let credentials = ClientCredentials(id: "relay-load", secret: UUID().uuidString)
    return try await BattleNetEmulator.withRunning(
        configuration: EmulatorConfiguration(clients: [EmulatorClient(credentials: credentials)])
    ) { emulator in try await body(emulator, credentials) }
}

/// A relay running as in production against an emulator in this process (with the client it knows), a driver for
/// the relay, and the relay.
func withProductionRelay<T>(
    binary: String, connections: Int, _ body: (LoadDriver, RunningRelay, RunningEmulator, ClientCredentials) async throws -> T
) async throws -> T {
    try await withProvider { provider, credentials in
        try await withDriver(connections: connections) { driver, directory in
            let relay = try await driver.startRelay(
                binary: binary, directory: directory, provider: provider, credentials: credentials)
            return try await stopping(relay) { try await body(driver, relay, provider, credentials) }
        }
    }
}

/// Runs `body`, then stops `relay` (SIGTERM), whether `body` returned or threw.
func stopping<T>(_ relay: RunningRelay, _ body: () async throws -> T) async throws -> T {
    do {
        let result = try await body()
        await relay.stop()
        return result
    } catch {
        await relay.stop()
        throw error
    }
}

/// Fails the command when the driver saw errors.
func checkErrors(_ driver: LoadDriver) async throws {
    let stats = await driver.stats
    print("  errors:                \(stats.errors)\(stats.firstError.map { " (first: \($0))" } ?? "")")
    if stats.errors > 0 { throw ExitCode(1) }
}

/// Concurrent long-polling clients plus complete logins at a steady rate, for a while (sandbox relay).
struct Soak: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Hold long-polling clients while logins are completed end to end; fail on any error.")

    @OptionGroup var relay: RelayBinary
    @Option(help: "How long to load, in seconds.")
    var seconds = 60
    @Option(help: "Concurrent long-polling clients.")
    var pollers = 1000
    @Option(help: "Complete logins started per second, end to end.")
    var loginsPerSecond = 10
    @Option(help: "The long-poll wait each poller asks for.")
    var wait = 5

    func run() async throws {
        try await withDriver(connections: pollers + 200, wait: wait) { driver, directory in
            let server = try await driver.startRelay(binary: relay.relayBinary, directory: directory)
            try await stopping(server) { try await load(driver, server) }
        }
    }

    /// Loads `server` for `seconds` and prints the figures.
    private func load(_ driver: LoadDriver, _ server: RunningRelay) async throws {
        let idle = rss(server.pid)
        let deadline = ContinuousClock.now + .seconds(seconds)
        let sampler = Task {
            var peak = 0
            while !Task.isCancelled {
                peak = max(peak, rss(server.pid))
                try? await Task.sleep(for: .milliseconds(500))
            }
            return peak
        }
        let clock = ContinuousClock()
        let started = clock.now
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<pollers {
                group.addTask { await driver.poller(until: deadline) }
            }
            group.addTask { await driver.completeLogins(perSecond: loginsPerSecond, until: deadline) }
        }
        let elapsed = (clock.now - started).timeInterval
        sampler.cancel()
        let peak = await sampler.value
        let stats = await driver.stats
        print("""
            relay-load soak: \(seconds) s, \(pollers) pollers (wait=\(wait)), \(loginsPerSecond) complete logins/s requested
              polls answered:        \(stats.polls) (\(Int(Double(stats.polls) / elapsed))/s)
              logins completed:      \(stats.completed), token after callback \(Percentiles(stats.latencies).summary)
              relay RSS:             idle \(idle / 1024) MiB, peak \(peak / 1024) MiB, end \(rss(server.pid) / 1024) MiB
            """)
        try await checkErrors(driver)
    }
}

/// Many long-polls held at once: the memory each costs, and how soon each hears of its login's callback.
struct Held: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Hold COUNT wait=30 long-polls, measure RSS per held poll, then complete every login and time each wake-up.")

    @OptionGroup var relay: RelayBinary
    @Option(help: "Long-polls to hold at once.")
    var count = 10_000
    @Option(help: "Logins completed at once while the polls are held.")
    var concurrency = 32

    func run() async throws {
        try await withProductionRelay(binary: relay.relayBinary, connections: concurrency * 4 + 100) { driver, server, _, _ in
            let logins = await startLogins(driver)
            let before = rss(server.pid)
            // One HTTP client per 500 held polls: a single AsyncHTTPClient pool slows down past a few thousand
            // connections, which would measure the driver instead of the relay.
            let shards = (0..<(logins.count + 499) / 500).map { _ in
                var configuration = HTTPClient.Configuration.battleNet
                configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 600)
                return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            }
            let transports = shards.map { AsyncHTTPClientTransport(client: $0) }
            let tokens = Task {
                await withTaskGroup(of: (Int, ContinuousClock.Instant?).self) { group in
                    // Clients arrive in a ramp (5,000 a second), not in one instant that overflows the accept queue.
                    for (index, login) in logins.enumerated() {
                        if index > 0, index % 250 == 0 { try? await Task.sleep(for: .milliseconds(50)) }
                        let via = transports[index / 500]
                        group.addTask { (index, await driver.pollUntilToken(login, wait: 30, via: via)) }
                    }
                    var arrived = [ContinuousClock.Instant?](repeating: nil, count: logins.count)
                    for await (index, instant) in group { arrived[index] = instant }
                    return arrived
                }
            }
            var held = 0.0
            let holdDeadline = ContinuousClock.now + .seconds(60)
            while held < Double(logins.count), ContinuousClock.now < holdDeadline {
                try await Task.sleep(for: .milliseconds(200))
                held = await driver.metric("bnet_relay_held_polls") ?? 0
            }
            let holding = rss(server.pid)
            let callbacks = CallbackTimings(count: logins.count)
            let indexed = Array(logins.enumerated())
            await forEachConcurrently(indexed, width: concurrency) { index, login in
                do {
                    let callback = try await driver.approve(login)
                    let sent = ContinuousClock.now
                    let answered = try await driver.deliver(callback)
                    await callbacks.set(index, sent: sent, answered: answered)
                } catch {
                    await driver.record("\(error)")
                }
            }
            let arrived = await tokens.value
            for shard in shards { try? await shard.shutdown() }
            let (fromSent, fromAnswered) = await callbacks.latencies(to: arrived)
            let late = fromAnswered.filter { $0 > 0.05 }.count
            print("""
                relay-load held: \(logins.count) logins, wait=30 long-polls, completed \(concurrency) at a time (relay against its own emulator process)
                  held at once:          \(Int(held)) (from /metrics)
                  relay RSS:             \(before / 1024) MiB with the logins open, \(holding / 1024) MiB with the polls held: \
                \(String(format: "%.1f", Double(holding - before) / Double(max(1, Int(held))))) KiB per held poll
                  token after callback answered: \(Percentiles(fromAnswered).summary); over 50 ms: \(late) of \(fromAnswered.count)
                  token after callback sent:     \(Percentiles(fromSent).summary)
                """)
            try await checkErrors(driver)
        }
    }

    private func startLogins(_ driver: LoadDriver) async -> [StartedLogin] {
        let collected = Collected<StartedLogin>()
        await forEachConcurrently(Array(0..<count), width: 64) { _ in
            if let login = await driver.start() { await collected.append(login) }
        }
        return await collected.items
    }
}

/// The callback path's throughput beside the provider's own token endpoint.
struct Callbacks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Complete logins end to end as fast as CONCURRENCY clients can, then drive the emulator's token endpoint alone.")

    @OptionGroup var relay: RelayBinary
    @Option(help: "Seconds per measurement.")
    var seconds = 10
    @Option(help: "Clients at once.")
    var concurrency = 32

    func run() async throws {
        try await withProductionRelay(binary: relay.relayBinary, connections: concurrency * 4 + 100) { driver, _, provider, credentials in
            let exchanges = Collected<Double>()
            let logins = try await measure(seconds) {
                guard let login = await driver.start() else { throw LoadError("start failed") }
                let callback = try await driver.approve(login)
                let sent = ContinuousClock.now
                await exchanges.append((try await driver.deliver(callback) - sent).timeInterval)
                guard let response = await driver.poll(login, wait: nil), response.status == 200 else {
                    throw LoadError("pickup failed")
                }
            }
            let tokenURL = provider.baseURL.appending(path: "token")
            let basic = Data("\(credentials.id):\(credentials.secret)".utf8).base64EncodedString()
            let tokens = try await measure(seconds) {
                let response = try await driver.transport.send(TransportRequest(
                    method: "POST", url: tokenURL,
                    headers: [("Authorization", "Basic \(basic)"), ("Content-Type", "application/x-www-form-urlencoded")],
                    body: Data("grant_type=client_credentials".utf8)))
                guard response.status == 200 else { throw LoadError("emulator token answered \(response.status)") }
            }
            let loginRate = Double(logins.completed) / Double(seconds)
            let tokenRate = Double(tokens.completed) / Double(seconds)
            print("""
                relay-load callbacks: \(seconds) s each, \(concurrency) clients at once (relay against its own emulator process)
                  complete logins:       \(Int(loginRate))/s (start, page, confirm, approve, callback with code exchange, pickup)
                  callback step:         \(Percentiles(await exchanges.items).summary)
                  emulator token alone:  \(Int(tokenRate))/s (client_credentials, same clients)
                  logins / token calls:  \(String(format: "%.2f", loginRate / tokenRate))x
                """)
            if logins.failed + tokens.failed > 0 {
                await driver.record("\(logins.failed + tokens.failed) flows failed: \(logins.firstError ?? tokens.firstError ?? "")")
            }
            try await checkErrors(driver)
        }
    }

    /// Runs `step` in `concurrency` loops for `seconds`; counts completions and failures.
    private func measure(_ seconds: Int, _ step: @escaping @Sendable () async throws -> Void) async throws
        -> (completed: Int, failed: Int, firstError: String?)
    {
        let deadline = ContinuousClock.now + .seconds(seconds)
        let outcomes = Collected<String?>()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    while ContinuousClock.now < deadline {
                        do {
                            try await step()
                            await outcomes.append(nil)
                        } catch {
                            await outcomes.append("\(error)")
                        }
                    }
                }
            }
        }
        let all = await outcomes.items
        let failures = all.compactMap { $0 }
        return (all.count - failures.count, failures.count, failures.first)
    }
}

/// Time from the callback to the client holding its token: long-poll beside plain RFC 8628 polling.
struct PickupLatency: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latency", abstract: "Time from callback to token, with the long-poll extension and with plain polling.")

    @OptionGroup var relay: RelayBinary
    @Option(help: "Logins measured per mode.")
    var logins = 20

    func run() async throws {
        try await withProductionRelay(binary: relay.relayBinary, connections: logins * 4 + 50) { driver, _, _, _ in
            var longPoll: [Double] = []
            for _ in 0..<logins {
                guard let login = await driver.start() else { continue }
                let callback = try await driver.approve(login)
                async let token = driver.pollUntilToken(login, wait: 30)
                while (await driver.metric("bnet_relay_held_polls") ?? 0) < 1 { try await Task.sleep(for: .milliseconds(2)) }
                let answered = try await driver.deliver(callback)
                if let arrived = await token { longPoll.append(max(0, (arrived - answered).timeInterval)) }
            }
            let plain = Collected<Double>()
            await forEachConcurrently(Array(0..<logins), width: logins) { _ in
                guard let login = await driver.start() else { return }
                async let token = driver.pollUntilToken(login, wait: nil)
                do {
                    try await Task.sleep(for: .milliseconds(Int.random(in: 500...5_000)))
                    let answered = try await driver.deliver(try await driver.approve(login))
                    if let arrived = await token { await plain.append(max(0, (arrived - answered).timeInterval)) }
                } catch {
                    await driver.record("\(error)")
                    _ = await token
                }
            }
            print("""
                relay-load latency: \(logins) logins per mode, token after the callback was answered (relay against its own emulator process)
                  long-poll (wait=30):   \(Percentiles(longPoll).summary)
                  plain polling (5 s):   \(Percentiles(await plain.items).summary)
                """)
            try await checkErrors(driver)
        }
    }
}

/// When each login's callback was sent and answered.
actor CallbackTimings {
    var sent: [ContinuousClock.Instant?]
    var answered: [ContinuousClock.Instant?]

    init(count: Int) {
        sent = Array(repeating: nil, count: count)
        answered = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, sent: ContinuousClock.Instant, answered: ContinuousClock.Instant) {
        self.sent[index] = sent
        self.answered[index] = answered
    }

    /// Token arrival minus callback sent, and minus callback answered (never below zero), in seconds.
    func latencies(to arrived: [ContinuousClock.Instant?]) -> (fromSent: [Double], fromAnswered: [Double]) {
        var fromSent: [Double] = []
        var fromAnswered: [Double] = []
        for index in arrived.indices {
            guard let token = arrived[index], let sent = sent[index], let answered = answered[index] else { continue }
            fromSent.append(max(0, (token - sent).timeInterval))
            fromAnswered.append(max(0, (token - answered).timeInterval))
        }
        return (fromSent, fromAnswered)
    }
}

/// Items gathered from concurrent tasks.
actor Collected<T: Sendable> {
    private(set) var items: [T] = []

    func append(_ item: T) { items.append(item) }
}

/// VmRSS of a process, in KiB.
func rss(_ pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}
