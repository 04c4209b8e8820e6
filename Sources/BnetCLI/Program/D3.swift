import ArgumentParser
import BattleNet
import BnetKit
import Dispatch
import Foundation
import NIOConcurrencyHelpers

/// `d3`: sign in to Battle.net through a relay and look at Diablo III profiles and heroes (`bnet`'s Diablo III
/// commands and its shared ones under their first name; `Entry` picks it when the program is called `d3`).
struct D3: PlayerCommand {
    static let configuration = CommandConfiguration(
        commandName: "d3",
        abstract: "Sign in to Battle.net through a relay; look at Diablo III profiles, heroes, game data, leaderboards.",
        discussion: """
            Settings come from flags, then the environment (D3_RELAY_URL, D3_REGION, D3_LOCALE, D3_RENEW), then \
            config.json ({"relay": ..., "region": ..., "locale": ..., "renew": ...}). \
            renew says how an expired or rejected sign-in is renewed at a terminal: auto (the default where a \
            browser can be opened: through the browser without a keystroke when the last sign-in came back \
            through it, else after asking), prompt (always ask first), never (ask, then sign in with the code; \
            the default over SSH or without a display). --no-prompt and runs without a terminal never ask and \
            never open a browser. D3_BROWSER_WAIT is how long a sign-in waits for the browser to come back \
            (120 s) before it falls back to the code. Credentials are kept \
            per OAuth host in credentials-<oauth host>.json. Both files are in $XDG_CONFIG_HOME/d3 (default \
            ~/.config/d3), or, once bnet has moved it there, in $XDG_CONFIG_HOME/bnet: one sign-in serves us, eu, \
            kr and tw, and bnet and d3 alike. Without a sign-in, profile, hero, api and the data commands use \
            client credentials from BNET_CLIENT_ID and BNET_CLIENT_SECRET.

            Example:
              d3 login --region eu
              d3 profile FaYe#2543 --region eu

            Exit codes:
              0    success
              1    general failure (including a misconfigured relay, or a browser that came back without \
                   the relay's answer)
              2    usage error (including a bad D3_RENEW, renew or D3_BROWSER_WAIT)
              3    not signed in, or the token expired or was rejected and was not renewed
              4    not found: a profile, hero, act, artisan, recipe, item, season, era or leaderboard
              5    network error: the relay or Battle.net could not be reached
              6    sign-in declined (at the code's page or in the browser) or its code expired
              130  interrupted (Ctrl-C)
            """,
        version: BuildInfo.current,
        subcommands: [
            LoginCommand.self, LogoutCommand.self, WhoamiCommand.self, TokenCommand.self, ProfileCommand.self,
            HeroCommand.self, ActCommand.self, ArtisanCommand.self, RecipeCommand.self, FollowerCommand.self,
            ClassCommand.self, SkillCommand.self, ItemTypeCommand.self, ItemCommand.self,
            LadderCommand<SeasonKind>.self, LadderCommand<EraKind>.self, LeaderboardCommand.self, APICommand.self,
        ])
}

/// A parsed command handed to the task that runs it; only that task touches it.
struct ParsedCommand: @unchecked Sendable {
    let command: any ParsableCommand

    func run() async throws {
        var command = command
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    }
}

/// Turns the first Ctrl-C into a cancellation; a second one exits at once. (Unchecked only for the dispatch source,
/// which Dispatch documents as safe to use from any thread but does not mark `Sendable`.)
final class Interrupts: @unchecked Sendable {
    private let source: any DispatchSourceSignal

    init(onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let count = NIOLockedValueBox(0)
        source.setEventHandler {
            let interrupts = count.withLockedValue { count in
                count += 1
                return count
            }
            if interrupts > 1 { Foundation.exit(ExitStatus.interrupted.rawValue) }
            onInterrupt()
        }
        source.resume()
    }

    func stop() {
        source.cancel()
    }
}
