import ArgumentParser
import AsyncHTTPClient
import BattleNet
import BattleNetHTTPClient
import Foundation

/// Load and soak driver for `bnet-relay`: starts the relay in sandbox mode behind a simulated trusted proxy, holds
/// `--pollers` long-polling clients (each its own address through X-Forwarded-For) while new logins are started and
/// completed end to end, then prints the figures. Exits non-zero on any error (transport error, 5xx, unexpected
/// answer). Used by scripts/load.sh.
@main
struct RelayLoad: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay-load", abstract: "Drive a sandbox bnet-relay with concurrent pollers and new logins.")

    @Option(help: "The bnet-relay binary.")
    var relayBinary: String
    @Option(help: "How long to load, in seconds.")
    var seconds = 60
    @Option(help: "Concurrent long-polling clients.")
    var pollers = 1000
    @Option(help: "Complete logins started per second, end to end.")
    var loginsPerSecond = 10
    @Option(help: "The long-poll wait each poller asks for.")
    var wait = 5

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "relay-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = HTTPClient.Configuration.battleNet
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: pollers + 200)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let driver = LoadDriver(transport: AsyncHTTPClientTransport(client: client), wait: wait)
        let relay = try await driver.startRelay(binary: relayBinary, directory: directory)
        defer { relay.terminate() }

        let idle = rss(relay.processIdentifier)
        let deadline = ContinuousClock.now + .seconds(seconds)
        let sampler = Task {
            var peak = 0
            while !Task.isCancelled {
                peak = max(peak, rss(relay.processIdentifier))
                try? await Task.sleep(for: .milliseconds(500))
            }
            return peak
        }
        let clock = ContinuousClock()
        let started = clock.now
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<pollers {
                group.addTask { await driver.poller(index: index, until: deadline) }
            }
            group.addTask { await driver.completeLogins(perSecond: loginsPerSecond, until: deadline) }
        }
        let elapsed = (clock.now - started).timeInterval
        sampler.cancel()
        let peak = await sampler.value
        let end = rss(relay.processIdentifier)
        let stats = await driver.stats
        print("""
            relay-load: \(seconds) s, \(pollers) pollers (wait=\(wait)), \(loginsPerSecond) complete logins/s requested
              polls answered:        \(stats.polls) (\(Int(Double(stats.polls) / elapsed))/s)
              logins completed:      \(stats.completed), token latency after callback p50 \(stats.percentile(0.5)) ms, p99 \(stats.percentile(0.99)) ms
              errors:                \(stats.errors)\(stats.firstError.map { " (first: \($0))" } ?? "")
              relay RSS:             idle \(idle / 1024) MiB, peak \(peak / 1024) MiB, end \(end / 1024) MiB
            """)
        try await client.shutdown()
        if stats.errors > 0 { throw ExitCode(1) }
    }
}

/// VmRSS of a process, in KiB.
func rss(_ pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}
