import BattleNet
import BattleNetEmulator
import Foundation
import TestSupport

/// A login as the client that started it knows it.
struct StartedLogin: Sendable {
    var deviceCode: String
    var userCode: String
    /// The simulated client's address, sent through the trusted proxy as X-Forwarded-For.
    var address: String
}

/// The simulated clients, people and the relay they talk to.
actor LoadDriver {
    struct Stats {
        var polls = 0
        var completed = 0
        var errors = 0
        var firstError: String?
        var latencies: [Double] = []
    }

    let transport: any HTTPTransport
    let wait: Int
    var base = URL(string: "http://127.0.0.1")!
    /// The relay's operations listener (`/metrics`), at its default port, two above the relay's.
    var ops = URL(string: "http://127.0.0.1")!
    var stats = Stats()
    private var nextAddress = 0

    init(transport: any HTTPTransport, wait: Int = 5) {
        self.transport = transport
        self.wait = wait
    }

    /// Starts `bnet-relay serve`, trusting X-Forwarded-For from loopback, and waits for it. With `provider`, the
    /// relay runs as in production against that emulator (its own process, real credentials); without, in sandbox
    /// mode with its built-in emulator. Its output goes to a file in `directory`; its database is `database` (a
    /// PostgreSQL URL several relays share), else a SQLite file there.
    func startRelay(
        binary: String, directory: URL, provider: RunningEmulator? = nil, credentials: ClientCredentials? = nil,
        database: String? = nil, extra: [String] = []
    ) async throws -> RunningRelay {
        // Below Linux's ephemeral range (32768-60999), where thousands of just-closed client connections linger.
        let port = Int.random(in: 20_000...32_000)
        var arguments = [
            "--emulator-port", "\(port + 1)", "--trusted-proxy", "127.0.0.1",
            "--database", database ?? directory.appending(path: "load.sqlite").path,
            "--seal-key-file", directory.appending(path: "seal.key").path, "--log-level", "warning",
            // The benchmarks hold more than a production relay is allowed to (the held-poll benchmark: 10,000).
            "--max-held-polls", "50000", "--max-connections", "60000",
        ] + extra
        var environment = RunningRelay.environment()
        if let provider, let credentials {
            let emulator = provider.baseURL.absoluteString
            arguments += [
                "--authorize-url", "\(emulator)/authorize", "--token-url", "\(emulator)/token",
                "--userinfo-url", "\(emulator)/userinfo", "--api-url", emulator,
            ]
            environment["BNET_CLIENT_ID"] = credentials.id
            environment["BNET_CLIENT_SECRET"] = credentials.secret
            if !FileManager.default.fileExists(atPath: directory.appending(path: "seal.key").path) {
                try await ChildProcess.check(binary, ["keygen", "--output", directory.appending(path: "seal.key").path])
            }
        }
        let relay = try await RunningRelay(
            binary: URL(fileURLWithPath: binary), port: port, arguments: arguments, environment: environment,
            directory: directory, transport: transport)
        base = relay.baseURL
        ops = URL(string: "http://127.0.0.1:\(port + 2)")!
        return relay
    }

    /// One client: starts a login from its own address, then long-polls until the deadline.
    func poller(until deadline: ContinuousClock.Instant) async {
        guard let login = await start() else { return }
        while ContinuousClock.now < deadline {
            let response = await poll(login, wait: wait)
            guard let response else { return }
            let error = json(response)["error"] as? String
            if response.status == 400, error == "authorization_pending" || error == "slow_down" {
                stats.polls += 1
            } else {
                record("poll answered \(response.status) \(error ?? "")")
                return
            }
        }
    }

    /// New logins, completed end to end (confirm, approve at the emulator, callback, pickup), at a steady rate.
    func completeLogins(perSecond: Int, until deadline: ContinuousClock.Instant) async {
        await withTaskGroup(of: Void.self) { group in
            while ContinuousClock.now < deadline {
                for _ in 0..<max(1, perSecond) { group.addTask { await self.completeOne() } }
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// One login end to end with a long-poll held across the callback; records the callback-to-token latency.
    func completeOne() async {
        guard let login = await start() else { return }
        do {
            let callback = try await approve(login)
            async let held = poll(login, wait: 10)
            try await Task.sleep(for: .milliseconds(20))
            let delivered = try await deliver(callback)
            guard let token = await held, token.status == 200 else { return record("pickup failed") }
            stats.completed += 1
            stats.latencies.append((ContinuousClock.now - delivered).timeInterval)
        } catch {
            record("\(error)")
        }
    }

    /// The person's side of a login up to Battle.net's answer: opens the verification page, confirms the code,
    /// approves at the emulator. Returns the callback URL Battle.net redirects the browser to, with that browser.
    func approve(_ login: StartedLogin) async throws -> Callback {
        let address = [(name: "X-Forwarded-For", value: login.address)]
        let browser = CookieJar()
        let page = try await browser.send(TransportRequest(
            url: base.appending(path: "device").appendingQuery([("user_code", login.userCode)]), headers: address),
            using: transport)
        let html = String(decoding: page.body, as: UTF8.self)
        guard let nonce = html.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1
        else { throw LoadError("confirmation page answered \(page.status)") }
        let confirmed = try await browser.send(TransportRequest(
            method: "POST", url: base.appending(path: "device"),
            headers: address + [("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(FormEncoding.encode([("user_code", login.userCode), ("confirm", String(nonce))]).utf8)),
            using: transport)
        guard let authorize = confirmed.header("Location").flatMap(URL.init(string:)) else {
            throw LoadError("confirm answered \(confirmed.status)")
        }
        let decided = try await transport.send(TransportRequest(url: authorize.appendingQuery([("emulator_decision", "approve")])))
        guard let callback = decided.header("Location").flatMap(URL.init(string:)) else {
            throw LoadError("emulator answered \(decided.status)")
        }
        return Callback(url: callback, browser: browser)
    }

    /// Battle.net's redirect back to the relay, and the browser that follows it.
    struct Callback: Sendable {
        var url: URL
        var browser: CookieJar
    }

    /// Delivers Battle.net's redirect to the relay (which exchanges the code); returns when the relay answered.
    func deliver(_ callback: Callback) async throws -> ContinuousClock.Instant {
        let done = try await callback.browser.send(TransportRequest(url: callback.url), using: transport)
        guard done.status == 200 else { throw LoadError("callback answered \(done.status)") }
        return ContinuousClock.now
    }

    /// Starts a login from a fresh client address, each in its own /24 (the relay limits starts per /24 too).
    func start() async -> StartedLogin? {
        nextAddress += 1
        let address = "10.\(nextAddress % 256).\(nextAddress / 256 % 256).\(nextAddress / 65_536 % 256)"
        do {
            let response = try await transport.send(TransportRequest(
                method: "POST", url: base.appending(path: "oauth/device/code"),
                headers: [("Content-Type", "application/x-www-form-urlencoded"), ("X-Forwarded-For", address)],
                body: Data("client_id=d3".utf8)))
            let body = json(response)
            guard response.status == 200, let device = body["device_code"] as? String, let user = body["user_code"] as? String
            else {
                record("start answered \(response.status)")
                return nil
            }
            return StartedLogin(deviceCode: device, userCode: user, address: address)
        } catch {
            record("\(error)")
            return nil
        }
    }

    /// One token request; `wait` > 0 uses the long-poll extension, nil is a plain RFC 8628 poll. `via` sends it
    /// through another client than the driver's own.
    /// Polls for `login`'s token from its client's address (held long-polls are capped per address, as clients are).
    func poll(_ login: StartedLogin, wait: Int?, via client: (any HTTPTransport)? = nil) async -> TransportResponse? {
        var form = [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", login.deviceCode),
            ("client_id", "d3"),
        ]
        if let wait { form.append(("wait", "\(wait)")) }
        do {
            return try await (client ?? transport).send(TransportRequest(
                method: "POST", url: base.appending(path: "oauth/token"),
                headers: [("Content-Type", "application/x-www-form-urlencoded"), ("X-Forwarded-For", login.address)],
                body: Data(FormEncoding.encode(form).utf8), timeout: .seconds((wait ?? 0) + 10)))
        } catch {
            record("\(error)")
            return nil
        }
    }

    /// Polls (long-polls with `wait`, or plainly at the interval the relay asks for) until the token or an error;
    /// returns when the token arrived.
    func pollUntilToken(_ login: StartedLogin, wait: Int?, via client: (any HTTPTransport)? = nil) async
        -> ContinuousClock.Instant?
    {
        while true {
            guard let response = await poll(login, wait: wait, via: client) else { return nil }
            if response.status == 200 { return ContinuousClock.now }
            let body = json(response)
            guard response.status == 400, let error = body["error"] as? String,
                error == "authorization_pending" || error == "slow_down"
            else {
                record("poll answered \(response.status) \(body["error"] as? String ?? "")")
                return nil
            }
            if wait == nil { try? await Task.sleep(for: .seconds(body["interval"] as? Int ?? 5)) }
        }
    }

    /// A gauge from the relay's `/metrics`.
    func metric(_ name: String) async -> Double? {
        guard let response = try? await transport.send(TransportRequest(url: ops.appending(path: "metrics"))) else { return nil }
        let text = String(decoding: response.body, as: UTF8.self)
        return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
    }

    func record(_ error: String) {
        stats.errors += 1
        if stats.firstError == nil { stats.firstError = error }
    }

    nonisolated func json(_ response: TransportResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
    }
}

/// Runs `body` over `items` with at most `width` at once.
func forEachConcurrently<T: Sendable>(_ items: [T], width: Int, _ body: @escaping @Sendable (T) async -> Void) async {
    await withTaskGroup(of: Void.self) { group in
        var iterator = items.makeIterator()
        for _ in 0..<width {
            guard let item = iterator.next() else { break }
            group.addTask { await body(item) }
        }
        while await group.next() != nil {
            guard let item = iterator.next() else { continue }
            group.addTask { await body(item) }
        }
    }
}

/// Percentiles of durations in seconds, printed in milliseconds.
struct Percentiles {
    let sorted: [Double]

    init(_ values: [Double]) { sorted = values.sorted() }

    /// The `p`-quantile (0...1) in milliseconds; 0 when there are no values.
    func ms(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000
    }

    var summary: String {
        String(format: "p50 %.1f ms, p99 %.1f ms, max %.1f ms", ms(0.5), ms(0.99), ms(1))
    }
}

struct LoadError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
