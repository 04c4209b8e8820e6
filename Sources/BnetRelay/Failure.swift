import ArgumentParser
import Foundation
import RelayApp

/// How `bnet-relay` ends when it cannot do its job: its message on standard error, never followed by the usage
/// text (that is for usage errors alone, exit 64), and a sysexits(3) status by cause, so that systemd's restart
/// policy (deploy/bnet-relay.service) and a person can tell a mistake a restart cannot fix from one that may pass:
///
/// | status | cause |
/// |---|---|
/// | 64 `EX_USAGE` | the command line is malformed (an unknown flag, a flag without its value) |
/// | 69 `EX_UNAVAILABLE` | a port is taken or may not be bound, PostgreSQL cannot be reached |
/// | 70 `EX_SOFTWARE` | a fault of the relay itself |
/// | 74 `EX_IOERR` | a file cannot be created, read or written (the database, a backup, a key) |
/// | 78 `EX_CONFIG` | a setting, the client secret or the seal key is wrong or missing |
enum Failure {
    /// Writes `bnet-relay <command>: <headline>` and each problem on its own line to standard error, and returns the
    /// exit code to throw.
    static func exit(_ cause: StartupFailureCause, command: String, headline: String? = nil, _ problems: [String]) -> ExitCode {
        let lines: [String]
        if let headline {
            lines = ["bnet-relay \(command): \(headline)"] + problems.map { "  " + $0 }
        } else {
            lines = problems.map { "bnet-relay \(command): \($0)" }
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        return ExitCode(cause.exitStatus)
    }

    /// The exit of a start that failed: `RelayStartupError` by its own cause, any other error as a fault (70).
    static func cannotStart(_ error: any Error, command: String) -> ExitCode {
        if let error = error as? RelayStartupError {
            return exit(error.cause, command: command, headline: "cannot start:", error.problems)
        }
        return exit(.software, command: command, headline: "stopped by an internal error (please report it):", ["\(error)"])
    }
}
