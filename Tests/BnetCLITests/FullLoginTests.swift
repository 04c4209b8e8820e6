import BattleNet
import BattleNetHTTPClient
import BnetKit
import Foundation
import TestSupport
import Testing

/// `d3 login` against the real `bnet-relay` binary in sandbox mode (the README's quick start), with the test
/// playing the person in the browser.
@Suite("d3 login through a sandbox relay", .timeLimit(.minutes(2)))
struct FullLoginTests {
    let transport = AsyncHTTPClientTransport.testing

    @Test("A person approves (the QR code holds the link); d3 prints who signed in, stores the token, and uses it")
    func approve() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                let login = try Background(
                    "d3", ["login", "--relay", relay.absoluteString, "--no-browser", "--qr"],
                    environment: sandbox.environment(), directory: sandbox.home)
                let link = try await login.await(/Or open (\S+)/)
                let code = try await login.await(/\n\s+([B-Z]{4}-[B-Z]{4})\s*\n/)
                #expect(link.hasSuffix("user_code=\(code)"))
                try await actAsPerson(link: link, approve: true)
                let status = try await login.waitForExit()
                #expect(status == 0, "\(login.text)")
                #expect(login.text.contains("Signed in as FaYe#2543 (us), token valid until"))
                #expect(login.text.contains("Or scan this with a phone:"))
                #expect(try await QRDecoder.decode(printed: login.text) == link)

                let whoami = try await sandbox.d3("whoami")
                #expect(whoami.status == 0)
                #expect(whoami.stdout.contains("FaYe#2543"))
                let token = try await sandbox.d3("token")
                #expect(token.status == 0)
                #expect(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines).count >= 20)
                #expect(!login.text.contains(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))

                let profile = try await sandbox.d3("profile", "--api-url", emulator.absoluteString)
                #expect(profile.status == 0, "\(profile.stderr)")
                #expect(profile.stdout.contains("FaYe#2543"))
            }
        }
    }

    @Test("d3 login --region eu through a relay of region us signs in for eu, us, kr and tw, and every command uses it")
    func otherRegionOfTheSharedHost() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                let login = try await signIn(sandbox, relay: relay, extra: ["--region", "eu"])
                #expect(login.exitStatus == 0, "\(login.text)")
                #expect(login.text.contains("Signed in as FaYe#2543 (eu), token valid until"))
                #expect(login.text.contains("it also works for regions us, kr, tw"))

                let stored = try #require(try sandbox.store.load(region: .eu))
                #expect(stored.region == .eu)
                #expect(stored.regions == [.us, .eu, .kr, .tw])
                #expect(try sandbox.store.load(region: .us) == stored)
                #expect(try sandbox.store.load(region: .cn) == nil)
                let whoami = try await sandbox.d3("whoami", "--region", "eu")
                #expect(whoami.stdout.contains("Works for  us, eu, kr, tw"))

                for region in ["eu", "us", "kr", "tw"] {
                    let profile = try await sandbox.d3("profile", "--region", region, "--api-url", emulator.absoluteString)
                    #expect(profile.status == 0, "\(region): \(profile.stderr)")
                    #expect(profile.stdout.contains("FaYe#2543"))
                    #expect(try await sandbox.d3("whoami", "--region", region).status == 0)
                    #expect(try await sandbox.d3("token", "--region", region).stdout.contains(stored.token.value))
                }
                #expect(try await sandbox.d3("whoami", "--region", "cn").status == 3)
            }
        }
    }

    @Test("Signed in: d3 api and --json print Battle.net's answers unchanged, --followers its follower items; logout revokes")
    func signedInSession() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                let login = try await signIn(sandbox, relay: relay)
                #expect(login.exitStatus == 0, "\(login.text)")
                let token = try #require(try sandbox.store.load(region: .us)).token.value
                func direct(_ path: String) async throws -> TransportResponse {
                    try await transport.send(TransportRequest(
                        url: try #require(URL(string: emulator.absoluteString + path)),
                        headers: [("Authorization", "Bearer \(token)")]))
                }
                let api = emulator.absoluteString
                let profilePath = "/d3/profile/FaYe-2543/?locale=en_US"
                let expected = String(decoding: try await direct(profilePath).body, as: UTF8.self)
                for arguments in [["api", "/d3/profile/FaYe-2543/"], ["api", api + "/d3/profile/FaYe-2543/?locale=en_US"],
                                  ["profile", "FaYe#2543", "--json"]] {
                    let result = try await D3Process.run(arguments + ["--api-url", api], environment: sandbox.environment())
                    #expect(result.status == 0, "\(arguments): \(result.stderr)")
                    #expect(result.stdout.trimmingCharacters(in: .newlines) == expected, "\(arguments)")
                }
                let heroPath = "/d3/profile/FaYe-2543/hero/104729462"
                let hero = try JSONSerialization.jsonObject(with: try await direct(heroPath + "?locale=en_US").body) as? NSDictionary
                let followers = try JSONSerialization.jsonObject(
                    with: try await direct(heroPath + "/follower-items?locale=en_US").body) as? NSDictionary
                let both = try await sandbox.d3("hero", "FaYe#2543", "104729462", "--followers", "--json", "--api-url", api)
                #expect(both.status == 0, "\(both.stderr)")
                let printed = try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? NSDictionary
                #expect(printed?["hero"] as? NSDictionary == hero)
                #expect(printed?["followers"] as? NSDictionary == followers)
                let text = try await sandbox.d3("hero", "FaYe#2543", "104729462", "--followers", "--api-url", api)
                #expect(text.status == 0, "\(text.stderr)")
                #expect(text.stdout.contains("Followers"))
                let followerItemNames = ((followers?.allValues ?? []) as? [NSDictionary] ?? [])
                    .flatMap { ($0.allValues as? [NSDictionary]) ?? [] }.compactMap { $0["name"] as? String }
                #expect(!followerItemNames.isEmpty)
                for name in followerItemNames { #expect(text.stdout.contains(name), "\(name)") }

                let missing = try await sandbox.d3("api", "/d3/data/follower/nobody", "--api-url", api)
                #expect(missing.status == 4, "\(missing.stderr)")
                let elsewhere = try await sandbox.d3("api", "https://example.com/d3/data/act", "--api-url", api)
                #expect(elsewhere.status == 2)
                #expect(elsewhere.stderr.contains("sends the token only there"))

                let logout = try await sandbox.d3("logout")
                #expect(logout.status == 0, "\(logout.stderr)")
                #expect(logout.stdout.contains("revoked and forgotten"))
                #expect(try await direct(profilePath).status == 401)
                let userinfo = try await transport.send(TransportRequest(
                    url: emulator.appending(path: "oauth/userinfo"), headers: [("Authorization", "Bearer \(token)")]))
                #expect(userinfo.status == 401)
                #expect(try await sandbox.d3("whoami", "--region", "eu").status == 3)
            }
        }
    }

    @Test("On a terminal, a rejected sign-in offers to sign in again, then the command finishes; --no-prompt exits 3")
    func signInAgainOnTerminal() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                let stale = AccessToken(
                    value: "revoked-or-unknown", expiresAt: Date(timeIntervalSinceNow: 3600),
                    battleTag: try BattleTag(parsing: "FaYe#2543"))
                try sandbox.store.save(StoredCredential(
                    region: .us, regions: [.us, .eu, .kr, .tw], relay: relay.absoluteString, token: stale))
                let api = emulator.absoluteString
                let refused = try PseudoTerminal(["profile", "--api-url", api, "--no-prompt"], environment: sandbox.environment())
                #expect(try await refused.waitForExit() == 3, "\(refused.text)")
                #expect(!refused.text.contains("Sign in now"))

                let terminal = try PseudoTerminal(["profile", "--api-url", api], environment: sandbox.environment())
                _ = try await terminal.await(/(Sign in now and carry on\?) \[Y\/n\]/)
                terminal.type("y\n")
                try await actAsPerson(link: try await terminal.await(/Or open (\S+)/), approve: true)
                #expect(try await terminal.waitForExit() == 0, "\(terminal.text)")
                #expect(terminal.text.contains("Signed in as FaYe#2543"))
                #expect(terminal.text.contains("Heroes ("))
                #expect(try sandbox.store.load(region: .eu)?.token.value != "revoked-or-unknown")
            }
        }
    }

    @Test("A logout whose revocation fails still forgets the token, says so and exits 1")
    func logoutWithoutRelay() async throws {
        try await withSandbox { sandbox in
            let token = AccessToken(
                value: "unrevoked-token", expiresAt: Date(timeIntervalSinceNow: 3600), battleTag: try BattleTag(parsing: "FaYe#2543"))
            try sandbox.store.save(StoredCredential(
                region: .us, regions: [.us, .eu], relay: "http://127.0.0.1:\(try freePort())", token: token))
            let logout = try await sandbox.d3("logout", "--region", "eu")
            #expect(logout.status == 1)
            #expect(logout.stderr.contains("Signed out of regions us, eu on this machine, but the token could not be revoked"))
            #expect(logout.stderr.contains("stays valid at Battle.net until"))
            #expect(!logout.stderr.contains("unrevoked-token"))
            #expect(try sandbox.store.load(region: .us) == nil)
        }
    }

    @Test("d3 login --region cn through a relay of region us is refused before any sign-in, saying why")
    func regionTheRelayCannotServe() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, _ in
                let login = try await sandbox.d3("login", "--region", "cn", "--relay", relay.absoluteString, "--no-browser")
                #expect(login.status == 1, "\(login.stderr)")
                #expect(login.stderr.contains("signs in players of regions us, eu, kr, tw"))
                #expect(login.stderr.contains("do not work for region cn"))
                #expect(login.stderr.contains("refuses clients registered on Blizzard's developer portal"))
                #expect(login.stderr.contains("NetEase"))
                #expect(!login.stdout.contains("enter the code"))
                #expect(try sandbox.store.load(region: .cn) == nil)
            }
        }
    }

    @Test("A person declines; d3 says so and exits 6")
    func deny() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, _ in
                let login = try await signIn(sandbox, relay: relay, approve: false)
                #expect(login.exitStatus == 6, "\(login.text)")
                #expect(login.text.lowercased().contains("declined") || login.text.lowercased().contains("denied"))
                #expect(try await sandbox.d3("whoami").status == 3)
            }
        }
    }

    @Test("Ctrl-C while waiting cancels cleanly with exit 130 and one line")
    func interrupt() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, _ in
                let login = try Background(
                    "d3", ["login", "--relay", relay.absoluteString, "--no-browser"], environment: sandbox.environment(),
                    directory: sandbox.home)
                _ = try await login.await(/Or open (\S+)/)
                try await Task.sleep(for: .milliseconds(300))
                let clock = ContinuousClock()
                let interrupted = clock.now
                login.child.signal(SIGINT)
                #expect(try await login.waitForExit() == 130)
                // The relay holds each poll up to 30 s: half of that rules out waiting for it, with room for load.
                #expect(clock.now - interrupted < .seconds(15), "d3 waited for its held poll instead of stopping at once")
                #expect(login.text.contains("Sign-in cancelled."))
                #expect(try await sandbox.d3("whoami").status == 3)
            }
        }
    }
}
