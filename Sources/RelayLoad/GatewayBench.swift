import ArgumentParser
import BattleNet
import BattleNetEmulator
import Foundation
import TestSupport

/// The gateway beside nginx's `proxy_cache` (issue 43): one emulator, a production relay with `--gateway on` and an
/// nginx caching proxy in front of the same emulator (nginx adds the token the relay would). Prints, for each, the
/// cache-hit throughput and p99 over the same URLs, and each one's miss latency against calling the emulator directly.
/// The emulator's quota is raised for the run: the point is the cache, not Blizzard's limits. Used by
/// scripts/bench-gateway.sh.
struct GatewayBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gateway", abstract: "Cache hits and misses: the gateway beside nginx proxy_cache.")

    @OptionGroup var relay: RelayBinary
    @Option(help: "The nginx binary.")
    var nginx = "/usr/sbin/nginx"
    @Option(help: "Cache-hit requests per contender.")
    var hits = 20_000
    @Option(help: "Concurrent clients.")
    var concurrency = 64
    @Option(help: "Distinct URLs asked for once each (cache misses) per contender.")
    var misses = 200

    func run() async throws {
        let credentials = ClientCredentials(id: "gateway-bench", secret: UUID().uuidString)
        var configuration = EmulatorConfiguration(clients: [EmulatorClient(credentials: credentials)])
        configuration.apiLimits = EmulatorAPILimits(perSecond: 1_000_000, perHour: 1_000_000_000, gameDataMaxAge: 3600)
        try await BattleNetEmulator.withRunning(configuration: configuration) { emulator in
            try await withDriver(connections: concurrency + 8) { driver, directory in
                let server = try await driver.startRelay(
                    binary: relay.relayBinary, directory: directory, provider: emulator, credentials: credentials,
                    extra: ["--gateway", "on", "--upstream-requests-per-second", "1000000",
                            "--upstream-requests-per-hour", "1000000000"])
                let token = try await OAuthClient(
                    credentials: credentials, endpoints: emulator.endpoints, transport: driver.transport
                ).clientCredentialsToken()
                let proxy = try await NginxCache.start(
                    binary: nginx, directory: directory, upstream: emulator.baseURL, token: token.value)
                defer { proxy.stop() }
                try await stopping(server) {
                    try await compare(driver, gateway: server.baseURL.absoluteString + "/api/eu",
                                      nginx: proxy.baseURL, direct: emulator.baseURL.absoluteString, token: token.value)
                }
            }
        }
    }

    private func compare(_ driver: LoadDriver, gateway: String, nginx: String, direct: String, token: String) async throws {
        let paths = ["/d3/data/act", "/data/d3/season/1/leaderboard/achievement-points", "/hearthstone/metadata",
                     "/d3/data/hero/barbarian", "/data/d3/era/1/leaderboard/rift-wd"]
        print("gateway bench: \(hits) cache hits over \(paths.count) URLs, \(concurrency) at once; \(misses) misses each")
        let bearer = [("Authorization", "Bearer \(token)")]
        var hitRates: [String: Double] = [:]
        var hitP99s: [String: Double] = [:]
        for (name, base) in [("gateway", gateway), ("nginx", nginx)] {
            for path in paths { _ = try await get(driver, base + path, []) }  // warm
            let (seconds, times) = try await timed(driver, (0..<hits).map { base + paths[$0 % paths.count] }, width: concurrency)
            hitRates[name] = Double(hits) / seconds
            hitP99s[name] = Percentiles(times).ms(0.99)
            print(String(format: "  %-8@ hits: %7.0f req/s, %@", name as NSString, Double(hits) / seconds,
                         Percentiles(times).summary as NSString))
        }
        var missMedians: [String: Double] = [:]
        for (name, base, headers) in [("direct", direct, bearer), ("gateway", gateway, []), ("nginx", nginx, [])] {
            let urls = (0..<misses).map { base + "/d3/data/act?bench=\(name)-\($0)" }
            let (_, times) = try await timed(driver, urls, width: 1, headers: headers)
            missMedians[name] = Percentiles(times).ms(0.5)
            print(String(format: "  %-8@ misses: %@", name as NSString, Percentiles(times).summary as NSString))
        }
        print(String(format: "  ratios: gateway/nginx hit throughput %.2f, hit p99 %.2f; miss p50 over direct: gateway %.2fx (+%.2f ms), nginx %.2fx (+%.2f ms)",
                     hitRates["gateway"]! / hitRates["nginx"]!, hitP99s["gateway"]! / hitP99s["nginx"]!,
                     missMedians["gateway"]! / missMedians["direct"]!, missMedians["gateway"]! - missMedians["direct"]!,
                     missMedians["nginx"]! / missMedians["direct"]!, missMedians["nginx"]! - missMedians["direct"]!))
    }

    /// Asks every URL (at most `width` at once), failing on any answer but 200; the wall time and each request's.
    private func timed(_ driver: LoadDriver, _ urls: [String], width: Int, headers: [(String, String)] = [])
        async throws -> (Double, [Double])
    {
        let times = TimeLog()
        let clock = ContinuousClock()
        let started = clock.now
        await forEachConcurrently(urls, width: width) { url in
            let start = clock.now
            let ok = (try? await get(driver, url, headers)) != nil
            await times.add(ok ? (clock.now - start) / .seconds(1) : -1)
        }
        let all = await times.values
        guard !all.contains(-1) else { throw LoadError("a request failed") }
        return ((clock.now - started) / .seconds(1), all)
    }

    private func get(_ driver: LoadDriver, _ url: String, _ headers: [(String, String)]) async throws -> Data {
        let response = try await driver.transport.send(TransportRequest(url: URL(string: url)!, headers: headers))
        guard response.status == 200 else { throw LoadError("\(url): \(response.status)") }
        return response.body
    }
}

/// The request durations of a run.
actor TimeLog {
    var values: [Double] = []
    func add(_ value: Double) { values.append(value) }
}

/// nginx as a caching reverse proxy of the emulator, on a loopback port: `proxy_cache` keyed by URI, one lock per
/// key (`proxy_cache_lock`, nginx's single flight), revalidation with `If-Modified-Since`, the token added upstream.
/// It runs as deployed, a master process and a worker per core (without a master, nginx keeps SIGTERM blocked and
/// never stops: the bench's first run hung there, its figures unprinted).
struct NginxCache {
    let baseURL: String
    let process: Process

    static func start(binary: String, directory: URL, upstream: URL, token: String) async throws -> NginxCache {
        let port = Int.random(in: 33_000...34_000)
        let root = directory.appending(path: "nginx")
        try FileManager.default.createDirectory(at: root.appending(path: "cache"), withIntermediateDirectories: true)
        let config = """
            daemon off; worker_processes auto; error_log \(root.path)/error.log warn; pid \(root.path)/nginx.pid;
            \(getuid() == 0 ? "user root;" : "")
            events { worker_connections 4096; }
            http {
                access_log off;
                client_body_temp_path \(root.path)/body; proxy_temp_path \(root.path)/proxy;
                fastcgi_temp_path \(root.path)/fcgi; uwsgi_temp_path \(root.path)/uwsgi; scgi_temp_path \(root.path)/scgi;
                proxy_cache_path \(root.path)/cache keys_zone=game:10m max_size=64m;
                upstream emulator { server \(upstream.host!):\(upstream.port!); keepalive 32; }
                server {
                    listen 127.0.0.1:\(port);
                    location / {
                        proxy_pass http://emulator; proxy_http_version 1.1; proxy_set_header Connection "";
                        proxy_set_header Authorization "Bearer \(token)";
                        proxy_cache game; proxy_cache_lock on; proxy_cache_revalidate on;
                        proxy_cache_use_stale error timeout http_500 http_502 http_503;
                        add_header Cache-Status $upstream_cache_status;
                    }
                }
            }
            """
        let file = root.appending(path: "nginx.conf")
        try config.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-c", file.path, "-p", root.path]
        try process.run()
        try await Task.sleep(for: .milliseconds(500))
        guard process.isRunning else { throw LoadError("nginx did not start: see \(root.path)/error.log") }
        return NginxCache(baseURL: "http://127.0.0.1:\(port)", process: process)
    }

    /// SIGTERM (nginx's fast shutdown); SIGKILL if it is still running 5 s later.
    func stop() {
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
