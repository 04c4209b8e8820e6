import BattleNet
import BattleNetStarCraft2
import BattleNetWorldOfWarcraft
import BnetKit
import Foundation

/// The scopes of each game's player data, and what a sign-in asks for.
enum GameScopes {
    /// Diablo III's profile scope.
    static let diablo3 = "d3.profile"
    /// Every scope `bnet login` asks for by default: the id token, and each game's.
    static let all = ["openid", diablo3, WorldOfWarcraftClient.scope, StarCraft2Client.scope]

    /// What a sign-in asks for when no `--scope` is given: every game's as `bnet`; the relay's default as `d3`.
    static var loginDefault: [String] { Program.running == .bnet ? all : [] }

    /// The command that signs in for `region` asking for every game's scopes (only bnet asks for them).
    static func loginCommand(_ region: Region) -> String {
        Program.bnet.login(region)
    }

    /// Refuses, before any call, a sign-in known not to have `scope`, or client credentials where a player's
    /// token is needed; a sign-in whose scopes are unknown is let through (Battle.net's 403 then tells).
    static func require(_ scope: String, for what: String, access: APIAccess, region: Region) throws(CLIFailure) {
        guard let credential = access.credential else {
            throw CLIFailure(.notSignedIn, "\(what) needs a player's sign-in that granted the scope \(scope), not "
                + "client credentials: run `\(loginCommand(region))`.")
        }
        let scopes = credential.token.scopes
        if !scopes.isEmpty, !scopes.contains(scope) {
            throw missing(scope, for: what, granted: scopes, region: region)
        }
    }

    /// The failure for a sign-in without `scope`: what it granted, and the command that asks for it.
    static func missing(_ scope: String, for what: String, granted: [String]?, region: Region) -> CLIFailure {
        let had = granted.map { $0.isEmpty ? "" : " (it granted \($0.joined(separator: " ")))" } ?? ""
        return CLIFailure(.notSignedIn, "\(what) needs a sign-in that granted the scope \(scope), and the sign-in "
            + "for region \(region) did not\(had): run `\(loginCommand(region))`, which asks for every game's "
            + "scopes, or `\(loginCommand(region)) --scope 'openid \(scope)'`.")
    }

    /// Runs `body`, turning Battle.net's refusal for want of `scope` into ``missing(_:for:granted:region:)``.
    static func mapping<T>(
        _ scope: String, for what: String, access: APIAccess, region: Region, _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch BattleNetError.missingScope {
            throw missing(scope, for: what, granted: access.credential?.token.scopes, region: region)
        }
    }
}

extension DeviceFlowClient {
    /// Starts a sign-in asking for `scopes`. When they are the default (`bnet login` without `--scope`) and the
    /// relay does not allow one of them (`invalid_scope`), says so and asks again for the relay's own default; an
    /// explicit `--scope` the relay refuses is a usage error naming what it allows.
    func start(
        clientID: String, asking scopes: [String], relay: URL, loopback: LoopbackRedirect? = nil
    ) async throws -> DeviceAuthorization {
        do {
            return try await start(clientID: clientID, scopes: scopes, loopback: loopback)
        } catch DeviceFlowError.oauth(let error) where error.error == "invalid_scope" && !scopes.isEmpty {
            let reason = error.errorDescription ?? "invalid_scope"
            guard scopes == GameScopes.loginDefault else {
                throw CLIFailure(.usage, "The relay at \(relay.absoluteString) refused the scopes asked for: "
                    + "\(reason) Ask for those with --scope, or ask the relay's operator to allow more "
                    + "(bnet-relay --scope, or the app's own list: --app NAME=MODE:SCOPES).")
            }
            Terminal.printError("\(Program.running.name): the relay at \(relay.absoluteString) does not allow every game's scopes "
                + "(\(TerminalText.line(reason))); signing in with the scopes it allows. Ask its operator to allow "
                + "\(GameScopes.all.joined(separator: " ")) (`bnet-relay --scope`, or the app's list in `--app NAME=MODE:SCOPES`).")
            return try await start(clientID: clientID, scopes: [], loopback: loopback)
        }
    }
}
