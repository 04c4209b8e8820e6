import BattleNet
import Foundation

/// The exit codes of `bnet` and `d3`, as their help documents them.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Success.
    case ok = 0
    /// Any other failure.
    case failure = 1
    /// The command line was wrong (ArgumentParser's usage errors, bad settings).
    case usage = 2
    /// Not signed in for the region, or the token expired or was rejected.
    case notSignedIn = 3
    /// The profile or hero does not exist.
    case notFound = 4
    /// The network, the relay or Battle.net could not be reached in time.
    case unreachable = 5
    /// The login was declined or its code expired.
    case loginRefused = 6
    /// Interrupted by Ctrl-C.
    case interrupted = 130
}

/// A failure to report in one line and exit with a given status.
public struct CLIFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The exit status.
    public var status: ExitStatus
    /// What happened and what to do, for a person; one line, safe to print (``TerminalText/line(_:)``),
    /// since it often quotes a server (an `error_description`, a reason, a relay's answer).
    public var message: String

    /// Creates a failure; `message` is made safe to print with ``TerminalText/line(_:)``.
    public init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = TerminalText.line(message)
    }

    public var description: String { message }

    /// Not signed in for `region`.
    public static func notSignedIn(_ region: Region, program: Program) -> CLIFailure {
        CLIFailure(.notSignedIn, "Not signed in for region \(region): run `\(program.login(region))`.")
    }

    /// The sign-in for `region` has expired.
    public static func expired(_ region: Region, program: Program) -> CLIFailure {
        CLIFailure(.notSignedIn, "The sign-in for region \(region) has expired: run `\(program.login(region))`.")
    }

    /// Maps any error to a status and a message for `program`; `relay` names the relay in login messages, and
    /// `relayIsSetting` says it came from the settings (`--relay`), which the message then suggests checking.
    public static func from(
        _ error: any Error, relay: URL? = nil, relayIsSetting: Bool = false, program: Program
    ) -> CLIFailure {
        switch error {
        case let failure as CLIFailure:
            return failure
        case is CancellationError:
            return CLIFailure(.interrupted, "Interrupted.")
        case let error as DeviceFlowError:
            return from(deviceFlow: error, relay: relay, program: program)
        case let error as BattleNetError:
            return from(battleNet: error, relay: relay, relayIsSetting: relayIsSetting, program: program)
        case let error as SettingsError:
            return CLIFailure(.usage, error.description)
        case let error as CredentialStore.Failure:
            return CLIFailure(.failure, "The credential store failed: \(error.description).")
        case let error as BattleTag.ParseError:
            return CLIFailure(.usage, error.description)
        default:
            return CLIFailure(.failure, "\(error)")
        }
    }

    private static func from(
        battleNet error: BattleNetError, relay: URL?, relayIsSetting: Bool, program: Program
    ) -> CLIFailure {
        switch error {
        case .notFound:
            return CLIFailure(.notFound, error.description)
        case .invalidToken:
            return CLIFailure(.notSignedIn, error.description + " Run `\(program.login())`.")
        case .unreachable(let reason):
            let failure = NetworkFailure(reason: reason)
            guard let relay else {
                let host = failure.host ?? "the API host"
                return CLIFailure(.unreachable, "Could not reach \(host): \(failure.problem). Check the network "
                    + "connection and try again; with --api-url, check that it names a running server.")
            }
            let check = relayIsSetting
                ? "Check that it is running and that --relay, \(program.variable("RELAY_URL")) or config.json names it."
                : "Check that it is running and that this machine can reach it."
            return CLIFailure(.unreachable, "Could not reach the relay at \(relay.absoluteString): \(failure.problem). "
                + check)
        case .timeout:
            guard let relay else { return CLIFailure(.unreachable, error.description) }
            return CLIFailure(.unreachable, "The relay at \(relay.absoluteString) did not answer in time. "
                + "Check the network and that the relay is running.")
        case .serverError(let status) where relay != nil:
            return CLIFailure(.failure, "The relay at \(relay!.absoluteString) failed (HTTP \(status)): "
                + "try again later, or tell its operator.")
        case .responseTooLarge(let limit) where relay == nil:
            return CLIFailure(.failure, "The answer was larger than \(limit >> 20) MiB and was refused: pass a "
                + "larger --max-response-size (in MiB) if it is expected.")
        case .unexpectedStatus, .malformedResponse, .responseTooLarge:
            guard let relay else { fallthrough }
            return CLIFailure(.failure, "The relay at \(relay.absoluteString) is misconfigured or is not a "
                + "\(program.name) relay: " + error.description)
        default:
            return CLIFailure(.failure, error.description)
        }
    }

    private static func from(deviceFlow error: DeviceFlowError, relay: URL?, program: Program) -> CLIFailure {
        let at = relay.map { " at \($0.absoluteString)" } ?? ""
        switch error {
        case .accessDenied:
            return CLIFailure(.loginRefused, "The sign-in was declined. Run `\(program.login())` again to retry.")
        case .expired:
            return CLIFailure(.loginRefused,
                "The sign-in code expired before it was approved. Run `\(program.login())` again and approve it sooner.")
        case .invalidGrant:
            return CLIFailure(.loginRefused, error.description + " Run `\(program.login())` again.")
        case .invalidClient(let oauth):
            return CLIFailure(.failure, "The relay\(at) rejected the client id (\(oauth.error)"
                + (oauth.errorDescription.map { ": \($0)" } ?? "")
                + "): check --client-id, or ask the relay's operator to register it.")
        case .oauth, .unsupported:
            return CLIFailure(.failure, "The relay\(at) is misconfigured or is not a \(program.name) relay: "
                + error.description)
        }
    }
}
