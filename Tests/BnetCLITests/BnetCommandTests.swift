import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import BnetKit
import Foundation
import TestSupport
import Testing

/// The `bnet` binary against an emulator, with a stored sign-in as `bnet login` leaves it.
@Suite("bnet: World of Warcraft, StarCraft II and Diablo III with one sign-in", .timeLimit(.minutes(3)))
struct BnetCommandTests {
    static let everyScope = ["openid", "d3.profile", "wow.profile", "sc2.profile"]

    /// Runs `bnet` in the sandbox.
    func bnet(_ sandbox: Sandbox, _ arguments: [String], environment: [String: String] = [:]) async throws -> D3Result {
        try await ChildProcess.run(try BuiltExecutable.url("bnet"), arguments, environment: sandbox.environment(environment))
    }

    /// Signs FaYe#2543 in at the emulator granting `scopes`, and stores the credential for eu as a login would;
    /// `recordScopes: false` stores it without the scopes (a relay that did not say).
    @discardableResult
    func signIn(
        _ sandbox: Sandbox, _ emulator: RunningEmulator, scopes: [String], recordScopes: Bool = true,
        battleTag: String = "FaYe#2543"
    ) async throws -> AccessToken {
        let transport = AsyncHTTPClientTransport.testing
        let oauth = OAuthClient(credentials: cliCredentials, endpoints: emulator.endpoints, transport: transport)
        let redirectURI = "http://127.0.0.1/callback"
        let authorize = oauth.authorizeURL(redirectURI: redirectURI, scopes: scopes, state: "state")
        let callback = try await PlayerBrowser(transport: transport).decide(authorize, battleTag: battleTag)
        let code = try #require(URLComponents(url: callback, resolvingAgainstBaseURL: false)?
            .queryItems?.first { $0.name == "code" }?.value)
        var token = try await oauth.exchangeCode(code, redirectURI: redirectURI)
        let info = try await oauth.userInfo(accessToken: token.value)
        token.battleTag = try BattleTag(parsing: info.battletag)
        token.accountID = info.id
        if !recordScopes { token.scopes = [] }
        try sandbox.store(.bnet).save(StoredCredential(
            region: .eu, regions: [.us, .eu, .kr, .tw], relay: "http://127.0.0.1:1", token: token))
        return token
    }

    /// Battle.net's own answer to `path` for `token`.
    func answer(_ emulator: RunningEmulator, _ path: String, token: AccessToken) async throws -> Data {
        let response = try await AsyncHTTPClientTransport.testing.send(TransportRequest(
            url: try #require(URL(string: emulator.baseURL.absoluteString + path)),
            headers: [("Authorization", "Bearer \(token.value)")]))
        #expect(response.status == 200, "\(path)")
        return response.body
    }

    @Test("wow characters lists every licence's characters; --json is Battle.net's answer byte for byte")
    func characters() async throws {
        try await withSandbox { sandbox in
            try await withEmulator { emulator in
                let token = try await signIn(sandbox, emulator, scopes: Self.everyScope)
                let api = ["--region", "eu", "--api-url", emulator.baseURL.absoluteString]
                let text = try await bnet(sandbox, ["wow", "characters"] + api)
                #expect(text.status == 0, "\(text.stderr)")
                #expect(text.stdout.hasPrefix("4 characters on 2 licences (retail)\n"))
                #expect(text.stdout.contains("Licence WoW1") && text.stdout.contains("Licence WoW2"))
                for realm in ["Tarren Mill", "Twisting Nether", "Aggra (Português)"] { #expect(text.stdout.contains(realm)) }
                #expect(text.stdout.contains("Horde") && text.stdout.contains("Alliance"))
                let json = try await bnet(sandbox, ["wow", "characters", "--json"] + api)
                let sent = try await answer(emulator, "/profile/user/wow?locale=en_GB&namespace=profile-eu", token: token)
                #expect(json.stdout == String(decoding: sent, as: UTF8.self) + "\n")
                let era = try await bnet(sandbox, ["wow", "characters", "--classic-era"] + api)
                #expect(era.stdout.hasPrefix("2 characters on 1 licence (Classic Era)\n"))
                #expect(era.stdout.contains("Firemaw") && era.stdout.contains("Thunderstrike"))
                let both = try await bnet(sandbox, ["wow", "characters", "--classic", "--classic-era"] + api)
                #expect(both.status == 2)
            }
        }
    }

    @Test("wow character shows the protected summary with the public one; each collection answers")
    func characterAndCollections() async throws {
        try await withSandbox { sandbox in
            try await withEmulator { emulator in
                try await signIn(sandbox, emulator, scopes: Self.everyScope)
                let api = ["--region", "eu", "--api-url", emulator.baseURL.absoluteString]
                let characters = try await bnet(sandbox, ["wow", "characters", "--json"] + api)
                let profile = try JSONSerialization.jsonObject(with: Data(characters.stdout.utf8)) as? [String: Any]
                let first = try #require(((profile?["wow_accounts"] as? [[String: Any]])?.first?["characters"] as? [[String: Any]])?.first)
                let name = try #require(first["name"] as? String)
                let realm = try #require((first["realm"] as? [String: Any])?["name"] as? String)
                let shown = try await bnet(sandbox, ["wow", "character", realm, name.uppercased()] + api)
                #expect(shown.status == 0, "\(shown.stderr)")
                #expect(shown.stdout.hasPrefix("\(name) on \(realm)\n"))
                for label in ["Level", "Money", "Deaths", "Location", "Hearthstone"] { #expect(shown.stdout.contains(label)) }
                let json = try await bnet(sandbox, ["wow", "character", realm, name, "--json"] + api)
                let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
                #expect(object?.keys.sorted() == ["character", "protected_character"])
                let stranger = try await bnet(sandbox, ["wow", "character", "tarren-mill", "Nobody"] + api)
                #expect(stranger.status == 4)
                #expect(stranger.stderr.contains("`bnet wow characters` lists them"))
                for (kind, first) in [("mounts", "6 mounts"), ("pets", "4 pets"), ("toys", "3 toys"), ("heirlooms", "2 heirlooms"),
                                      ("transmogs", "2 appearance sets")] {
                    let result = try await bnet(sandbox, ["wow", kind] + api)
                    #expect(result.status == 0, "\(kind): \(result.stderr)")
                    #expect(result.stdout.hasPrefix(first + "\n"), "\(kind): \(result.stdout)")
                }
                let classicToys = try await bnet(sandbox, ["wow", "toys", "--classic"] + api)
                #expect(classicToys.status == 4)
            }
        }
    }

    @Test("A sign-in without wow.profile gets a message naming the scope and the login that asks for it")
    func missingScope() async throws {
        try await withSandbox { sandbox in
            try await withEmulator { emulator in
                let api = ["--region", "eu", "--api-url", emulator.baseURL.absoluteString]
                let expected = "bnet: World of Warcraft account data needs a sign-in that granted the scope wow.profile, "
                    + "and the sign-in for region eu did not"
                // The stored scopes say so: refused before any call.
                try await signIn(sandbox, emulator, scopes: ["openid", "d3.profile"])
                let known = try await bnet(sandbox, ["wow", "characters"] + api)
                #expect(known.status == 3)
                #expect(known.stderr == expected + " (it granted openid d3.profile): run `bnet login --region eu`, "
                    + "which asks for every game's scopes, or `bnet login --region eu --scope 'openid wow.profile'`.\n")
                // A sign-in that did not record its scopes: Battle.net's 403 says it.
                try await signIn(sandbox, emulator, scopes: ["openid", "d3.profile"], recordScopes: false)
                let unknown = try await bnet(sandbox, ["wow", "mounts"] + api)
                #expect(unknown.status == 3)
                #expect(unknown.stderr.hasPrefix(expected + ": run `bnet login --region eu`"))
                #expect(!unknown.stderr.contains("403"))
                // The Diablo III profile needs no scope of its own here.
                let d3 = try await bnet(sandbox, ["d3", "profile"] + api)
                #expect(d3.status == 0, "\(d3.stderr)")
                #expect(d3.stdout.hasPrefix("FaYe#2543\n"))
            }
        }
    }

    @Test("Client credentials alone read Diablo III but not a player's World of Warcraft data")
    func clientCredentials() async throws {
        try await withSandbox { sandbox in
            try await withEmulator { emulator in
                let arguments = ["--region", "eu"] + emulator.hostArguments
                let wow = try await bnet(sandbox, ["wow", "characters"] + arguments, environment: emulator.clientEnvironment)
                #expect(wow.status == 3)
                #expect(wow.stderr.contains("not client credentials: run `bnet login --region eu`"))
                let d3 = try await bnet(sandbox, ["d3", "profile", "FaYe#2543"] + arguments, environment: emulator.clientEnvironment)
                #expect(d3.status == 0, "\(d3.stderr)")
                let none = try await bnet(sandbox, ["d3", "profile", "--region", "eu"])
                #expect(none.stderr == "bnet: Not signed in for region eu: run `bnet login --region eu`.\n")
            }
        }
    }

    @Test("sc2 profiles lists the signed-in account's profiles; sc2 profile shows one, --json as sent")
    func starCraft2() async throws {
        try await withSandbox { sandbox in
            try await withEmulator { emulator in
                let token = try await signIn(sandbox, emulator, scopes: Self.everyScope)
                let api = ["--region", "eu", "--api-url", emulator.baseURL.absoluteString]
                let list = try await bnet(sandbox, ["sc2", "profiles"] + api)
                #expect(list.status == 0, "\(list.stderr)")
                #expect(list.stdout.contains("FaYe") && list.stdout.contains("Americas") && list.stdout.contains("Europe"))
                let command = try #require(list.stdout.firstMatch(of: /bnet sc2 profile (\d) (\d) (\d+)/))
                let shown = try await bnet(sandbox, ["sc2", "profile", String(command.1), String(command.2), String(command.3)] + api)
                #expect(shown.status == 0, "\(shown.stderr)")
                #expect(shown.stdout.hasPrefix("FaYe\n") && shown.stdout.contains("1v1"))
                let recorded = try await bnet(sandbox, ["sc2", "profile", "eu", "1", "2137104", "--json"] + api)
                #expect(recorded.stdout == String(decoding: try EmulatorSamples.data(
                    named: "sc2_profile_2-1-2137104-katarn-2019_rbattlenet-vcr.json"), as: UTF8.self) + "\n")
                let json = try await bnet(sandbox, ["sc2", "profiles", "--json"] + api)
                let sent = try await answer(emulator, "/sc2/player/\(try #require(token.accountID))?locale=en_GB", token: token)
                #expect(json.stdout == String(decoding: sent, as: UTF8.self) + "\n")
                #expect(try await bnet(sandbox, ["sc2", "profile", "9", "1", "1"] + api).status == 2)
                #expect(try await bnet(sandbox, ["sc2", "profile", "1", "1", "999"] + api).status == 4)
            }
        }
    }

    @Test("bnet login through a default sandbox relay, which allows every game's scopes; then every game answers")
    func loginEveryGame() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                let login = try Background(
                    "bnet", ["login", "--relay", relay.absoluteString, "--no-browser"], environment: sandbox.environment(),
                    directory: sandbox.home)
                try await actAsPerson(link: try await login.await(/Or open (\S+)/), approve: true)
                #expect(try await login.waitForExit() == 0, "\(login.text)")
                #expect(!login.text.contains("does not allow every game's scopes"), "\(login.text)")
                let stored = try #require(try sandbox.store(.bnet).load(region: .us))
                #expect(Set(stored.token.scopes) == Set(Self.everyScope))
                let api = ["--api-url", emulator.absoluteString]
                for arguments in [["wow", "characters"], ["wow", "mounts"], ["sc2", "profiles"], ["d3", "profile"]] {
                    let result = try await bnet(sandbox, arguments + api)
                    #expect(result.status == 0, "\(arguments): \(result.stderr)")
                }
                #expect(try await sandbox.d3("profile", "--api-url", emulator.absoluteString).status == 0)
            }
        }
    }

    @Test("bnet login at a relay that allows its app fewer scopes (--app d3=poll:SCOPES) says so and signs in with those")
    func loginNarrowedByRelay() async throws {
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox, arguments: ["--app", "d3=poll:openid d3.profile"]) { relay, emulator in
                let login = try Background(
                    "bnet", ["login", "--relay", relay.absoluteString, "--no-browser"], environment: sandbox.environment(),
                    directory: sandbox.home)
                try await actAsPerson(link: try await login.await(/Or open (\S+)/), approve: true)
                #expect(try await login.waitForExit() == 0, "\(login.text)")
                #expect(login.text.contains("does not allow every game's scopes"))
                let wow = try await bnet(sandbox, ["wow", "characters", "--api-url", emulator.absoluteString])
                #expect(wow.status == 3)
                #expect(wow.stderr.contains("needs a sign-in that granted the scope wow.profile"))
                let explicit = try await bnet(sandbox, ["login", "--relay", relay.absoluteString, "--no-browser", "--scope", "openid wow.profile"])
                #expect(explicit.status == 2)
                #expect(explicit.stderr.contains("refused the scopes asked for"))
                #expect(explicit.stderr.contains("Scope 'wow.profile' is not allowed for d3; allowed: openid d3.profile."), "\(explicit.stderr)")
            }
        }
    }
}
