import BattleNet
import BattleNetEmulator
import Foundation
import Testing

@Suite("DeviceFlowClient against servers that can be run here", .timeLimit(.minutes(2)))
struct DeviceFlowClientTests {
    @Test("Without RFC 8414 metadata (HTTP 404), discovery falls back to /oauth/device/code and /oauth/token")
    func discoveryFallback() async throws {
        try await withEmulator { emulator in
            let client = try await DeviceFlowClient.discover(relayURL: emulator.baseURL, transport: emulator.transport)
            #expect(client.endpoints == DeviceFlowEndpoints(conventionalAt: emulator.baseURL))
            #expect(client.endpoints.longPollWaitMax == nil)
            await #expect(throws: DeviceFlowError.unsupported(
                "\(emulator.baseURL.absoluteString)/oauth/device/code answered HTTP 404")
            ) {
                try await client.start(clientID: "d3")
            }
        }
    }

    @Test("An unreachable server fails discovery with BattleNetError.unreachable")
    func unreachable() async throws {
        let error = await #expect(throws: BattleNetError.self) {
            try await DeviceFlowClient.discover(relayURL: URL(string: "http://127.0.0.1:1")!, transport: httpTransport)
        }
        guard case .unreachable = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
    }

    @Test("A device authorization never shows its device code")
    func redactsDeviceCode() {
        let authorization = DeviceAuthorization(
            clientID: "d3", deviceCode: "secret-device-code", userCode: "WDJB-MJHT",
            verificationURI: URL(string: "https://relay.example.com/device")!, expiresAt: Date())
        #expect(!authorization.description.contains("secret-device-code"))
        #expect(authorization.description.contains("WDJB-MJHT"))
    }
}
