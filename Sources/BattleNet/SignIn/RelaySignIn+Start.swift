import Foundation

// How RelaySignIn finds the relay and starts a login, and what each refusal tells the app to do.
extension RelaySignIn {
    /// What the app uses of the relay's metadata: its authorization endpoint and issuer (the standard route), its
    /// device endpoints (the route of a relay without one), and a sandbox relay's API.
    struct Endpoints {
        var authorizationURL: URL?
        var issuer: String?
        var device: DeviceFlowEndpoints
        /// Where the relay's tokens work (`sandbox_api_url`), when ``WebOrigin/sandboxAPI(_:of:)`` accepts it.
        var apiBaseURL: URL?
    }

    /// The relay's endpoints, from its RFC 8414 metadata (`/.well-known/oauth-authorization-server`): a server
    /// without it, or whose metadata names no token endpoint, or neither an authorization nor a device authorization
    /// endpoint, is not a relay.
    func discoverEndpoints() async throws -> Endpoints {
        let url = relayURL.appending(path: ".well-known/oauth-authorization-server")
        let response = try await transport.send(
            TransportRequest(url: url, headers: [("Accept", "application/json")], timeout: timeout, maxResponseBytes: 256 << 10))
        if let busy = busy(response) { throw busy }
        guard response.status == 200 else {
            throw notARelay("it has no OAuth metadata at \(url.path) (HTTP \(response.status))")
        }
        guard let metadata = try? JSONDecoder().decode(AuthorizationServerMetadata.self, from: response.body) else {
            throw notARelay("\(url.path) is not OAuth authorization server metadata")
        }
        let authorization = metadata.authorizationEndpoint.flatMap(resolve)
        let device = metadata.deviceAuthorizationEndpoint.flatMap(resolve)
        guard authorization != nil || device != nil, let token = metadata.tokenEndpoint.flatMap(resolve) else {
            throw notARelay("its OAuth metadata names no authorization, device authorization or token endpoint")
        }
        return Endpoints(
            authorizationURL: authorization, issuer: metadata.issuer,
            device: DeviceFlowEndpoints(
                deviceAuthorizationURL: device ?? relayURL.appending(path: "oauth/device/code"), tokenURL: token,
                revocationURL: metadata.revocationEndpoint.flatMap(resolve)),
            apiBaseURL: metadata.sandboxAPIURL.flatMap(resolve).flatMap { WebOrigin.sandboxAPI($0, of: relayURL) })
    }

    /// Asks the device authorization endpoint for a login; the answer and when it was received.
    func requestLogin(at endpoints: DeviceFlowEndpoints) async throws -> (DeviceAuthorizationResponse, Date) {
        var form = [("client_id", app)]
        if !scopes.isEmpty { form.append(("scope", scopes.joined(separator: " "))) }
        let response = try await transport.send(TransportRequest(
            method: "POST", url: endpoints.deviceAuthorizationURL,
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
            body: Data(FormEncoding.encode(form).utf8), timeout: timeout, maxResponseBytes: 64 << 10))
        let receivedAt = Date()
        if let busy = busy(response) { throw busy }
        if response.status == 200 {
            guard let body = try? JSONDecoder().decode(DeviceAuthorizationResponse.self, from: response.body) else {
                throw notARelay("its device endpoint did not answer with a device authorization")
            }
            return (body, receivedAt)
        }
        guard let error = try? JSONDecoder().decode(OAuthErrorResponse.self, from: response.body) else {
            throw notARelay("its device endpoint answered HTTP \(response.status) without an OAuth error")
        }
        switch error.error {
        case "invalid_client", "unauthorized_client":
            throw SignInFailure(.unknownApp, "The relay does not know the app \"\(app)\" (\(error.error)). Check the "
                + "app's name, or register it at the relay with --app \(app)=redirect.")
        default:
            throw SignInFailure(.refused, sentence("The relay refused the sign-in (\(error.error)): "
                + (error.errorDescription ?? "no reason given")))
        }
    }

    /// The client that collects `attempt`'s token, at the token endpoint the relay's metadata named.
    func collector(_ attempt: SignInAttempt) -> DeviceFlowClient {
        var endpoints = DeviceFlowEndpoints(conventionalAt: relayURL)
        endpoints.tokenURL = attempt.tokenURL
        return DeviceFlowClient(endpoints: endpoints, transport: transport, timeout: timeout)
    }

    /// A relay that says "not now": 429 (rate limited, with its `Retry-After`) or a 5xx.
    func busy(_ response: TransportResponse) -> SignInFailure? {
        switch response.status {
        case 429:
            let wait = response.retryAfter.map { "\($0.components.seconds) s" } ?? "a minute"
            return SignInFailure(
                .rateLimited, "The relay is limiting sign-ins from this network for now (HTTP 429). Wait \(wait), "
                    + "then try again.", retryAfter: response.retryAfter)
        case 500...:
            return SignInFailure(
                .unreachable, "The relay at \(relayURL.absoluteString) cannot sign players in right now (HTTP "
                    + "\(response.status)). Try again in a minute.", retryAfter: response.retryAfter)
        default:
            return nil
        }
    }

    func notARelay(_ reason: String) -> SignInFailure {
        SignInFailure(.notARelay, "\(relayURL.absoluteString) is not a bnet-relay: \(reason). Check the relay URL: "
            + "it is the relay's base address, such as https://relay.example.com.")
    }

    private func resolve(_ string: String) -> URL? {
        URL(string: string, relativeTo: relayURL)?.absoluteURL
    }

    /// The relay could not be reached: no connection, a timeout, or an answer cut short.
    static func unreachable(_ error: BattleNetError) -> SignInFailure {
        SignInFailure(.unreachable, sentence("The relay could not be reached: \(error.description)")
            + " Check the network connection and try again.")
    }
}

/// `text` as one sentence: ending in exactly one full stop (or its own ?, !).
func sentence(_ text: String) -> String {
    var text = text
    while text.hasSuffix(".") || text.hasSuffix(" ") { text.removeLast() }
    return text.hasSuffix("?") || text.hasSuffix("!") ? text : text + "."
}
