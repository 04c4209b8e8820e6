import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOHTTP1
import RelayApp
import RelayCore
import Testing

@testable import RelayServer

/// Every refusal each route can give, in process: its status, its OAuth error, and the headers the one renderer
/// adds (`Cache-Control: no-store` on every one, `WWW-Authenticate` on every 401, `Retry-After` on every 429 and 503).
@Suite("Refusals, route by route", .timeLimit(.minutes(2)))
struct RefusalTableTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let method: HTTPRequest.Method
        let path: String
        var form: [(String, String)]? = nil
        var body: String? = nil
        var headers: [(name: String, value: String)] = []
        let status: Int
        let error: String
        var description: String? = nil
        var allow: String? = nil

        var testDescription: String { name }
    }

    static let grant = ("grant_type", TokenController.deviceCodeGrant)
    static let basicSecret = [(name: "Authorization", value: "Basic " + Data("d3:s3cret".utf8).base64EncodedString())]
    static let basicGarbage = [(name: "Authorization", value: "Basic %%%")]
    static let basicOther = [(name: "Authorization", value: "Basic " + Data("myapp:".utf8).base64EncodedString())]
    static let unknownDevice = ("device_code", String(repeating: "x", count: 43))

    static let cases: [Case] = [
        // POST /oauth/device/code
        Case(name: "device code: not a form", method: .post, path: "/oauth/device/code", body: "%zz", status: 400,
             error: "invalid_request", description: "application/x-www-form-urlencoded"),
        Case(name: "device code: a parameter twice", method: .post, path: "/oauth/device/code",
             form: [("client_id", "d3"), ("client_id", "d3")], status: 400, error: "invalid_request", description: "more than once"),
        Case(name: "device code: no client_id", method: .post, path: "/oauth/device/code", form: [("scope", "openid")],
             status: 400, error: "invalid_request", description: "client_id is missing"),
        Case(name: "device code: Basic with a secret", method: .post, path: "/oauth/device/code", form: [],
             headers: basicSecret, status: 401, error: "invalid_client", description: "no secret"),
        Case(name: "device code: Basic that is not base64", method: .post, path: "/oauth/device/code", form: [],
             headers: basicGarbage, status: 401, error: "invalid_client", description: "not valid HTTP Basic"),
        Case(name: "device code: two different client_ids", method: .post, path: "/oauth/device/code",
             form: [("client_id", "d3")], headers: basicOther, status: 400, error: "invalid_request", description: "differ"),
        Case(name: "device code: unknown app", method: .post, path: "/oauth/device/code", form: [("client_id", "nosuch")],
             status: 400, error: "invalid_client", description: "Unknown client_id"),
        Case(name: "device code: a forward-mode app", method: .post, path: "/oauth/device/code", form: [("client_id", "fwdapp")],
             status: 400, error: "unauthorized_client", description: "forward mode"),
        Case(name: "device code: a scope not allowed", method: .post, path: "/oauth/device/code",
             form: [("client_id", "d3"), ("scope", "offline_access")], status: 400, error: "invalid_scope", description: "offline_access"),
        Case(name: "device code: too large a body", method: .post, path: "/oauth/device/code",
             body: "client_id=" + String(repeating: "a", count: 20_000), status: 413, error: "request_too_large"),
        // POST /oauth/token
        Case(name: "token: not a form", method: .post, path: "/oauth/token", body: "%zz", status: 400, error: "invalid_request"),
        Case(name: "token: a parameter twice", method: .post, path: "/oauth/token", form: [grant, grant], status: 400,
             error: "invalid_request", description: "more than once"),
        Case(name: "token: another grant type", method: .post, path: "/oauth/token", form: [("grant_type", "password")],
             status: 400, error: "unsupported_grant_type"),
        Case(name: "token: Basic with a secret", method: .post, path: "/oauth/token", form: [grant, unknownDevice],
             headers: basicSecret, status: 401, error: "invalid_client"),
        Case(name: "token: no device_code", method: .post, path: "/oauth/token", form: [grant], status: 400,
             error: "invalid_request", description: "device_code is missing"),
        Case(name: "token: too long a device_code", method: .post, path: "/oauth/token",
             form: [grant, ("device_code", String(repeating: "x", count: 300))], status: 400, error: "invalid_request",
             description: "too long"),
        Case(name: "token: a wait that is not a number", method: .post, path: "/oauth/token",
             form: [grant, unknownDevice, ("wait", "soon")], status: 400, error: "invalid_request", description: "wait"),
        Case(name: "token: an unknown device_code", method: .post, path: "/oauth/token", form: [grant, unknownDevice],
             status: 400, error: "invalid_grant", description: "Unknown device_code"),
        // POST /oauth/revoke
        Case(name: "revoke: no client_id", method: .post, path: "/oauth/revoke", form: [("token", "t")], status: 400,
             error: "invalid_request", description: "client_id is missing"),
        Case(name: "revoke: Basic with a secret", method: .post, path: "/oauth/revoke", form: [("token", "t")],
             headers: basicSecret, status: 401, error: "invalid_client", description: "no secret"),
        Case(name: "revoke: unknown app", method: .post, path: "/oauth/revoke", form: [("token", "t"), ("client_id", "nosuch")],
             status: 401, error: "invalid_client", description: "no app named nosuch"),
        Case(name: "revoke: no token", method: .post, path: "/oauth/revoke", form: [("client_id", "d3")], status: 400,
             error: "invalid_request", description: "token is missing"),
        Case(name: "revoke: too long a token", method: .post, path: "/oauth/revoke",
             form: [("client_id", "d3"), ("token", String(repeating: "x", count: 5000))], status: 400,
             error: "invalid_request", description: "too long"),
        // The router's own
        Case(name: "an unknown path", method: .get, path: "/nosuch", status: 404, error: "not_found"),
        Case(name: "a method a path does not take", method: .delete, path: "/oauth/token", status: 405,
             error: "method_not_allowed", allow: "POST"),
    ]

    @Test("Each refusal has its status, error, description and the renderer's headers", arguments: cases)
    func refusal(_ refusal: Case) async throws {
        try await withRelay(via: .router, emulator: try await .shared) { relay in
            let response: TransportResponse
            if let form = refusal.form {
                response = try await relay.post(refusal.path, form: form, headers: refusal.headers)
            } else if let body = refusal.body {
                response = try await relay.post(refusal.path, body: body, headers: refusal.headers)
            } else {
                response = try await relay.send(TransportRequest(
                    method: refusal.method.rawValue, url: URL(string: publicBase + refusal.path)!, headers: refusal.headers))
            }
            Self.check(response, status: refusal.status, error: refusal.error)
            if let description = refusal.description {
                #expect((response.json["error_description"] as? String)?.contains(description) == true)
            }
            if let allow = refusal.allow { #expect(response.header("Allow") == allow) }
            if refusal.path == "/oauth/token", refusal.status != 405, refusal.status != 413 {
                #expect(response.json["interval"] as? Int == 5)
            }
        }
    }

    @Test("A client that starts too many logins gets 429 slow_down with Retry-After")
    func startLimit() async throws {
        try await withRelay(via: .router, emulator: try await .shared, { $0.startsPerMinute = 2 }) { relay in
            for _ in 0..<2 { #expect(try await relay.post("/oauth/device/code", form: [("client_id", "d3")]).status == 200) }
            Self.check(try await relay.post("/oauth/device/code", form: [("client_id", "d3")]), status: 429, error: "slow_down")
        }
    }

    @Test("A client that revokes too often gets 429 slow_down with Retry-After, before its request is looked at")
    func revocationLimit() async throws {
        try await withRelay(via: .router, emulator: try await .shared, { $0.startsPerMinute = 2 }) { relay in
            for _ in 0..<2 {
                Self.check(try await relay.post("/oauth/revoke", form: [("client_id", "d3")]), status: 400, error: "invalid_request")
            }
            Self.check(
                try await relay.post("/oauth/revoke", form: [("client_id", "d3"), ("token", "t")]), status: 429, error: "slow_down")
        }
    }

    @Test("Past the cap on open logins, a start gets 503 temporarily_unavailable with Retry-After")
    func openLoginCap() async throws {
        try await withRelay(via: .router, emulator: try await .shared, { $0.settings.maxOpenLogins = 1 }) { relay in
            #expect(try await relay.post("/oauth/device/code", form: [("client_id", "d3")]).status == 200)
            Self.check(
                try await relay.post("/oauth/device/code", form: [("client_id", "d3")]), status: 503, error: "temporarily_unavailable")
        }
    }

    @Test("/readyz before the database was checked is 503 with Retry-After")
    func notReady() async throws {
        try await RelayHarness.withRouter(emulator: try await .shared, prepared: false) { relay in
            Self.check(try await relay.ops("/readyz"), status: 503, error: "temporarily_unavailable")
        }
    }

    @Test("Errors from below the handlers: an unavailable store is 503, malformed framing 400, anything else 500")
    func foreignErrors() async throws {
        let router = Router(context: RelayContext.self)
        router.middlewares.add(RefusalMiddleware())
        router.get("store") { _, _ -> Response in throw LoginStoreUnavailable(reason: "test") }
        router.get("framing") { _, _ -> Response in throw HTTPParserError.invalidChunkSize }
        router.get("other") { _, _ -> Response in throw CancellationError() }
        try await Application(router: router).test(.router) { client in
            for (path, status, error) in [("/store", 503, "temporarily_unavailable"), ("/framing", 400, "invalid_request"), ("/other", 500, "server_error")] {
                Self.check(TransportResponse(try await client.execute(uri: path, method: .get)), status: status, error: error)
            }
        }
    }

    static func check(_ response: TransportResponse, status: Int, error: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.json["error"] as? String == error, sourceLocation: sourceLocation)
        #expect(response.json["error_description"] is String, sourceLocation: sourceLocation)
        #expect(response.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
        #expect(response.header("Cache-Control") == "no-store", sourceLocation: sourceLocation)
        #expect((response.header("WWW-Authenticate") != nil) == (status == 401), sourceLocation: sourceLocation)
        let retryAfter = response.header("Retry-After")
        #expect(retryAfter == (status == 429 || status == 503 ? "60" : nil), sourceLocation: sourceLocation)
    }
}
