import ArgumentParser
import BattleNet
import Foundation
import RelayServer

struct CheckConfig: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Validate the configuration and print it (no secret is shown), then the verdict.",
        discussion: """
            Prints the settings in effect, then, as its last line, "configuration OK" (exit 0) or "configuration NOT \
            OK" with each problem on standard error (exit 1).
            Example:  sudo bnet-relay check-config --env-file /etc/bnet-relay/relay.env
            Example:  BNET_CLIENT_ID=abc BNET_CLIENT_SECRET=xyz bnet-relay check-config --public-url https://relay.example.com

            """ + ServeOptions.help)

    /// The client id `deploy/relay.env.example` ships with, which Battle.net would refuse at every sign-in.
    static let placeholderClientID = "replace-with-your-client-id"

    @Option(help: ArgumentHelp(
        "Check what the service will use: the settings of this file only (read as systemd reads EnvironmentFile=), the client secret and seal key beside it (client-secret, seal.key), as the unit hands them over.",
        valueName: "relay.env"))
    var envFile: String?

    @OptionGroup var options: ServeOptions

    func run() async throws {
        let config: RelayConfiguration
        do {
            config = try configuration()
        } catch let error as ValidationError {
            throw Self.notOK([error.message])
        }
        // Unbuffered, so that the settings come before the verdict also when both streams go to one pipe.
        let warnings = config.database.warning.map { ["warning: \($0)"] } ?? []
        FileHandle.standardOutput.write(Data((config.summary + warnings).map { $0 + "\n" }.joined().utf8))
        let problems = Self.problems(config)
        guard problems.isEmpty else { throw Self.notOK(problems) }
        print("configuration OK")
    }

    /// The verdict on standard error, each problem on a line of its own; then exit 1 (not the usage text and 64).
    private static func notOK(_ problems: [String]) -> ExitCode {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        let lines = ["", "configuration NOT OK (\(count)):"] + problems.map { "- \($0)" }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        return .failure
    }

    /// What stops the relay from starting, plus what would make every sign-in fail after it started.
    static func problems(_ config: RelayConfiguration) -> [String] {
        var problems = config.problems()
        if case .battleNet(let credentials) = config.provider, credentials.id == placeholderClientID {
            problems.append(
                "BNET_CLIENT_ID is still the example's placeholder (\(placeholderClientID)): set it to the Client ID of "
                    + "your client at https://develop.battle.net/access/clients")
        }
        if !config.isSandbox, !FileManager.default.fileExists(atPath: config.sealKeyFile) {
            problems.append("seal key file \(config.sealKeyFile) does not exist: run `bnet-relay keygen --output \(config.sealKeyFile)`")
        }
        if let previous = config.previousSealKeyFile, !FileManager.default.fileExists(atPath: previous) {
            problems.append("previous seal key file \(previous) does not exist (remove the setting once the rotation is over)")
        }
        return problems
    }

    /// The configuration from the command line and this process's environment, or, with `--env-file`, as the unit
    /// starts the service: the file's variables alone, `BNET_CLIENT_SECRET_FILE` (the unit's `Environment=`, which
    /// the file may override) and `--seal-key-file` (its `ExecStart=` flag) pointing beside the file.
    private func configuration() throws -> RelayConfiguration {
        guard let envFile else { return try options.configuration() }
        let directory = URL(fileURLWithPath: envFile).deletingLastPathComponent()
        var environment: [String: String]
        do {
            environment = try EnvironmentFile.read(envFile)
        } catch {
            throw ValidationError(error.message)
        }
        environment["BNET_CLIENT_SECRET_FILE"] = environment["BNET_CLIENT_SECRET_FILE"] ?? directory.appending(path: "client-secret").path
        var options = options
        if !options.settings.contains(where: { $0.hasPrefix("--seal-key-file") }) {
            options.settings += ["--seal-key-file", directory.appending(path: "seal.key").path]
        }
        return try options.configuration(environment: environment)
    }
}
