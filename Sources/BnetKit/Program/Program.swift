import BattleNet
import Foundation

/// The program a message is written for: `bnet`, the player CLI for every game, or `d3`, the same binary under
/// Diablo III's name with d3's commands. Every message that names a command, a variable or a directory asks this
/// value for it, so each program prints its own words and nothing is rewritten afterwards.
public enum Program: String, Sendable, CaseIterable {
    /// `bnet`: `bnet login`, `bnet d3 profile`, `BNET_*`, `~/.config/bnet`.
    case bnet
    /// `d3`: `d3 login`, `d3 profile`, `D3_*`, `~/.config/d3`.
    case d3

    /// The program started as `path` (its first argument): `bnet` when the file is called so, `d3` otherwise (the
    /// `d3` product, and the release's `d3` link to `bnet`).
    public init(executablePath path: String) {
        self = URL(fileURLWithPath: path).lastPathComponent == "bnet" ? .bnet : .d3
    }

    /// The command's name, as it starts every message.
    public var name: String { rawValue }

    /// A command shared by both programs (`login`, `logout`, `whoami`, `token`, `api`), as in `bnet whoami`.
    public func command(_ arguments: String) -> String { "\(name) \(arguments)" }

    /// What starts a Diablo III command: `d3`, or `bnet d3`.
    public var diablo3Command: String { self == .bnet ? "bnet d3" : "d3" }

    /// A Diablo III command: `d3 act 1`, or `bnet d3 act 1`.
    public func diablo3(_ arguments: String) -> String { "\(diablo3Command) \(arguments)" }

    /// The command that signs in for `region` (us needs no `--region`).
    public func login(_ region: Region = .us) -> String {
        command("login" + (region == .us ? "" : " --region \(region)"))
    }

    /// The environment variable `BNET_<suffix>` or `D3_<suffix>`.
    public func variable(_ suffix: String) -> String {
        "\(rawValue.uppercased())_\(suffix)"
    }
}
