import BattleNet
import Foundation
import InMemoryLogging
import Logging
import RelayApp
import Testing

@testable import RelayServer

/// Malformed requests and framing over real sockets (the HTTP server is the point), wrong methods in process.
@Suite("Bad input", .timeLimit(.minutes(2)))
struct BadInputTests {
    /// Every header the relay (or its HTTP server) may send; anything else would be injected.
    static let knownHeaders: Set<String> = [
        "content-type", "content-length", "transfer-encoding", "connection", "date", "server", "location",
        "cache-control", "pragma", "set-cookie", "retry-after", "x-content-type-options", "referrer-policy",
        "x-frame-options", "content-security-policy", "x-request-id", "allow", "vary", "www-authenticate",
    ]

    @Test("Every malformed request gets a clear 4xx, no header is injected, and a full login works afterwards")
    func corpus() async throws {
        try await withRelay(via: .sockets, { $0.codeEntriesPerMinute = 10_000 }) { relay in
            let port = try #require(relay.baseURL.port)
            for input in BadInputCorpus.all {
                let response = await RawHTTP.roundTrip(input.request, port: port)
                check(response, for: input)
                let health = await RawHTTP.roundTrip(RawHTTP.request("GET", "/healthz"), port: port)
                #expect(health?.status == 200, "the relay stopped answering after \(input.name)")
            }
            try await fullLogin(relay)
        }
    }

    @Test("Malformed framing (a chunk size that overflows) is a 400 JSON refusal, and no error is logged")
    func malformedFraming() async throws {
        try await withRelay(via: .sockets) { relay in
            let input = BadInputCorpus.chunkSizeOverflow
            let response = try #require(await RawHTTP.roundTrip(input.request, port: relay.baseURL.port!))
            #expect(response.status == 400)
            #expect(response.text.contains(#""error":"invalid_request""#))
            #expect(!relay.logs.handler.entries.contains { $0.level >= .error }, "\(relay.logs.text)")
        }
    }

    @Test("A known path asked with the wrong method answers 405 with Allow, not 404", arguments: [
        ("GET", "/oauth/token", "POST"), ("GET", "/oauth/device/code", "POST"), ("PUT", "/device", "GET, POST"),
        ("DELETE", "/oauth/device/code", "POST"), ("POST", "/redirect/d3", "GET"), ("POST", "/healthz", "GET"),
    ])
    func wrongMethod(method: String, path: String, allow: String) async throws {
        try await withRelay(via: .router) { relay in
            let response = try await relay.send(TransportRequest(method: method, url: URL(string: publicBase + path)!))
            #expect(response.status == 405)
            #expect(response.header("Allow") == allow)
            #expect(response.text.contains("method_not_allowed"))
        }
    }

    private func check(_ response: RawResponse?, for input: BadInput) {
        guard let response else {
            if case .clientErrorOrClosed = input.expectation { return }
            Issue.record("\(input.name): the connection closed without an answer")
            return
        }
        for (name, value) in response.headers {
            #expect(Self.knownHeaders.contains(name.lowercased()), "\(input.name): unexpected header \(name): \(value)")
            #expect(!value.contains("\r") && !value.contains("\n"), "\(input.name): CR or LF in \(name)")
        }
        #expect(
            response.headers("Set-Cookie").allSatisfy { $0.hasPrefix("bnr_confirm_") || $0.hasPrefix("bnr_login_") },
            "\(input.name): a Set-Cookie the relay did not make")
        switch input.expectation {
        case .clientError, .clientErrorOrClosed:
            #expect((400..<500).contains(response.status), "\(input.name): status \(response.status) \(response.text.prefix(300))")
            #expect(response.header("Location") == nil, "\(input.name): redirected to \(response.header("Location") ?? "")")
            if case .clientErrorOrClosed = input.expectation, response.body.isEmpty { break }
            expectClearBody(response, input.name)
        case .redirect(let prefix):
            #expect(response.status == 302, "\(input.name): status \(response.status)")
            let location = response.header("Location") ?? ""
            #expect(location.hasPrefix(prefix), "\(input.name): Location \(location)")
            #expect(!location.contains(" "), "\(input.name): unencoded space in \(location)")
        }
    }

    /// A JSON error with both fields, or an HTML page with a heading.
    private func expectClearBody(_ response: RawResponse, _ name: String) {
        let type = response.header("Content-Type") ?? ""
        if type.hasPrefix("application/json") {
            let json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
            #expect(json["error"] is String, "\(name): no error in \(response.text.prefix(300))")
            #expect((json["error_description"] as? String)?.isEmpty == false, "\(name): no error_description")
        } else if type.hasPrefix("text/html") {
            #expect(response.text.contains("<h1>"), "\(name): an HTML page without a heading")
        } else {
            Issue.record("\(name): neither JSON nor HTML (\(type)), status \(response.status) \(response.headers): \(response.text.prefix(300))")
        }
    }

    /// The relay unharmed: a normal login from start to token.
    private func fullLogin(_ relay: RelayHarness) async throws {
        let (login, callback) = try await relay.loginUntilCallback()
        let page = try await relay.get(callback)
        #expect(page.status == 200, "\(page.text)")
        let granted = try await relay.poll(login, wait: 5)
        #expect(granted.status == 200, "\(granted.text)")
        #expect(granted.json["access_token"] is String)
    }
}
