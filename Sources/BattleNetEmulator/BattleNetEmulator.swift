import BattleNet
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A faithful stand-in for Battle.net's OAuth server and Diablo III API, served over real HTTP.
///
/// It speaks the protocol recorded in FACTS.md: `/authorize` (a consent page a person can click through, where a
/// scope can be unticked), `/token` (authorization_code with PKCE when the authorize request carried a challenge,
/// and client_credentials, HTTP Basic or form client auth), `/check_token` and `/v2/check_token`, `/userinfo`,
/// the legacy `/oauth/...` spellings, `/.well-known/openid-configuration`, and the Diablo III profile, hero, item
/// and act endpoints with the recorded samples, World of Warcraft's account, collection and character profile
/// endpoints, and StarCraft II's account and profile endpoints; anything else gets the API gateway's 404 body. It is not
/// Blizzard, and its pages say so. It plays Blizzard's quota and game data's caching headers (``EmulatorAPILimits``).
///
/// Like Battle.net, it remembers a browser: approving sets a session cookie, and that browser's next authorize for
/// the same client and scopes (or fewer) redirects back at once with a code, with no page. `/logout` forgets one
/// browser; ``EmulatorState/forgetSessions()`` (or `DELETE /emulator/sessions`) forgets them all.
///
/// Tests may skip the consent page: adding `emulator_decision=approve` (or `deny`) and optionally
/// `emulator_battletag=Name%231234` and `emulator_scope=openid` (the scopes granted) to an authorize URL answers the
/// redirect at once.
public struct BattleNetEmulator: Sendable {
    /// The emulator's memory, for injecting faults and reading counters.
    public let state: EmulatorState

    /// The routes built once, for the transports that answer in process (``EmulatorTransport``).
    let responder: RouterResponder<BasicRequestContext>

    /// Creates an emulator.
    public init(configuration: EmulatorConfiguration) {
        state = EmulatorState(configuration: configuration)
        responder = Self.router(state: state).buildResponder()
    }

    /// The emulator's routes, to serve on their own or inside another application.
    public func router() -> Router<BasicRequestContext> {
        Self.router(state: state)
    }

    private static func router(state: EmulatorState) -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(GatewayErrorMiddleware())
        router.middlewares.add(FaultMiddleware(state: state))
        router.middlewares.add(QuotaMiddleware(state: state))
        router.middlewares.add(GameDataCacheMiddleware(state: state))
        OAuthRoutes(state: state).register(on: router)
        Diablo3Routes(state: state).register(on: router)
        WoWRoutes(state: state).register(on: router)
        WoWCharacterRoutes(state: state).register(on: router)
        WoWWorldRoutes(state: state).register(on: router)
        StarCraft2Routes(state: state).register(on: router)
        SC2LadderRoutes(state: state).register(on: router)
        HearthstoneRoutes(state: state).register(on: router)
        if state.configuration.controlEndpoints {
            ControlRoutes(state: state).register(on: router)
        }
        return router
    }

    /// An application serving the emulator on `host:port` (port 0: an ephemeral one, reported to `onRunning`).
    public func application(
        host: String = "127.0.0.1", port: Int = 0, logger: Logger = Logger(label: "battlenet-emulator"),
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: .init(address: .hostname(host, port: port), serverName: "battlenet-emulator"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// Starts an emulator in the background and returns once it is listening.
    public static func start(
        configuration: EmulatorConfiguration, host: String = "127.0.0.1", port: Int = 0,
        logger: Logger = BattleNetEmulator.quietLogger
    ) async throws -> RunningEmulator {
        let emulator = BattleNetEmulator(configuration: configuration)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = emulator.application(host: host, port: port, logger: logger) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        // A server that cannot bind ends without reporting a port: ending the stream then lets the error through,
        // rather than leaving the caller waiting for a port that never comes.
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            do {
                try await task.value
            } catch {
                throw EmulatorStartError(host: host, port: port, reason: "\(error)", underlying: error)
            }
            throw CancellationError()
        }
        // An IPv6 address is bracketed in a URL (R5-4: `--host ::1` crashed here); a host no URL can hold is refused.
        let authority = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        guard let baseURL = URL(string: "http://\(authority):\(bound)") else {
            await group.triggerGracefulShutdown()
            _ = try? await task.value
            throw EmulatorStartError(host: host, port: port, reason: "the host \(host) cannot be written in a URL")
        }
        return RunningEmulator(emulator: emulator, baseURL: baseURL, group: group, task: task)
    }
}

extension BattleNetEmulator {
    /// Runs `body` with an emulator started for it, and stops the emulator afterwards, whether `body` returns or
    /// throws.
    public static func withRunning<T>(
        configuration: EmulatorConfiguration, _ body: (RunningEmulator) async throws -> T
    ) async throws -> T {
        let emulator = try await start(configuration: configuration)
        do {
            let result = try await body(emulator)
            await emulator.stop()
            return result
        } catch {
            await emulator.stop()
            throw error
        }
    }

    /// A logger that reports only warnings and worse.
    public static var quietLogger: Logger {
        var logger = Logger(label: "battlenet-emulator")
        logger.logLevel = .warning
        return logger
    }
}

/// An emulator running in the background.
public struct RunningEmulator: Sendable {
    /// The emulator, for faults and counters.
    public let emulator: BattleNetEmulator
    /// Where it listens, such as `http://127.0.0.1:49152`.
    public let baseURL: URL
    /// The server's group and task; nil for an emulator answering in process (see ``inProcess(configuration:baseURL:)``).
    let group: ServiceGroup?
    let task: Task<Void, any Error>?
    /// Off once stopped: its in-process transports then fail as a stopped server's connections do.
    let power = EmulatorPower()

    /// The endpoints of this emulator, for an ``OAuthClient`` or a game client (`Diablo3Client`, …).
    public var endpoints: BattleNetEndpoints { BattleNetEndpoints(emulatorBaseURL: baseURL) }

    /// The emulator's memory.
    public var state: EmulatorState { emulator.state }

    /// Stops the server and waits until it has.
    public func stop() async {
        power.switchOff()
        await group?.triggerGracefulShutdown()
        _ = try? await task?.value
    }
}

/// The emulator could not listen, with the address it tried: in sandbox mode that tells the emulator's port (by
/// default the relay's plus one) from the relay's own.
public struct EmulatorStartError: Error, CustomStringConvertible {
    /// The address asked for.
    public var host: String
    /// The port asked for (0: any free one).
    public var port: Int
    /// What the server said, such as `Address already in use`.
    public var reason: String
    /// The server's error itself (a NIO `IOError` when the bind failed), for callers that explain it further.
    public var underlying: (any Error)?

    /// The failure to listen on `host:port`.
    public init(host: String, port: Int, reason: String, underlying: (any Error)? = nil) {
        (self.host, self.port, self.reason, self.underlying) = (host, port, reason, underlying)
    }

    public var description: String {
        "the Battle.net emulator could not listen on \(host):\(port) (\(reason)); choose another port for it "
            + "(bnet-relay: --emulator-port)"
    }
}
