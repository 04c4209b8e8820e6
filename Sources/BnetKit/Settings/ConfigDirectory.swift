import Foundation

/// Where the programs keep their files: `$XDG_CONFIG_HOME/bnet` for bnet and `$XDG_CONFIG_HOME/d3` for d3 (under
/// `~/.config` when `XDG_CONFIG_HOME` is unset, empty or relative). bnet, run where only d3's directory exists,
/// moves it to its own; d3 then reads bnet's, so one sign-in keeps serving both.
public enum ConfigDirectory {
    /// The directory `program` uses in `environment`, and the directory it was moved from on this run, if any.
    public struct Resolved: Sendable, Equatable {
        /// The directory to read and write.
        public var url: URL
        /// d3's directory, when bnet has just moved it to ``url``.
        public var movedFrom: URL?
    }

    /// `$XDG_CONFIG_HOME` (absolute), else `$HOME/.config`.
    public static func base(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
            return URL(filePath: xdg, directoryHint: .isDirectory)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(filePath: home, directoryHint: .isDirectory).appending(path: ".config", directoryHint: .isDirectory)
    }

    /// `program`'s own directory, whether or not it exists.
    public static func url(for program: Program, environment: [String: String]) -> URL {
        base(environment: environment).appending(path: program.name, directoryHint: .isDirectory)
    }

    /// The directory `program` uses: for bnet its own, after moving d3's there when only d3's exists; for d3 its own
    /// when it exists, else bnet's when that exists, else its own. A move that fails leaves bnet reading d3's.
    public static func resolve(for program: Program, environment: [String: String]) -> Resolved {
        let own = url(for: program, environment: environment)
        let other = url(for: program == .bnet ? .d3 : .bnet, environment: environment)
        guard !exists(own), exists(other) else { return Resolved(url: own) }
        guard program == .bnet else { return Resolved(url: other) }
        // rename(2): atomic, and the directory keeps its owner and 0700 (PrivateFiles checks both). When another
        // bnet run moved it first, its move is the one to follow.
        guard rename(other.path, own.path) == 0 else { return Resolved(url: exists(own) ? own : other) }
        return Resolved(url: own, movedFrom: other)
    }

    /// Whether something (a directory, or a link that PrivateFiles will refuse) stands at `url`.
    private static func exists(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0
    }
}
