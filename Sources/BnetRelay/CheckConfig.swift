import ArgumentParser
import BattleNet
import Foundation
import RelayApp

struct CheckConfig: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Validate the configuration and print it (no secret is shown), then the verdict.",
        discussion: """
            Prints the settings it could read, then, as its last line, "configuration OK" (exit 0) or "configuration \
            NOT OK" with every problem at once on standard error (exit 78, EX_CONFIG; 64 for a malformed command line).
            Example:  sudo bnet-relay check-config --env-file /etc/bnet-relay/relay.env
            Example:  BNET_CLIENT_ID=abc BNET_CLIENT_SECRET=xyz bnet-relay check-config --public-url https://relay.example.com
            Example:  sudo bnet-relay check-config --env-file /etc/bnet-relay/relay.env --live
            With --live, also asks Battle.net whether what the relay counts on still holds; a change found exits 69.

            """ + ServeOptions.help)

    /// The client id `deploy/relay.env.example` ships with, which Battle.net would refuse at every sign-in.
    static let placeholderClientID = "replace-with-your-client-id"

    @Option(help: ArgumentHelp(
        "Check what the service will use: the settings of this file only (read as systemd reads EnvironmentFile=), the client secret and seal key beside it (client-secret, seal.key), as the unit hands them over.",
        valueName: "relay.env"))
    var envFile: String?

    @Flag(help: "Also ask Battle.net, read-only and with the relay's client, whether what the relay counts on still holds (discovery, a client-credentials token, check_token, a game-data call, userinfo), and name what changed.")
    var live = false

    @OptionGroup var options: ServeOptions

    func run() async throws {
        let (config, unreadable) = try configuration()
        // Unbuffered, so that the settings come before the verdict also when both streams go to one pipe.
        let warnings = config.database.warning.map { ["warning: \($0)"] } ?? []
        FileHandle.standardOutput.write(Data((config.summary + warnings).map { $0 + "\n" }.joined().utf8))
        let problems = unreadable + Self.problems(config)
        guard problems.isEmpty else { throw Self.notOK(problems) }
        if live { try await Self.checkLive(config) }
        print("configuration OK")
    }

    /// The live check's findings on standard output; exit 69 (`EX_UNAVAILABLE`) when Battle.net is not as the relay
    /// expects, naming each change on standard error.
    private static func checkLive(_ config: RelayConfiguration) async throws {
        guard case .battleNet(let credentials) = config.provider else {
            throw Failure.exit(.configuration, command: "check-config", [
                "--live asks Battle.net with the relay's client: set BNET_CLIENT_ID and its secret (sandbox mode has none)",
            ])
        }
        FileHandle.standardOutput.write(Data("\nlive check of Battle.net (read-only, client \(credentials.id)):\n".utf8))
        let findings = await LiveCheck(configuration: config, credentials: credentials).run()
        FileHandle.standardOutput.write(Data(findings.map { "  \($0)\n" }.joined().utf8))
        let drifts = findings.filter { $0.drift != nil }
        guard drifts.isEmpty else {
            let count = drifts.count == 1 ? "1 change" : "\(drifts.count) changes"
            throw Failure.exit(.unavailable, command: "check-config",
                headline: "Battle.net is NOT as the relay expects (\(count)):",
                drifts.map { "- \($0.subject): \($0.drift ?? "")" })
        }
        print("Battle.net is as the relay expects (\(findings.count) checks)")
    }

    /// The verdict on standard error, each problem on a line of its own; then exit 78 (`EX_CONFIG`; not the usage
    /// text and 64).
    private static func notOK(_ problems: [String]) -> ExitCode {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        let lines = ["", "configuration NOT OK (\(count)):"] + problems.map { "- \($0)" }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        return ExitCode(StartupFailureCause.configuration.exitStatus)
    }

    /// What stops the relay from starting, plus what would make every sign-in fail after it started.
    static func problems(_ config: RelayConfiguration) -> [String] {
        var problems = config.problems()
        if case .battleNet(let credentials) = config.provider, credentials.id == placeholderClientID {
            problems.append(
                "BNET_CLIENT_ID is still the example's placeholder (\(placeholderClientID)): set it to the Client ID of "
                    + "your client at https://community.developer.battle.net/access/clients")
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
    /// the file may override) and `--seal-key-file` (its `ExecStart=` flag) pointing beside the file. With it, every
    /// setting that could not be read (which keeps its default), so that the verdict lists every problem at once.
    private func configuration() throws -> (configuration: RelayConfiguration, problems: [String]) {
        guard let envFile else { return try options.reading() }
        let directory = URL(fileURLWithPath: envFile).deletingLastPathComponent()
        var environment: [String: String]
        do {
            environment = try EnvironmentFile.read(envFile)
        } catch {
            throw Self.notOK([error.message])
        }
        environment["BNET_CLIENT_SECRET_FILE"] = environment["BNET_CLIENT_SECRET_FILE"] ?? directory.appending(path: "client-secret").path
        var options = options
        if !options.settings.contains(where: { $0.hasPrefix("--seal-key-file") }) {
            options.settings += ["--seal-key-file", directory.appending(path: "seal.key").path]
        }
        return try options.reading(environment: environment)
    }
}
