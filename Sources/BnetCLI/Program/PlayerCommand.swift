import ArgumentParser
import BattleNet
import BnetKit
import Foundation

/// A root command of the player CLI (``D3``, ``Bnet``): how it runs as the program, with its own name in messages.
protocol PlayerCommand: AsyncParsableCommand {}

extension PlayerCommand {
    /// Parses, runs the command in a task that Ctrl-C cancels, and maps failures to one line and an exit code.
    static func runAsProgram() async -> Never {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitForParsing(error)
        }
        let parsed = ParsedCommand(command: command)
        let task = Task.detached { try await parsed.run() }
        let interrupts = Interrupts { task.cancel() }
        let result = await task.result
        interrupts.stop()
        guard case .failure(let error) = result else { Foundation.exit(ExitStatus.ok.rawValue) }
        switch error {
        case is CLIFailure, is CancellationError, is BattleNetError, is DeviceFlowError, is SettingsError,
             is CredentialStore.Failure:
            break
        default:
            exitForParsing(error)
        }
        var failure = CLIFailure.from(error, program: .running)
        if task.isCancelled, failure.status != .interrupted {
            failure = CLIFailure(.interrupted, "Interrupted.")
        }
        Terminal.printError("\(Program.running.name): " + failure.message)
        Foundation.exit(failure.status.rawValue)
    }

    /// Usage errors exit 2, not ArgumentParser's 64; help and version exit as ArgumentParser decides.
    private static func exitForParsing(_ error: any Error) -> Never {
        guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
        Terminal.printError(fullMessage(for: error))
        Foundation.exit(ExitStatus.usage.rawValue)
    }
}
