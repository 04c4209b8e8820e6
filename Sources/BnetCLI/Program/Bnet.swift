import ArgumentParser
import BattleNet
import BnetKit
import Foundation

/// `bnet`: sign in to Battle.net once through a relay, then look at Diablo III, World of Warcraft and StarCraft II.
struct Bnet: PlayerCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnet",
        abstract: "Sign in to Battle.net through a relay; look at Diablo III, World of Warcraft and StarCraft II.",
        discussion: """
            One sign-in serves every game and region of Battle.net's OAuth host: `bnet login` asks for every \
            game's scope (openid d3.profile wow.profile sc2.profile); --scope narrows it. Settings, credentials \
            and exit codes are d3's (d3 --help): $XDG_CONFIG_HOME/d3 (default ~/.config/d3), D3_RELAY_URL, \
            D3_REGION, D3_LOCALE, D3_RENEW, D3_BROWSER_WAIT; a sign-in made with d3 serves bnet and the other \
            way round, and either renews it. `d3 ARGS` is \
            `bnet d3 ARGS` for the game commands and `bnet ARGS` for login, logout, whoami, token and api.

            Example:
              bnet login --region eu
              bnet wow characters --region eu
              bnet sc2 profiles
              bnet d3 profile FaYe#2543 --region eu

            Exit codes:
              0    success
              1    general failure (including a misconfigured relay)
              2    usage error
              3    not signed in, the token expired or was rejected, or it lacks the game's scope
              4    not found: a profile, hero, character, collection, season, leaderboard, ...
              5    network error: the relay or Battle.net could not be reached
              6    sign-in declined or its code expired
              130  interrupted (Ctrl-C)
            """,
        version: D3BuildInfo.current,
        subcommands: [
            BnetLoginCommand.self, LogoutCommand.self, WhoamiCommand.self, TokenCommand.self, APICommand.self,
            D3Group.self, WoWGroup.self, SC2Group.self,
        ])

    /// d3's messages with the commands as bnet spells them.
    static func presented(_ message: String) -> String { BnetText.commands(message) }
}

/// `bnet d3 ...`: every Diablo III command of `d3`.
struct D3Group: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "d3",
        abstract: "Diablo III: profiles, heroes, game data, leaderboards (as the d3 command).",
        subcommands: [
            ProfileCommand.self, HeroCommand.self, ActCommand.self, ArtisanCommand.self, RecipeCommand.self,
            FollowerCommand.self, ClassCommand.self, SkillCommand.self, ItemTypeCommand.self, ItemCommand.self,
            LadderCommand<SeasonKind>.self, LadderCommand<EraKind>.self, LeaderboardCommand.self,
        ])
}

/// The commands that d3's messages name, as bnet spells them.
enum BnetText {
    private static let shared = ["login", "logout", "whoami", "token", "api"]

    /// `message` with each `` `d3 login` `` made `` `bnet login` `` (the shared commands) and each other
    /// `` `d3 X` `` made `` `bnet d3 X` ``.
    static func commands(_ message: String) -> String {
        var result = ""
        var rest = Substring(message)
        while let range = rest.range(of: "`d3 ") {
            result += rest[..<range.lowerBound]
            let command = rest[range.upperBound...].prefix { $0 != " " && $0 != "`" }
            result += shared.contains(String(command)) ? "`bnet " : "`bnet d3 "
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
