import BattleNet
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// The app `bnet` signs in as (issue 45): its own, `bnet`, at a relay that serves it, and `d3`, which every relay
/// serves, at one that does not; the relay's page names the app by its display name.
@Suite("bnet signs in as its own app where the relay has it", .timeLimit(.minutes(3)))
struct BnetAppTests {
    @Test(
        "At a default sandbox relay bnet signs in as bnet, named on the relay's page; at a relay serving only d3, as d3",
        arguments: [([String](), "bnet", "Battle.net CLI (bnet)"), (["--app", "d3=poll"], "d3", "Diablo III CLI (d3)")])
    func ownApp(relayArguments: [String], app: String, shown: String) async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox, arguments: relayArguments) { relay, _ in
                let login = try Background(
                    "bnet", ["login", "--no-browser", "--relay", relay.absoluteString], environment: sandbox.environment(),
                    directory: sandbox.home)
                let link = try #require(URL(string: try await login.await(/Or open (\S+)/)))
                let page = try await AsyncHTTPClientTransport.testing.send(TransportRequest(url: link))
                #expect(String(decoding: page.body, as: UTF8.self).contains("<strong>\(shown)</strong>"))
                let person = PlayerBrowser()
                let authorize = try await person.confirm(at: link)
                #expect(authorize.queryValue("redirect_uri") == relay.absoluteString + "/redirect/\(app)")
                #expect(try await person.follow(try await person.decide(authorize)).status == 200)
                #expect(try await login.waitForExit() == 0, "\(login.text)")

                let logout = try await sandbox.bnet(["logout"])
                #expect(logout.status == 0, "\(logout.stderr)")
                #expect(logout.stdout.contains("the token was revoked"), "\(logout.stdout)")
            }
        }
    }
}
