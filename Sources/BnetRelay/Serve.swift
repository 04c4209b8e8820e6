import ArgumentParser
import BattleNetEmulator
import Foundation
import Logging
import RelayCore
import RelayApp
import ServiceLifecycle
import UnixSignals

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the relay.",
        discussion: """
            Example (sandbox, no Blizzard credentials):  bnet-relay serve
            Exit status: 0 after SIGTERM or SIGINT; 64 usage, 69 a port taken or PostgreSQL unreachable, 70 internal \
            error, 74 the database cannot be opened or written, 78 a setting, secret or key wrong or missing.
            Example (production):
              BNET_CLIENT_ID=... BNET_CLIENT_SECRET_FILE=/etc/bnet-relay/secret \\
                bnet-relay serve --public-url https://relay.example.com \\
                --app d3=poll --app myapp=redirect

            """ + ServeOptions.help)

    @OptionGroup var options: ServeOptions

    func run() async throws {
        let config = try options.configuration(command: "serve")
        let collaborators = RelayCollaborators.live
        LoggingSystem.bootstrap { label in
            switch config.logFormat {
            case .text:
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = config.logLevel
                return handler
            case .json:
                var handler = JSONLogHandler(label: label, clock: collaborators.clock)
                handler.logLevel = config.logLevel
                return handler
            }
        }
        let logger = Logger(label: "bnet-relay")
        let relay: Relay
        do {
            relay = try await Relay.build(configuration: config, logger: logger, collaborators: collaborators)
        } catch {
            throw Failure.cannotStart(error, command: "serve")
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
        do {
            try await relay.serviceGroup(signals: [.sigterm, .sigint]).run()
        } catch {
            throw Failure.cannotStart(error, command: "serve")
        }
    }
}
