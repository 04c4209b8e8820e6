import BattleNet
import Foundation
@testable import RelayApp
import RelayCore
@testable import RelayServer
import Testing

/// `--app NAME=MODE:SCOPES`: the scopes an app may ask for, parsed, shown by `check-config`, and enforced at
/// `/oauth/device/code`; `--scope` stays the default for apps without their own.
@Suite("Scopes per app", .timeLimit(.minutes(1)))
struct AppScopeTests {
    @Test("NAME=MODE:SCOPES parses from the flag and the environment; the summary shows each app's scopes")
    func parsing() throws {
        let flagged = try ConfigurationSetting.configuration(
            arguments: ["--app", "wowapp=poll:openid  wow.profile", "--app", "d3=poll"], environment: [:])
        #expect(flagged.apps.map(\.allowedScopes) == [["openid", "wow.profile"], []])
        #expect(flagged.settings.defaultScopes == ["openid", "wow.profile", "sc2.profile", "d3.profile"])
        #expect(flagged.summary.contains("apps: d3 (poll), wowapp (poll; scopes: openid wow.profile)"))
        #expect(flagged.summary.contains("default scopes: openid wow.profile sc2.profile d3.profile"))

        let environment = try ConfigurationSetting.configuration(
            arguments: [], environment: ["BNET_RELAY_APPS": "d3=poll, sc2app=redirect:openid sc2.profile", "BNET_RELAY_SCOPE": "openid d3.profile"])
        #expect(environment.apps.map(\.name) == ["d3", "sc2app"])
        #expect(environment.apps.map(\.allowedScopes) == [[], ["openid", "sc2.profile"]])
        #expect(environment.settings.defaultScopes == ["openid", "d3.profile"])
    }

    @Test("Bad scopes are named: empty, a character RFC 6749 forbids, a comma, an unknown mode", arguments: [
        (["--app", "wowapp=poll:"], "--app wowapp=poll:: no scope given"),
        (["--app", "wowapp=poll:  "], "--app wowapp=poll:: no scope given"),
        (["--app", "wowapp=poll:openid wow\"profile"], "scope 'wow\"profile' contains `\"`, which an OAuth scope may not (RFC 6749 section 3.3"),
        (["--app", "wowapp=poll:wow\\profile"], "contains `\\`"),
        (["--app", "wowapp=poll:wow.profilé"], "contains U+E9"),
        (["--app", "wowapp=poll:openid,wow.profile"], "contains `,`"),
        (["--app", "wowapp=pull:openid"], "expected NAME=MODE or NAME=MODE:SCOPES with MODE one of poll, redirect, forward"),
        (["--scope", " "], "--scope: no scope given"),
        (["--scope", "openid\td3.profile"], "--scope: scope 'openid\td3.profile' contains U+9"),
    ])
    func mistakes(arguments: [String], message: String) {
        #expect {
            try ConfigurationSetting.configuration(arguments: arguments, environment: [:])
        } throws: { error in
            (error as? ConfigurationError)?.message.contains(message) == true && (error as? ConfigurationError)?.isUsage == false
        }
    }

    @Test("At /oauth/device/code an app with its own scopes gets them and is refused d3.profile; d3 gets --scope")
    func enforced() async throws {
        try await withRelay(via: .router, { $0.apps = try .parsing(["d3=poll", "wowapp=poll:openid wow.profile"]) }) { relay in
            let refused = try await relay.post("/oauth/device/code", form: [("client_id", "wowapp"), ("scope", "openid d3.profile")])
            #expect(refused.status == 400)
            #expect(refused.json["error"] as? String == "invalid_scope")
            #expect(refused.json["error_description"] as? String == "Scope 'd3.profile' is not allowed for wowapp; allowed: openid wow.profile.")

            let wow = try await relay.startLogin(app: "wowapp")
            #expect(try await relay.service.login(userCode: wow.userCode)?.scopes == ["openid", "wow.profile"])
            let d3 = try await relay.startLogin(app: "d3", scope: "openid wow.profile sc2.profile d3.profile")
            #expect(try await relay.service.login(userCode: d3.userCode)?.scopes == ["openid", "wow.profile", "sc2.profile", "d3.profile"])
        }
    }
}
