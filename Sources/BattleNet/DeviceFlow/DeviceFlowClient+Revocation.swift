import Foundation

extension DeviceFlowClient {
    /// Revokes an access token at the server's revocation endpoint (RFC 7009), sending `token`,
    /// `token_type_hint=access_token` and `client_id`. The server answers HTTP 200 for tokens it does not know
    /// too, so success means only that the token no longer works.
    ///
    /// Throws ``DeviceFlowError/unsupported(_:)`` when the server offers no revocation endpoint (none in its
    /// metadata, or HTTP 404, 405 or 501), ``DeviceFlowError/invalidClient(_:)`` for an unknown client id,
    /// ``DeviceFlowError/oauth(_:)`` for other OAuth refusals (`unsupported_token_type`), and
    /// ``BattleNetError`` for transport failures, HTTP 429, 5xx (such as 503 when the relay cannot reach
    /// Battle.net) and other statuses.
    public func revoke(token: String, clientID: String) async throws {
        guard let url = endpoints.revocationURL else {
            throw DeviceFlowError.unsupported("its metadata lists no revocation_endpoint")
        }
        let form = [("token", token), ("token_type_hint", "access_token"), ("client_id", clientID)]
        let response = try await transport.send(
            TransportRequest(
                method: "POST", url: url,
                headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
                body: Data(FormEncoding.encode(form).utf8), timeout: timeout, maxResponseBytes: 64 << 10))
        if response.status == 200 { return }
        if response.status == 429 || response.status >= 500 { throw Self.statusError(response) }
        if let body = try? JSONDecoder().decode(OAuthErrorResponse.self, from: response.body) {
            throw DeviceFlowError.classify(OAuthError(body, status: response.status))
        }
        if [404, 405, 501].contains(response.status) {
            throw DeviceFlowError.unsupported("\(url.absoluteString) answered HTTP \(response.status)")
        }
        throw Self.statusError(response)
    }
}
