import BattleNet
import Foundation
import HTTPTypes
import HummingbirdTesting
import Hummingbird
import RelayApp
import RelayCore
import TestSupport
@testable import RelayServer
import Testing

@Suite("Start, verification page, metadata, health and metrics", .timeLimit(.minutes(2)))
struct EndpointTests {
    @Test("Each request is logged; routine poll answers and health probes at debug, the rest at info")
    func requestLog() async throws {
        try await withRelay(via: .router, emulator: try await .shared) { relay in
            let login = try await relay.startLogin()
            #expect(try await relay.poll(login).status == 400)
            #expect(try await relay.get("/healthz").status == 200)
            #expect(try await relay.get("/nowhere").status == 404)
            let lines = relay.logs.text.split(separator: "\n").filter { $0.contains(" request ") }
            func level(_ field: String) -> Substring? {
                lines.first { $0.contains(field + " ") || $0.hasSuffix(field) }?.split(separator: " ").first
            }
            #expect(level("route=/oauth/device/code") == "info")
            #expect(level("route=/oauth/token") == "debug")
            #expect(level("route=/healthz") == "debug")
            #expect(level("status=404") == "info", "\(lines)")
        }
    }

    @Test("Unknown clients, forbidden scopes and malformed requests are refused with OAuth errors")
    func startErrors() async throws {
        try await withRelay(via: .router, emulator: try await .shared) { relay in
            let unknown = try await relay.post("/oauth/device/code", form: [("client_id", "nobody")])
            #expect(unknown.status == 400)
            #expect(unknown.json["error"] as? String == "invalid_client")
            let scope = try await relay.post("/oauth/device/code", form: [("client_id", "d3"), ("scope", "d3.profile offline_access")])
            #expect(scope.json["error"] as? String == "invalid_scope")
            let missing = try await relay.post("/oauth/device/code", form: [("scope", "openid")])
            #expect(missing.json["error"] as? String == "invalid_request")
            let duplicate = try await relay.post("/oauth/device/code", body: "client_id=d3&client_id=myapp")
            #expect(duplicate.json["error"] as? String == "invalid_request")
            let badEncoding = try await relay.post("/oauth/device/code", body: "client_id=%zz")
            #expect(badEncoding.status == 400)
            let huge = try await relay.post("/oauth/device/code", body: "client_id=d3&pad=" + String(repeating: "a", count: 40_000))
            #expect(huge.status == 413)
            #expect(huge.json["error"] as? String == "request_too_large")
            let grant = try await relay.post("/oauth/token", form: [("grant_type", "password"), ("username", "x")])
            #expect(grant.json["error"] as? String == "unsupported_grant_type")
            let noDevice = try await relay.post("/oauth/token", form: [("grant_type", "urn:ietf:params:oauth:grant-type:device_code")])
            #expect(noDevice.json["error"] as? String == "invalid_request")
            let notFound = try await relay.get("/nowhere")
            #expect(notFound.status == 404)
            #expect(notFound.json["error"] as? String == "not_found")
            #expect(notFound.json["error_description"] as? String == "No such endpoint. See the API reference in docs/protocol.md.")
        }
    }

    @Test("Scopes the app may ask for are granted as asked")
    func scopes() async throws {
        try await withRelay(via: .router, emulator: try await .shared) { relay in
            let login = try await relay.startLogin(scope: "openid")
            let authorize = try await relay.confirm(login)
            #expect(authorize.queryValue("scope") == "openid")
        }
    }

    @Test("Wrong codes get a clear page, and guessing is throttled per address")
    func codeEntry() async throws {
        try await withRelay(via: .router, emulator: try await .shared, { $0.codeEntriesPerMinute = 3 }) { relay in
            let empty = try await relay.get("/device")
            #expect(empty.status == 200)
            #expect(empty.text.contains("Enter the code"))
            let malformed = try await relay.get("/device?user_code=12345")
            #expect(malformed.status == 400)
            #expect(malformed.text.contains("8 letters"))
            let wrong = try await relay.get("/device?user_code=BCDF-GHJK")
            #expect(wrong.status == 404)
            #expect(wrong.text.contains("unknown or has expired"))
            let escaped = try await relay.get("/device?user_code=%3Cscript%3E")
            #expect(!escaped.text.contains("<script>"))
            let throttled = try await relay.get("/device?user_code=BCDF-GHJL")
            #expect(throttled.status == 429)
            #expect(throttled.text.contains("Too many"))
        }
    }

    @Test("User codes are case-insensitive and ignore separators")
    func lenientCode() async throws {
        try await withRelay(via: .router, emulator: try await .shared) { relay in
            let login = try await relay.startLogin()
            let typed = login.userCode.lowercased().replacingOccurrences(of: "-", with: " ")
            let page = try await relay.get("/device?user_code=" + FormEncoding.escape(typed))
            #expect(page.status == 200)
            #expect(page.text.contains(login.userCode))
        }
    }

    @Test("Metadata names the device and token endpoints from configuration, not request headers")
    func metadata() async throws {
        try await withRelay(via: .router, emulator: try await .shared) { relay in
            let response = try await relay.get("/.well-known/oauth-authorization-server", headers: [("Host", "evil.example"), ("X-Forwarded-Host", "evil.example")])
            let json = response.json
            #expect(json["issuer"] as? String == publicBase)
            #expect(json["device_authorization_endpoint"] as? String == "\(publicBase)/oauth/device/code")
            #expect(json["token_endpoint"] as? String == "\(publicBase)/oauth/token")
            #expect(json["long_poll_wait_max"] as? Int == 30)
            #expect(json["regions_supported"] as? [String] == ["us", "eu", "kr", "tw"])
            #expect(json["sandbox_api_url"] == nil, "only a sandbox relay names an API of its own")
            #expect((json["grant_types_supported"] as? [String]) == ["authorization_code", "urn:ietf:params:oauth:grant-type:device_code"])
            #expect(json["authorization_endpoint"] as? String == "\(publicBase)/oauth/authorize")
            #expect(json["jwks_uri"] as? String == "\(publicBase)/oauth/jwks")
            let login = try await relay.post("/oauth/device/code", form: [("client_id", "d3")], headers: [("X-Forwarded-Host", "evil.example")])
            #expect((login.json["verification_uri"] as? String) == "\(publicBase)/device")
        }
    }

    @Test("healthz, readyz and metrics answer; metrics count what happened")
    func operations() async throws {
        try await withRelay(via: .router, emulator: try await .shared) { relay in
            let health = try await relay.get("/healthz")
            #expect(health.json["status"] as? String == "ok")
            #expect(health.json["sandbox"] as? Bool == false)
            #expect(try await relay.ops("/readyz").status == 200)
            #expect(try await relay.ops("/healthz").status == 200)
            // The operations endpoints are not on the public listener.
            #expect(try await relay.get("/readyz").status == 404)
            #expect(try await relay.get("/metrics").status == 404)
            // Before the first event every series is there, at zero, so that an alert on a rate sees the first one.
            let before = try await relay.ops("/metrics").text
            for series in [
                #"bnet_relay_logins_started_total{app="myapp"} 0"#, #"bnet_relay_callbacks_total{outcome="failed"} 0"#,
                #"bnet_relay_exchanges_total{outcome="failed"} 0"#, #"bnet_relay_polls_total{result="token"} 0"#,
                #"bnet_relay_throttled_total{limit="login_start"} 0"#, "bnet_relay_pickups_total 0",
                "bnet_relay_build_info{version=\"\(BuildInfo.version)\",commit=\"dev\"} 1.0",
            ] {
                #expect(before.contains(series + "\n"), "\(series)")
            }
            let memory = try #require(before.firstMatch(of: /\nprocess_resident_memory_bytes (\d+)\.0\n/)?.1).flatMap { Double($0) }
            #expect((10_000_000...4_000_000_000).contains(try #require(memory)))
            let files = try #require(before.firstMatch(of: /\nprocess_open_fds (\d+)\.0\n/)?.1).flatMap { Int($0) }
            #expect((5...10_000).contains(try #require(files)))
            let start = try #require(before.firstMatch(of: /\nprocess_start_time_seconds (\d+)\.0\n/)?.1).flatMap { Double($0) }
            #expect(abs(try #require(start) - Date().timeIntervalSince1970) < 3_600)
            let (login, callback) = try await relay.loginUntilCallback()
            _ = try await relay.get(callback)
            _ = try await relay.poll(login, wait: 1)
            _ = try await relay.post("/oauth/device/code", form: [("client_id", "nobody")])
            let metrics = try await relay.ops("/metrics")
            #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = metrics.text
            #expect(text.contains("bnet_relay_logins_started_total{app=\"d3\"} 1"))
            #expect(text.contains("bnet_relay_callbacks_total{outcome=\"approved\"} 1"))
            #expect(text.contains("bnet_relay_exchanges_total{outcome=\"ok\"} 1"))
            #expect(text.contains("bnet_relay_pickups_total 1"))
            #expect(text.contains("bnet_relay_polls_total{result=\"token\"} 1"))
            #expect(text.contains("bnet_relay_exchange_duration_seconds_count 1"))
        }
    }

    @Test("Starting logins is limited per client address: exactly the burst, then 429 (in process, on a frozen clock)")
    func startLimit() async throws {
        try await withRelay(via: .router, emulator: try await .shared) { relay in
            let router = Router(context: RelayContext.self)
            router.middlewares.add(RefusalMiddleware())
            let service = relay.service
            let frozen = ManualClock().relay
            DeviceController(
                logins: service, settings: service.settings, metrics: service.metrics, keyring: service.keyring,
                apps: service.apps, startLimit: PrefixRateLimits(PrefixRateLimits.loginStarts, perNetwork: 100, per56: 100, per48: 100, clock: frozen),
                codeLimit: RateLimiter(name: "user_code", burst: 10, perMinute: 10, clock: frozen), pages: PageRenderer(sandbox: false),
                providerOrigin: "https://oauth.battle.net", cookies: BrowserCookies(secure: true)
            ).register(on: router)
            try await Application(router: router).test(.router) { client in
                var statuses: [Int] = []
                for _ in 0..<110 {
                    let start = try await client.execute(
                        uri: "/oauth/device/code", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                        body: ByteBuffer(string: "client_id=d3"))
                    statuses.append(start.status.code)
                }
                #expect(statuses.prefix(100).allSatisfy { $0 == 200 })
                #expect(statuses.suffix(10).allSatisfy { $0 == 429 })
            }
        }
    }
}
