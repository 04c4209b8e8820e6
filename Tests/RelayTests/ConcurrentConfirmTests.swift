import BattleNet
import Foundation
import RelayApp
import RelayServer
import TestSupport
import Testing

/// "One browser per login": the store decides which of two simultaneous clicks wins.
@Suite("Concurrent confirmations", .timeLimit(.minutes(2)))
struct ConcurrentConfirmTests {
    @Test("Two browsers clicking Continue at once on one login: exactly one is sent to Battle.net, in every round")
    func twoBrowsersAtOnce() async throws {
        try await withRelay(via: .router, { $0.codeEntriesPerMinute = 10_000; $0.startsPerMinute = 10_000 }) { relay in
            for _ in 0..<20 {
                let login = try await relay.startLogin()
                let first = CookieJar()
                let second = CookieJar()
                let firstNonce = try await Self.openConfirmPage(relay, login, first)
                let secondNonce = try await Self.openConfirmPage(relay, login, second)
                async let one = relay.post(
                    "/device", form: [("user_code", login.userCode), ("confirm", firstNonce)], browser: first)
                async let other = relay.post(
                    "/device", form: [("user_code", login.userCode), ("confirm", secondNonce)], browser: second)
                let statuses = try await [one.status, other.status]
                #expect(statuses.filter { $0 == 303 }.count == 1, "\(statuses)")
            }
        }
    }

    /// Opens the confirm page in `browser`; returns the page's nonce.
    private static func openConfirmPage(_ relay: RelayHarness, _ login: StartedLogin, _ browser: CookieJar) async throws -> String {
        let page = try await relay.get(login.verificationURIComplete, browser: browser)
        #expect(page.status == 200, "\(page.text)")
        return String(try #require(page.text.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1))
    }
}
