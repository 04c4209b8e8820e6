import BattleNet
import BattleNetDiablo3
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// The client every test registers at its emulator.
let testCredentials = ClientCredentials(id: "relay-test-client", secret: "s3cr3t-Value-0123456789")
let testRedirectURI = "https://relay.example.com/redirect/d3"
/// A real HTTP client (AsyncHTTPClient), for the tests whose point is the socket.
let httpTransport = AsyncHTTPClientTransport.testing

/// How a test reaches its emulator: its routes in this process (the default: no socket), or a server on a loopback
/// port, through ``httpTransport`` (for tests of a transport, a dropped connection or a stalled body).
enum EmulatorAccess {
    case inProcess
    case sockets
}

/// Starts an emulator for the duration of `body`; reach it through ``RunningEmulator/transport``.
func withEmulator<T>(
    via access: EmulatorAccess = .inProcess, tokenLifetime: Duration = .seconds(86_399),
    codeLifetime: Duration = .seconds(300), notFoundStyle: NotFoundStyle = .gateway404,
    _ body: (RunningEmulator) async throws -> T
) async throws -> T {
    let configuration = EmulatorConfiguration(
        clients: [EmulatorClient(credentials: testCredentials, name: "Relay Test", redirectURIs: [testRedirectURI])],
        tokenLifetime: tokenLifetime, codeLifetime: codeLifetime, notFoundStyle: notFoundStyle)
    guard access == .inProcess else { return try await BattleNetEmulator.withRunning(configuration: configuration, body) }
    return try await body(RunningEmulator.inProcess(configuration: configuration))
}

extension RunningEmulator {
    /// The transport that reaches this emulator: its routes in process (any other URL through ``httpTransport``),
    /// or, for one that listens, ``httpTransport``.
    var transport: any HTTPTransport {
        isInProcess ? inProcessTransport(fallback: httpTransport) : httpTransport
    }

    /// An OAuth client of this emulator.
    func oauthClient(credentials: ClientCredentials = testCredentials, timeout: Duration = .seconds(5)) -> OAuthClient {
        OAuthClient(credentials: credentials, endpoints: endpoints, transport: transport, timeout: timeout)
    }

    /// A Diablo III client of this emulator with client-credentials tokens.
    func diablo3(
        region: Region = .eu, tokens: (any AccessTokenSource)? = nil, timeout: Duration = .seconds(5),
        maxResponseBytes: Int = 4 << 20, retry: RateLimitRetry = RateLimitRetry(maxDelay: .seconds(2))
    ) -> Diablo3Client {
        Diablo3Client(
            region: region, apiBaseURL: baseURL,
            tokens: tokens ?? ClientCredentialsTokenProvider(client: oauthClient()), transport: transport,
            timeout: timeout, maxResponseBytes: maxResponseBytes, retry: retry)
    }
}

/// Loads a recorded sample by file name.
func sample(_ name: String) throws -> Data {
    try EmulatorSamples.data(named: name)
}
