import ArgumentParser
import BattleNetEmulator
import Foundation
import Logging
import RelayCore
import RelayServer
import ServiceLifecycle
import UnixSignals

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the relay.",
        discussion: """
            Example (sandbox, no Blizzard credentials):  bnet-relay serve
            Example (production):
              BNET_CLIENT_ID=... BNET_CLIENT_SECRET_FILE=/etc/bnet-relay/secret \\
                bnet-relay serve --public-url https://relay.example.com \\
                --app d3=poll --app myapp=redirect

            """ + ServeOptions.help)

    @OptionGroup var options: ServeOptions

    func run() async throws {
        let config = try options.configuration()
        LoggingSystem.bootstrap { label in
            switch config.logFormat {
            case .text:
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = config.logLevel
                return handler
            case .json:
                var handler = JSONLogHandler(label: label)
                handler.logLevel = config.logLevel
                return handler
            }
        }
        let logger = Logger(label: "bnet-relay")
        let relay: Relay
        do {
            relay = try await Relay.build(configuration: config, logger: logger)
        } catch let error as RelayStartupError {
            throw ValidationError("cannot start:\n" + error.description)
        }
        if config.isSandbox, let emulator = relay.emulator, config.logFormat == .json {
            logger.warning(
                "SANDBOX MODE: no BNET_CLIENT_ID/BNET_CLIENT_SECRET given; sign-ins go to the built-in Battle.net EMULATOR at \(emulator.baseURL.absoluteString), not to Blizzard")
        } else if config.isSandbox, let emulator = relay.emulator {
            let line = String(repeating: "=", count: 72)
            FileHandle.standardError.write(Data("""
                \(line)
                SANDBOX MODE: no BNET_CLIENT_ID/BNET_CLIENT_SECRET given.
                Sign-ins go to the built-in Battle.net EMULATOR at \(emulator.baseURL.absoluteString),
                not to Blizzard. Nothing here is a real account.
                \(line)

                """.utf8))
        }
        for line in config.summary { logger.info("config", metadata: [LogKey.setting: "\(line)"]) }
        if let warning = config.database.warning { logger.warning("\(warning)") }
        let group = ServiceGroup(
            configuration: .init(services: relay.services(), gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch let error as RelayStartupError {
            await relay.shutdown()
            throw ValidationError("cannot start:\n" + error.description)
        }
        await relay.shutdown()
    }
}

struct CheckConfig: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Validate the configuration and print it (no secret is shown).",
        discussion: """
            Example:  sudo bnet-relay check-config --env-file /etc/bnet-relay/relay.env
            Example:  BNET_CLIENT_ID=abc BNET_CLIENT_SECRET=xyz bnet-relay check-config --public-url https://relay.example.com

            """ + ServeOptions.help)

    @Option(help: ArgumentHelp(
        "Check what the service will use: the settings of this file only (read as systemd reads EnvironmentFile=), the client secret and seal key beside it (client-secret, seal.key), as the unit hands them over.",
        valueName: "relay.env"))
    var envFile: String?

    @OptionGroup var options: ServeOptions

    func run() async throws {
        let config = try configuration()
        for line in config.summary { print(line) }
        if let warning = config.database.warning { print("warning: \(warning)") }
        var problems = config.problems()
        if !config.isSandbox, !FileManager.default.fileExists(atPath: config.sealKeyFile) {
            problems.append("seal key file \(config.sealKeyFile) does not exist: run `bnet-relay keygen --output \(config.sealKeyFile)`")
        }
        if let previous = config.previousSealKeyFile, !FileManager.default.fileExists(atPath: previous) {
            problems.append("previous seal key file \(previous) does not exist (remove the setting once the rotation is over)")
        }
        guard problems.isEmpty else {
            throw ValidationError("configuration problems:\n" + problems.map { "- \($0)" }.joined(separator: "\n"))
        }
        print("configuration OK")
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
