import BattleNet
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// A sandbox relay listening on IPv6 loopback: it started with a crash before (R5-4, a force-unwrap where the
/// emulator's base URL was built without brackets).
@Suite("A sandbox relay on ::1", .timeLimit(.minutes(1)))
struct IPv6SandboxTests {
    @Test("--host ::1 starts, answers on [::1] and names its emulator's API with brackets")
    func ipv6Host() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "ipv6-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (port, ops, emulator) = (try freePort(), try freePort(), try freePort())
        let child = try BackgroundProcess(
            try RelayProcess.binary,
            ["serve", "--host", "::1", "--port", "\(port)", "--ops-port", "\(ops)", "--emulator-port", "\(emulator)",
             "--database", "relay.sqlite", "--seal-key-file", "relay.key"],
            environment: RunningRelay.environment(), directory: directory)
        let metadata = TransportRequest(
            url: try #require(URL(string: "http://[::1]:\(port)/.well-known/oauth-authorization-server")), timeout: .seconds(1))
        let deadline = ContinuousClock.now + .seconds(20)
        var answer: TransportResponse?
        while answer?.status != 200, ContinuousClock.now < deadline, child.exitStatus == nil {
            answer = try? await transport.send(metadata)
            if answer?.status != 200 { try await Task.sleep(for: .milliseconds(50)) }
        }
        let status = await child.stop(signal: SIGTERM)
        let json = try #require(answer.flatMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }, "\(child.text)")
        #expect(json["issuer"] as? String == "http://[::1]:\(port)")
        #expect(json["sandbox_api_url"] as? String == "http://[::1]:\(emulator)")
        #expect(status == 0, "a clean stop, not signal 4: \(child.text)")
    }
}
