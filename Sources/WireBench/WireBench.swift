import BattleNet
import Foundation
import NIOCore
import RelayServer

/// Measures what the relay's JSON (`ByteBuffer(relayJSON:)`: Foundation's JSONEncoder, keys sorted) costs on the
/// three wire messages it sends: nanoseconds per body, from the message to the bytes of a response, to set beside a
/// request's cost on the poll path (scripts/bench.sh). Figures, never assertions (release build).
///
/// Usage: WireBench [iterations-per-round=200000] [rounds=5]
@main
enum WireBench {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
        let iterations = arguments.first ?? 200_000
        let rounds = arguments.dropFirst().first ?? 5
        let token = TokenResponse(
            accessToken: String(repeating: "A", count: 43), expiresIn: 86_399, scope: "openid d3.profile",
            battletag: "FaYe#2543", accountID: 100_000_001, region: "us", regions: ["us", "eu", "kr", "tw"])
        let device = DeviceAuthorizationResponse(
            deviceCode: String(repeating: "D", count: 43), userCode: "WDJB-MJHT",
            verificationURI: "https://relay.example.com/device",
            verificationURIComplete: "https://relay.example.com/device?user_code=WDJB-MJHT", expiresIn: 900,
            interval: 5)
        let pending = OAuthErrorResponse(
            error: "authorization_pending", errorDescription: "The person has not approved the login yet.", interval: 5)

        print("wire-bench: \(iterations) bodies per round, median of \(rounds) rounds, ns per body (lower is better)")
        print("message".padding(toLength: 24, withPad: " ", startingAt: 0) + "bytes  ns per body")
        try row("token response", token, iterations: iterations, rounds: rounds)
        try row("device authorization", device, iterations: iterations, rounds: rounds)
        try row("error (pending poll)", pending, iterations: iterations, rounds: rounds)
    }

    private static func row(_ name: String, _ message: some Encodable, iterations: Int, rounds: Int) throws {
        let size = try ByteBuffer(relayJSON: message).readableBytes
        let nanoseconds = try median(rounds) { try measure(iterations) { try ByteBuffer(relayJSON: message) } }
        print(name.padding(toLength: 24, withPad: " ", startingAt: 0) + String(format: "%5d  %11.0f", size, nanoseconds))
    }

    /// Nanoseconds per call of `body`, over `iterations` calls. The bytes written are summed, so that no call can
    /// be optimized away, and must come to `iterations` bodies.
    private static func measure(_ iterations: Int, _ body: () throws -> ByteBuffer) throws -> Double {
        var bytes = 0
        let elapsed = try ContinuousClock().measure {
            for _ in 0..<iterations { bytes &+= try body().readableBytes }
        }
        guard bytes > 0 else { throw CocoaError(.coderInvalidValue) }
        let (seconds, attoseconds) = elapsed.components
        return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(iterations)
    }

    private static func median(_ rounds: Int, _ run: () throws -> Double) throws -> Double {
        let results = try (0..<max(1, rounds)).map { _ in try run() }.sorted()
        return results[results.count / 2]
    }
}
