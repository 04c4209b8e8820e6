import BattleNet
import Foundation
import TestSupport
import Testing

@Suite("Secrets never rest in the clear", .timeLimit(.minutes(2)))
struct SecretTests {
    @Test("After full logins, the database files, the logs and /metrics hold no token, code, state, device code, user code or secret")
    func noSecretsAtRest() async throws {
        try await withRelay(via: .router) { relay in
            var secrets: [String] = [relayCredentials.secret]
            func remember(_ login: StartedLogin, _ callback: URL) throws {
                secrets += [
                    login.deviceCode, login.userCode, login.userCode.replacingOccurrences(of: "-", with: ""),
                    try #require(callback.queryValue("code")), try #require(callback.queryValue("state")),
                ]
            }
            // d3 (poll mode): signed in and collected.
            let (collected, collectedCallback) = try await relay.loginUntilCallback(app: "d3")
            try remember(collected, collectedCallback)
            let page = try await relay.get(collectedCallback)
            #expect(page.status == 200 && page.text.contains("Signed in"), "\(page.status) \(page.text)")
            let token = try await relay.poll(collected, wait: 1)
            secrets.append(try #require(token.json["access_token"] as? String, "\(token.text)"))
            // myapp (redirect mode) and a second d3 login: approved and left uncollected, so two sealed tokens wait
            // in the database while it is searched.
            var waiting: [(login: StartedLogin, callbackCode: String?)] = []
            for app in ["myapp", "d3"] {
                let (login, callback) = try await relay.loginUntilCallback(app: app)
                try remember(login, callback)
                let answer = try await relay.get(callback)
                if app == "myapp" {
                    #expect(answer.status == 302 && answer.location?.absoluteString.hasPrefix("myapp://") == true
                        && answer.location?.absoluteString.contains("result=approved") == true, "\(answer.status) \(answer.text)")
                    let callbackCode = try #require(answer.location?.queryValue("callback_code"))
                    secrets.append(callbackCode)
                    waiting.append((login, callbackCode))
                } else {
                    #expect(answer.status == 200 && answer.text.contains("Signed in"), "\(answer.status) \(answer.text)")
                    waiting.append((login, nil))
                }
            }

            let metrics = try await relay.ops("/metrics").text
            let files = try FileManager.default.contentsOfDirectory(atPath: relay.directory.path)
                .filter { $0.hasPrefix("relay.sqlite") }
            #expect(!files.isEmpty)
            let database = try files.map { try Data(contentsOf: relay.directory.appending(path: $0)) }
                .reduce(Data(), +)
            let logs = relay.logs.text
            #expect(logs.contains("route=/redirect/{app}") || logs.contains("route=/redirect/:app"))
            for secret in secrets {
                #expect(database.range(of: Data(secret.utf8)) == nil, "database holds \(secret.prefix(6))…")
                #expect(!logs.contains(secret), "logs hold \(secret.prefix(6))…")
                #expect(!metrics.contains(secret), "metrics hold \(secret.prefix(6))…")
            }
            // The waiting tokens were in the database, sealed: collected now, neither was in the bytes searched.
            for (login, callbackCode) in waiting {
                let answer = try await relay.poll(login, wait: 1, callbackCode: callbackCode)
                let waitingToken = try #require(answer.json["access_token"] as? String, "\(answer.text)")
                #expect(database.range(of: Data(waitingToken.utf8)) == nil, "the database held a waiting token in the clear")
            }
        }
    }
}
