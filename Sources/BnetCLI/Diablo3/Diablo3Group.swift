import ArgumentParser
import BnetKit

/// `bnet d3 ...`: every Diablo III command of `d3`.
struct D3Group: AsyncParsableCommand {
    /// What starts a Diablo III command in this program's help and messages: `d3`, or `bnet d3`.
    static let prefix = Program.running.diablo3Command

    static let configuration = CommandConfiguration(
        commandName: "d3",
        abstract: "Diablo III: profiles, heroes, game data, leaderboards (as the d3 command).",
        subcommands: [
            ProfileCommand.self, HeroCommand.self, ActCommand.self, ArtisanCommand.self, RecipeCommand.self,
            FollowerCommand.self, ClassCommand.self, SkillCommand.self, ItemTypeCommand.self, ItemCommand.self,
            LadderCommand<SeasonKind>.self, LadderCommand<EraKind>.self, LeaderboardCommand.self,
        ])
}
