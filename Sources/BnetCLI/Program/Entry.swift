import BnetKit
import Foundation

/// One program, two names: called `bnet` it is the player CLI for every game (``Bnet``); called anything else
/// (`d3`, as the `d3` product and the release's `d3` link to `bnet` are) it is the Diablo III CLI as documented
/// (``D3``).
@main
enum Entry {
    static func main() async {
        switch Program.running {
        case .bnet: await Bnet.runAsProgram()
        case .d3: await D3.runAsProgram()
        }
    }
}

extension Program {
    /// The program this process runs as, from the name it was started under: every message, help text and
    /// setting name comes from it.
    static let running = Program(executablePath: CommandLine.arguments.first ?? "d3")
}
