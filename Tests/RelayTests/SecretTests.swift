import BattleNet
import Foundation
import TestSupport
import Testing

@Suite("Secrets never rest in the clear", .timeLimit(.minutes(5)))
struct SecretTests {
    @Test("After full logins, neither the database files nor the logs hold a token, code, state or device code")
    func noSecretsAtRest() async throws {
        try await withRelay { relay in
            var secrets: [String] = [relayCredentials.secret]
            for app in ["d3", "myapp"] {
                let (login, callback) = try await relay.loginUntilCallback(app: app)
                secrets += [
                    login.deviceCode, login.userCode, login.userCode.replacingOccurrences(of: "-", with: ""),
                    try #require(callback.queryValue("code")), try #require(callback.queryValue("state")),
                ]
                _ = try await relay.get(callback)
                if app == "d3" {
                    let token = try await relay.poll(login, wait: 1)
                    secrets.append(try #require(token.json["access_token"] as? String))
                }
            }
            // One approved login stays uncollected, so a sealed token is in the database too.
            let (waiting, callback) = try await relay.loginUntilCallback()
            secrets += [waiting.deviceCode, try #require(callback.queryValue("code")), try #require(callback.queryValue("state"))]
            _ = try await relay.get(callback)

            let metrics = try await relay.ops("/metrics").text
            let files = try FileManager.default.contentsOfDirectory(atPath: relay.directory.path)
                .filter { $0.hasPrefix("relay.sqlite") }
            #expect(!files.isEmpty)
            let database = try files.map { try Data(contentsOf: relay.directory.appending(path: $0)) }
                .reduce(Data(), +)
            let logs = relay.logs.text
            #expect(logs.contains("route=/redirect/{scheme}") || logs.contains("route=/redirect/:scheme"))
            for secret in secrets {
                #expect(database.range(of: Data(secret.utf8)) == nil, "database holds \(secret.prefix(6))…")
                #expect(!logs.contains(secret), "logs hold \(secret.prefix(6))…")
                #expect(!metrics.contains(secret), "metrics hold \(secret.prefix(6))…")
            }
        }
    }
}
