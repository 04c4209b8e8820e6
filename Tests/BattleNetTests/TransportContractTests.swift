import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import BattleNetURLSession
import Foundation
import Testing

/// The transports an app or server can plug into the library; each must keep the contract of `HTTPTransport`.
enum TransportKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case asyncHTTPClient, urlSession

    var transport: any HTTPTransport {
        switch self {
        case .asyncHTTPClient: AsyncHTTPClientTransport.shared
        case .urlSession: URLSessionTransport.shared
        }
    }

    var testDescription: String { rawValue }
}

/// One suite for every transport, against the emulator over real sockets: the same answers, the same errors.
@Suite("HTTP transports keep one contract", .timeLimit(.minutes(2)))
struct TransportContractTests {
    @Test("A GET returns status, headers (any case) and the whole body", arguments: TransportKind.allCases)
    func get(kind: TransportKind) async throws {
        try await withEmulator(via: .sockets) { emulator in
            let response = try await kind.transport.send(TransportRequest(
                url: emulator.baseURL.appending(path: ".well-known/openid-configuration")))
            #expect(response.status == 200)
            #expect(response.header("content-type")?.hasPrefix("application/json") == true)
            let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect(json?["token_endpoint"] as? String != nil)
        }
    }

    @Test("A POST carries its headers and body", arguments: TransportKind.allCases)
    func post(kind: TransportKind) async throws {
        try await withEmulator(via: .sockets) { emulator in
            let client = OAuthClient(credentials: testCredentials, endpoints: emulator.endpoints, transport: kind.transport)
            let token = try await client.clientCredentialsToken()
            #expect(!token.value.isEmpty)
            let wrong = OAuthClient(
                credentials: ClientCredentials(id: testCredentials.id, secret: "wrong"), endpoints: emulator.endpoints,
                transport: kind.transport)
            do {
                _ = try await wrong.clientCredentialsToken()
                Issue.record("a wrong secret was accepted")
            } catch BattleNetError.oauth(let error) {
                #expect(error.status == 401)
            }
        }
    }

    @Test("A redirect is returned to the caller, never followed", arguments: TransportKind.allCases)
    func redirect(kind: TransportKind) async throws {
        try await withEmulator(via: .sockets) { emulator in
            let authorize = emulator.oauthClient().authorizeURL(redirectURI: testRedirectURI, scopes: ["openid"], state: "s")
                .appendingQuery([("emulator_decision", "approve")])
            let response = try await kind.transport.send(TransportRequest(url: authorize))
            #expect(response.status == 302)
            #expect(response.header("Location")?.hasPrefix(testRedirectURI) == true)
        }
    }

    @Test("Error statuses are responses with their bodies, not failures", arguments: TransportKind.allCases)
    func errorStatus(kind: TransportKind) async throws {
        try await withEmulator(via: .sockets) { emulator in
            let response = try await kind.transport.send(TransportRequest(url: emulator.baseURL.appending(path: "no/such/path")))
            #expect(response.status == 404)
            #expect(String(decoding: response.body, as: UTF8.self).contains("404"))
        }
    }

    @Test("A slow answer fails as timeout once the request's time is up", arguments: TransportKind.allCases)
    func timeout(kind: TransportKind) async throws {
        try await withEmulator(via: .sockets) { emulator in
            await emulator.state.inject(EmulatorFault(pathPrefix: "/.well-known", kind: .latency(milliseconds: 8_000), count: 1))
            // Well before the answer (8 s), with room for a loaded machine: what matters is that it did not wait.
            let clock = ContinuousClock()
            let start = clock.now
            await #expect(throws: BattleNetError.timeout) {
                try await kind.transport.send(TransportRequest(
                    url: emulator.baseURL.appending(path: ".well-known/openid-configuration"), timeout: .seconds(1)))
            }
            #expect(clock.now - start < .seconds(6))
        }
    }

    @Test("A body over the cap is refused", arguments: TransportKind.allCases)
    func tooLarge(kind: TransportKind) async throws {
        try await withEmulator(via: .sockets) { emulator in
            let url = emulator.baseURL.appending(path: ".well-known/openid-configuration")
            await #expect(throws: BattleNetError.responseTooLarge(limit: 100)) {
                try await kind.transport.send(TransportRequest(url: url, maxResponseBytes: 100))
            }
            let whole = try await kind.transport.send(TransportRequest(url: url))
            let exact = try await kind.transport.send(TransportRequest(url: url, maxResponseBytes: whole.body.count))
            #expect(exact.body == whole.body)
        }
    }

    @Test("A dropped connection and a closed port are unreachable, at once", arguments: TransportKind.allCases)
    func unreachable(kind: TransportKind) async throws {
        try await withEmulator(via: .sockets) { emulator in
            await emulator.state.inject(EmulatorFault(pathPrefix: "/.well-known", kind: .dropConnection, count: 1))
            let url = emulator.baseURL.appending(path: ".well-known/openid-configuration")
            await expectUnreachable { try await kind.transport.send(TransportRequest(url: url)) }
            let again = try await kind.transport.send(TransportRequest(url: url))
            #expect(again.status == 200)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let closedPort = try #require(URL(string: "http://127.0.0.1:1/"))
        await expectUnreachable { try await kind.transport.send(TransportRequest(url: closedPort, timeout: .seconds(20))) }
        #expect(clock.now - start < .seconds(10))
    }

    @Test("Cancelling the caller cancels the request", arguments: TransportKind.allCases)
    func cancellation(kind: TransportKind) async throws {
        try await withEmulator(via: .sockets) { emulator in
            await emulator.state.inject(EmulatorFault(pathPrefix: "/.well-known", kind: .latency(milliseconds: 10_000), count: 1))
            let url = emulator.baseURL.appending(path: ".well-known/openid-configuration")
            let clock = ContinuousClock()
            let start = clock.now
            let request = Task { try await kind.transport.send(TransportRequest(url: url, timeout: .seconds(20))) }
            try await Task.sleep(for: .milliseconds(300))
            request.cancel()
            await #expect(throws: CancellationError.self) { try await request.value }
            #expect(clock.now - start < .seconds(6))
        }
    }

    private func expectUnreachable(_ send: () async throws -> TransportResponse) async {
        do {
            let response = try await send()
            Issue.record("expected unreachable, got HTTP \(response.status)")
        } catch BattleNetError.unreachable(let reason) {
            #expect(!reason.isEmpty)
        } catch {
            Issue.record("expected unreachable, got \(error)")
        }
    }
}
