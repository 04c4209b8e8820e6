import BattleNet
import BattleNetEmulator
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// An emulator answering through its router in process (HummingbirdTesting), no socket: the transport of the
/// game tests, whose subject is what Battle.net answers, not the network.
struct EmulatorRouter: HTTPTransport {
    /// The base URL the clients are given; only the path and query of a request reach the router.
    static let baseURL = URL(string: "https://emulator.test")!

    let client: any TestClientProtocol
    let state: EmulatorState

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        var headers = HTTPFields()
        for (name, value) in request.headers {
            if let name = HTTPField.Name(name) { headers.append(HTTPField(name: name, value: value)) }
        }
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
        let uri = components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        let response = try await client.execute(
            uri: uri, method: HTTPRequest.Method(request.method) ?? .get, headers: headers,
            body: request.body.map { ByteBuffer(bytes: $0) })
        return TransportResponse(
            status: response.status.code, headers: response.headers.map { ($0.name.rawName, $0.value) },
            body: Data(response.body.readableBytesView))
    }

    /// An OAuth client of the emulator.
    var oauth: OAuthClient {
        OAuthClient(credentials: testCredentials, endpoints: BattleNetEndpoints(emulatorBaseURL: Self.baseURL), transport: self)
    }

    /// A player's token, as a sign-in that granted `scopes` gives it (the consent page skipped).
    func playerToken(_ battleTag: String = "FaYe#2543", scopes: [String]) async throws -> AccessToken {
        let authorize = oauth.authorizeURL(redirectURI: testRedirectURI, scopes: scopes, state: "s")
        var components = try #require(URLComponents(url: authorize, resolvingAgainstBaseURL: false))
        components.queryItems! += [
            URLQueryItem(name: "emulator_decision", value: "approve"), URLQueryItem(name: "emulator_battletag", value: battleTag),
        ]
        let redirect = try await send(TransportRequest(url: try #require(components.url)))
        let location = try #require(redirect.headers.first { $0.name.lowercased() == "location" }?.value)
        let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
        return try await oauth.exchangeCode(code, redirectURI: testRedirectURI)
    }

    /// A GET of `path` with `token`, returning status and body.
    func get(_ path: String, token: AccessToken?, headers: [(String, String)] = []) async throws -> TransportResponse {
        try await send(TransportRequest(
            url: try #require(URL(string: Self.baseURL.absoluteString + path)),
            headers: (token.map { [("Authorization", "Bearer \($0.value)")] } ?? []) + headers))
    }
}

/// Runs `body` with an emulator of the default players behind its router.
func withEmulatorRouter<T: Sendable>(_ body: @Sendable (EmulatorRouter) async throws -> T) async throws -> T {
    let emulator = BattleNetEmulator(configuration: EmulatorConfiguration(
        clients: [EmulatorClient(credentials: testCredentials, name: "Game tests", redirectURIs: [testRedirectURI])]))
    let app = Application(router: emulator.router())
    return try await app.test(.router) { client in
        try await body(EmulatorRouter(client: client, state: emulator.state))
    }
}
