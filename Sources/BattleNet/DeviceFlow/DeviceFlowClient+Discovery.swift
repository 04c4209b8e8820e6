import Foundation

extension DeviceFlowClient {
    /// Reads a server's RFC 8414 metadata at `<relayURL>/.well-known/oauth-authorization-server` for its
    /// device authorization, token and revocation endpoints, its `long_poll_wait_max`, its `regions_supported`,
    /// its `loopback_redirect_supported`, a sandbox relay's `sandbox_api_url`, its `authorization_endpoint` and
    /// `issuer`, and its `api_gateway_endpoint`. When the
    /// metadata is absent (HTTP 404) the conventional `/oauth/device/code` and `/oauth/token` under `relayURL`
    /// are used.
    ///
    /// Throws ``BattleNetError/unreachable(_:)`` or ``BattleNetError/timeout`` when the server cannot be
    /// reached, and ``DeviceFlowError/unsupported(_:)`` when its metadata lists no device endpoint.
    public static func discover(
        relayURL: URL, transport: any HTTPTransport, timeout: Duration = .seconds(10),
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> DeviceFlowClient {
        let endpoints = try await discoverEndpoints(relayURL: relayURL, transport: transport, timeout: timeout)
        return DeviceFlowClient(endpoints: endpoints, transport: transport, timeout: timeout, now: now)
    }

    private static func discoverEndpoints(
        relayURL: URL, transport: any HTTPTransport, timeout: Duration
    ) async throws -> DeviceFlowEndpoints {
        let metadataURL = relayURL.appending(path: ".well-known/oauth-authorization-server")
        let response = try await transport.send(
            TransportRequest(url: metadataURL, headers: [("Accept", "application/json")], timeout: timeout,
                        maxResponseBytes: 256 << 10))
        switch response.status {
        case 200:
            break
        case 404:
            return DeviceFlowEndpoints(conventionalAt: relayURL)
        default:
            throw statusError(response)
        }
        guard let metadata = try? JSONDecoder().decode(AuthorizationServerMetadata.self, from: response.body) else {
            throw BattleNetError.malformedResponse("\(metadataURL.absoluteString) is not authorization server metadata")
        }
        guard let device = metadata.deviceAuthorizationEndpoint.flatMap({ resolve($0, against: relayURL) }) else {
            throw DeviceFlowError.unsupported("its metadata lists no device_authorization_endpoint")
        }
        guard let token = metadata.tokenEndpoint.flatMap({ resolve($0, against: relayURL) }) else {
            throw DeviceFlowError.unsupported("its metadata lists no token_endpoint")
        }
        return DeviceFlowEndpoints(
            deviceAuthorizationURL: device, tokenURL: token,
            longPollWaitMax: metadata.longPollWaitMax.flatMap { $0 > 0 ? $0 : nil },
            regions: (metadata.regionsSupported ?? []).compactMap(Region.init(name:)),
            revocationURL: metadata.revocationEndpoint.flatMap { resolve($0, against: relayURL) },
            sandboxAPIURL: metadata.sandboxAPIURL.flatMap { resolve($0, against: relayURL) },
            loopbackRedirect: metadata.loopbackRedirectSupported == true,
            authorizationURL: metadata.authorizationEndpoint.flatMap { resolve($0, against: relayURL) },
            issuer: metadata.issuer,
            apiGatewayURL: metadata.apiGatewayEndpoint.flatMap { resolve($0, against: relayURL) })
    }

    private static func resolve(_ string: String, against base: URL) -> URL? {
        URL(string: string, relativeTo: base)?.absoluteURL
    }
}
