import BattleNet
import BattleNetEmulator
import Foundation
import RelayCore
import ServiceLifecycle

/// The Battle.net the relay signs players in with: Blizzard's, with the operator's client credentials, or in sandbox
/// mode the built-in emulator, started here on its own port.
struct BattleNetProvider: Sendable {
    /// The relay's client at Battle.net.
    let credentials: ClientCredentials
    /// Where Battle.net answers.
    let endpoints: BattleNetEndpoints
    /// The sandbox's emulator, running.
    let emulator: RunningEmulator?
    /// The emulator's address as clients reach it (`--emulator-host`), given out by `/.well-known/bnet-relay`.
    let sandboxAPIURL: URL?

    /// The provider `configuration` names; in sandbox mode starts the emulator, knowing the apps' `redirectURIs`.
    /// A port the emulator cannot listen on is a startup error naming `--emulator-port`.
    static func start(_ configuration: RelayConfiguration, redirectURIs: [String]) async throws -> BattleNetProvider {
        if case .battleNet(let credentials) = configuration.provider {
            return BattleNetProvider(
                credentials: credentials, endpoints: configuration.endpoints(emulatorBaseURL: nil), emulator: nil,
                sandboxAPIURL: nil)
        }
        let credentials = ClientCredentials(id: "bnet-relay-sandbox", secret: Identifiers.state())
        let host = configuration.host == "0.0.0.0" ? "127.0.0.1" : configuration.host
        let port = configuration.emulatorPort ?? (configuration.port == 0 ? 0 : configuration.port + 1)
        let running: RunningEmulator
        do {
            running = try await BattleNetEmulator.start(
                configuration: EmulatorConfiguration(clients: [
                    EmulatorClient(credentials: credentials, name: "BattleNetRelay sandbox", redirectURIs: redirectURIs)
                ]),
                host: host, port: port, logger: BattleNetEmulator.quietLogger)
        } catch let error as EmulatorStartError {
            let setting = configuration.emulatorPort == nil ? "--emulator-port (by default --port + 1)" : "--emulator-port"
            guard let failure = ListenFailure(
                name: "sandbox's Battle.net emulator", address: "\(host):\(port)", setting: setting,
                error: error.underlying ?? error)
            else { throw RelayStartupError(problems: [error.description], cause: .unavailable) }
            throw failure.startupError
        }
        let url = configuration.emulatorHost.flatMap { URL(string: "http://\($0):\(running.baseURL.port ?? 80)") } ?? running.baseURL
        return BattleNetProvider(
            credentials: credentials, endpoints: configuration.endpoints(emulatorBaseURL: url), emulator: running,
            sandboxAPIURL: url)
    }

    /// The relay's OAuth client through `transport`, each exchange within `timeout`.
    func client(_ transport: any HTTPTransport, timeout: Duration) -> OAuthClient {
        OAuthClient(credentials: credentials, endpoints: endpoints, transport: transport, timeout: timeout)
    }
}

/// The sandbox's emulator as a service of the relay's group: started by `Relay.build` (the relay's endpoints and
/// metadata need its address, which with port 0 exists only once it listens), stopped by the group. Listed first,
/// it is shut down last, after the listeners whose callbacks may still call it.
struct SandboxEmulatorService: Service {
    let emulator: RunningEmulator

    func run() async throws {
        try? await gracefulShutdown()
        await emulator.stop()
    }
}
