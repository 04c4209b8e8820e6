import BattleNet
import Foundation

/// The simulated clients.
actor LoadDriver {
    struct Stats {
        var polls = 0
        var completed = 0
        var errors = 0
        var firstError: String?
        var latencies: [Double] = []

        func percentile(_ p: Double) -> Int {
            guard !latencies.isEmpty else { return 0 }
            let sorted = latencies.sorted()
            return Int(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000)
        }
    }

    let transport: any HTTPTransport
    let wait: Int
    var base = URL(string: "http://127.0.0.1")!
    var stats = Stats()
    private var nextAddress = 0

    init(transport: any HTTPTransport, wait: Int) {
        self.transport = transport
        self.wait = wait
    }

    /// Starts `bnet-relay serve` in sandbox mode, trusting X-Forwarded-For from loopback, and waits for it.
    func startRelay(binary: String, directory: URL) async throws -> Process {
        let port = Int.random(in: 20_000...40_000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "serve", "--port", "\(port)", "--emulator-port", "\(port + 1)", "--trusted-proxy", "127.0.0.1",
            "--database", directory.appending(path: "load.sqlite").path,
            "--seal-key-file", directory.appending(path: "seal.key").path, "--log-level", "warning",
        ]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BNET_") }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        base = URL(string: "http://127.0.0.1:\(port)")!
        for _ in 0..<200 {
            if let health = try? await transport.send(HTTPRequest(url: base.appending(path: "healthz"), timeout: .seconds(1))),
                health.status == 200
            {
                return process
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw LoadError("bnet-relay did not start")
    }

    /// One client: starts a login from its own address, then long-polls until the deadline.
    func poller(index: Int, until deadline: ContinuousClock.Instant) async {
        guard let login = await start() else { return }
        while ContinuousClock.now < deadline {
            let response = await poll(login.deviceCode, wait: wait)
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

    private func completeOne() async {
        guard let login = await start() else { return }
        do {
            let browser = [(name: "X-Forwarded-For", value: login.address)]
            let page = try await transport.send(HTTPRequest(
                url: base.appending(path: "device").appendingQuery([("user_code", login.userCode)]), headers: browser))
            let html = String(decoding: page.body, as: UTF8.self)
            guard let nonce = html.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1,
                let cookie = page.header("Set-Cookie")?.split(separator: ";").first
            else { return record("confirmation page \(page.status)") }
            let confirmed = try await transport.send(HTTPRequest(
                method: "POST", url: base.appending(path: "device"),
                headers: browser + [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", String(cookie))],
                body: Data(FormEncoding.encode([("user_code", login.userCode), ("confirm", String(nonce))]).utf8)))
            guard let authorize = confirmed.header("Location").flatMap(URL.init(string:)) else {
                return record("confirm answered \(confirmed.status)")
            }
            let decided = try await transport.send(HTTPRequest(url: authorize.appendingQuery([("emulator_decision", "approve")])))
            guard let callback = decided.header("Location").flatMap(URL.init(string:)) else {
                return record("emulator answered \(decided.status)")
            }
            async let held = poll(login.deviceCode, wait: 10)
            try await Task.sleep(for: .milliseconds(20))
            let clock = ContinuousClock()
            let delivered = clock.now
            let done = try await transport.send(HTTPRequest(url: callback))
            guard done.status == 200 else { return record("callback answered \(done.status)") }
            guard let token = await held, token.status == 200 else { return record("pickup failed") }
            stats.completed += 1
            stats.latencies.append((clock.now - delivered).timeInterval)
        } catch {
            record("\(error)")
        }
    }

    private func start() async -> (deviceCode: String, userCode: String, address: String)? {
        nextAddress += 1
        let address = "10.\(nextAddress / 65_536 % 256).\(nextAddress / 256 % 256).\(nextAddress % 256)"
        do {
            let response = try await transport.send(HTTPRequest(
                method: "POST", url: base.appending(path: "oauth/device/code"),
                headers: [("Content-Type", "application/x-www-form-urlencoded"), ("X-Forwarded-For", address)],
                body: Data("client_id=d3".utf8)))
            let body = json(response)
            guard response.status == 200, let device = body["device_code"] as? String, let user = body["user_code"] as? String
            else {
                record("start answered \(response.status)")
                return nil
            }
            return (device, user, address)
        } catch {
            record("\(error)")
            return nil
        }
    }

    private func poll(_ deviceCode: String, wait: Int) async -> HTTPResponse? {
        do {
            return try await transport.send(HTTPRequest(
                method: "POST", url: base.appending(path: "oauth/token"),
                headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: Data(FormEncoding.encode([
                    ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode),
                    ("client_id", "d3"), ("wait", "\(wait)"),
                ]).utf8),
                timeout: .seconds(wait + 10)))
        } catch {
            record("\(error)")
            return nil
        }
    }

    private func record(_ error: String) {
        stats.errors += 1
        if stats.firstError == nil { stats.firstError = error }
    }

    private nonisolated func json(_ response: HTTPResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
    }
}

struct LoadError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
