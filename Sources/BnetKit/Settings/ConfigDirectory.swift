import Foundation

/// Where `d3` keeps its files: `$XDG_CONFIG_HOME/d3`, or `~/.config/d3` when that is unset or empty.
public enum ConfigDirectory {
    /// The directory for an environment (`XDG_CONFIG_HOME`, then `HOME`).
    public static func url(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
            return URL(filePath: xdg, directoryHint: .isDirectory).appending(path: "d3", directoryHint: .isDirectory)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(filePath: home, directoryHint: .isDirectory)
            .appending(path: ".config/d3", directoryHint: .isDirectory)
    }
}
