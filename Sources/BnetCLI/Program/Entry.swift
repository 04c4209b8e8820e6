import Foundation

/// One program, two names: called `bnet` it is the player CLI for every game (``Bnet``); called anything else
/// (`d3`, as the `d3` product and the release's `d3` link to `bnet` are) it is the Diablo III CLI as documented
/// (``D3``).
@main
enum Entry {
    static func main() async {
        if ProgramName.isBnet {
            await Bnet.runAsProgram()
        } else {
            await D3.runAsProgram()
        }
    }
}

/// The name this program was started under.
enum ProgramName {
    /// Whether it was started as `bnet`.
    static let isBnet = URL(fileURLWithPath: CommandLine.arguments.first ?? "d3").lastPathComponent == "bnet"
}
