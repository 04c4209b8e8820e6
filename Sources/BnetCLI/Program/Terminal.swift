import BnetKit
import Foundation

/// The process's terminal and environment.
enum Terminal {
    /// The environment variables.
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Whether standard output is a terminal.
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    /// Whether standard input is a terminal.
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }

    /// Whether standard error is a terminal.
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Colours for standard output: only on a terminal, and never when `NO_COLOR` is set.
    static var outputStyle: TextStyle {
        TextStyle(enabled: stdoutIsTerminal && environment["NO_COLOR"] == nil)
    }

    /// The width of standard output's terminal in columns; 100 when it is not a terminal (or says 0).
    static var columns: Int {
        var size = winsize()
        guard stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 100 }
        return Int(size.ws_col)
    }

    /// Writes a line to standard error.
    static func printError(_ line: String) {
        writeError(line + "\n")
    }

    /// Writes text to standard error as is.
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes a line to standard output, unbuffered.
    static func printLine(_ line: String) {
        write(line + "\n")
    }

    /// Writes text to standard output as is, unbuffered.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

extension TextFormat {
    /// Standard output's: colours only on a terminal without `NO_COLOR`, its width (100 columns off a terminal).
    static var terminal: TextFormat { TextFormat(style: Terminal.outputStyle, width: Terminal.columns) }
}
