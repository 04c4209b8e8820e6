import BattleNet
import Foundation
import Testing

/// The device-flow client's loopback sign-in, against a stand-in relay that speaks the documented wire names:
/// `loopback_redirect_supported` in the metadata, `redirect_uri` in the device authorization request and repeated
/// in its answer, `result` / `callback_code` / `error` on the browser's return, `callback_code` at the token endpoint.
@Suite("DeviceFlowClient: loopback sign-in", .timeLimit(.minutes(1)))
struct LoopbackDeviceFlowTests {
    private let loopback = LoopbackRedirect(host: .ipv4, port: 49152, path: "/bnet/4f2a")!

    private func client(_ relay: StubRelay) async throws -> DeviceFlowClient {
        try await DeviceFlowClient.discover(relayURL: StubRelay.baseURL, transport: relay)
    }

    @Test("The metadata says whether the relay offers it; the start sends redirect_uri and keeps the relay's echo")
    func start() async throws {
        let relay = StubRelay()
        let client = try await client(relay)
        #expect(client.endpoints.loopbackRedirect)
        let authorization = try await client.start(clientID: "d3", scopes: ["openid"], loopback: loopback)
        #expect(authorization.loopbackRedirect == loopback)
        let form = try #require(relay.forms(of: "/oauth/device/code").last)
        #expect(form.contains { $0 == ("redirect_uri", "http://127.0.0.1:49152/bnet/4f2a") })

        relay.offersLoopback = false
        let plain = try await self.client(relay)
        #expect(!plain.endpoints.loopbackRedirect)
        // A relay that does not repeat the address runs a plain device-flow login: the client must fall back.
        #expect(try await plain.start(clientID: "d3", loopback: loopback).loopbackRedirect == nil)
        #expect(try await plain.start(clientID: "d3").loopbackRedirect == nil)
    }

    @Test("The browser's return is read only at the exact address, with redirect mode's query rules", arguments: [
        ("http://127.0.0.1:49152/bnet/4f2a?result=approved&callback_code=abc-DEF_1.~", RelayCallback.Outcome.approved, "abc-DEF_1.~", nil),
        ("http://127.0.0.1:49152/bnet/4f2a?result=denied&error=access_denied", .denied, nil, "access_denied"),
        ("http://127.0.0.1:49152/bnet/4f2a?result=failed&error=server_error", .failed, nil, "server_error"),
    ] as [(String, RelayCallback.Outcome, String?, String?)])
    func returnAccepted(url: String, outcome: RelayCallback.Outcome, code: String?, error: String?) throws {
        let callback = try #require(RelayCallback(loopbackReturn: URL(string: url)!, to: loopback))
        #expect(callback.outcome == outcome)
        #expect(callback.callbackCode == code)
        #expect(callback.error == error)
    }

    @Test("Any other return is not the relay's", arguments: [
        "http://127.0.0.1:49152/other?result=approved&callback_code=abc",
        "http://127.0.0.1:49153/bnet/4f2a?result=approved&callback_code=abc",
        "http://[::1]:49152/bnet/4f2a?result=approved&callback_code=abc",
        "http://127.0.0.1:49152/bnet/4f2a?result=approved",
        "http://127.0.0.1:49152/bnet/4f2a?result=denied&callback_code=abc",
        "http://127.0.0.1:49152/bnet/4f2a?result=approved&callback_code=abc#x",
        "http://127.0.0.1:49152/bnet/4f2a",
    ])
    func returnRefused(url: String) {
        #expect(RelayCallback(loopbackReturn: URL(string: url)!, to: loopback) == nil)
    }

    @Test("After an approval the token is collected with the callback_code; a denial or failure throws")
    func collect() async throws {
        let relay = StubRelay()
        let client = try await client(relay)
        let authorization = try await client.start(clientID: "d3", loopback: loopback)
        let approved = try #require(RelayCallback(
            loopbackReturn: URL(string: "\(loopback)?result=approved&callback_code=\(StubRelay.callbackCode)")!, to: loopback))
        let token = try await client.collect(authorization, after: approved)
        #expect(token.token.battleTag == StubRelay.faye)
        #expect(relay.tokenForms.last?.contains { $0 == ("callback_code", StubRelay.callbackCode) } == true)
        #expect(relay.tokenForms.last?.contains { $0 == ("device_code", authorization.deviceCode) } == true)

        let denied = try #require(RelayCallback(loopbackReturn: URL(string: "\(loopback)?result=denied")!, to: loopback))
        await #expect(throws: DeviceFlowError.accessDenied) { try await client.collect(authorization, after: denied) }
        let failed = try #require(RelayCallback(
            loopbackReturn: URL(string: "\(loopback)?result=failed&error=server_error")!, to: loopback))
        let error = await #expect(throws: DeviceFlowError.self) { try await client.collect(authorization, after: failed) }
        guard case .oauth(let oauth) = error else { Issue.record("expected an OAuth error, got \(String(describing: error))"); return }
        #expect(oauth.error == "server_error")
    }
}
