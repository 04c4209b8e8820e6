import ArgumentParser
import BattleNet
import BnetKit
import Foundation

/// `bnet`: sign in to Battle.net once through a relay, then look at Diablo III, World of Warcraft and StarCraft II.
struct Bnet: PlayerCommand {
    static let configuration = CommandConfiguration(
        commandName: "bnet",
        abstract: "Sign in to Battle.net through a relay; look at Diablo III, World of Warcraft, StarCraft II and Hearthstone.",
        discussion: """
            One sign-in serves every game and region of Battle.net's OAuth host: `bnet login` asks for every \
            game's scope (openid d3.profile wow.profile sc2.profile); --scope narrows it. Settings come from \
            flags, then BNET_RELAY_URL, BNET_REGION, BNET_LOCALE, BNET_RENEW, then \
            $XDG_CONFIG_HOME/bnet/config.json (default ~/.config/bnet), which also holds the credentials; \
            BNET_BROWSER_WAIT is how long a sign-in waits for the browser to come back (120 s), and \
            BNET_ALLOW_INSECURE_RELAY=1 allows a plain-http relay on another machine. Where only d3's directory \
            (~/.config/d3) exists, bnet moves it to its own and says so once; d3 then reads bnet's, so a sign-in \
            made with either serves both. BNET_TOKEN makes every command use that token and store nothing; \
            BNET_ACCOUNT picks one of several accounts signed in (bnet account list). `d3 ARGS` is `bnet d3 ARGS` \
            for the game commands and `bnet ARGS` for login, logout, whoami, token and api.

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
        version: BuildInfo.current,
        subcommands: [
            BnetLoginCommand.self, LogoutCommand.self, WhoamiCommand.self, TokenCommand.self, AccountGroup.self,
            APICommand.self,
            D3Group.self, WoWGroup.self, SC2Group.self, HSGroup.self, CompletionCommand.self,
        ])
}
