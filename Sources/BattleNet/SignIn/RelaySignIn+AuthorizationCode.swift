import Foundation

// How RelaySignIn finishes a sign-in of the standard route: the browser's return read against the request, and the
// code redeemed once with the PKCE verifier (RFC 6749 section 4.1.3, RFC 7636 section 4.5).
extension RelaySignIn {
    /// Whether the relay serves this app with `request`'s return, asked without starting a login: an authorization
    /// request with no `response_type` goes back to a registered `redirect_uri` with an error, and to anything else
    /// is answered with a page (RFC 6749 section 4.1.2.1).
    func checkRegistration(_ request: AuthorizationCodeRequest, at endpoint: URL) async throws {
        let probe = endpoint.appendingQuery([("client_id", app), ("redirect_uri", request.redirectURI)])
        let response = try await transport.send(TransportRequest(url: probe, timeout: timeout, maxResponseBytes: 64 << 10))
        if let busy = busy(response) { throw busy }
        if (300..<400).contains(response.status), response.header("Location")?.hasPrefix(request.redirectURI + "?") == true {
            return
        }
        throw SignInFailure(
            .unknownApp, "The relay does not serve the app \"\(app)\" with the return \(request.redirectURI) (HTTP "
                + "\(response.status)). Check the app's name, or register it at the relay with --app \(app)=redirect.")
    }

    /// Finishes `request` with the URL the browser session ended on. A return the app did not start (another
    /// scheme or path, a wrong or missing `state`, another issuer) never reaches the relay.
    func redeem(_ request: AuthorizationCodeRequest, callbackURL: URL, attempt: SignInAttempt) async -> SignInResult {
        switch request.callback(callbackURL) {
        case nil:
            return .failed(SignInFailure(
                .unrecognisedCallback,
                "The app was opened with a link that is not the answer to its own sign-in (another address, state "
                    + "or relay); nothing was signed in. Start a new sign-in."))
        case .error("access_denied", _):
            return .denied
        case .error(let error, let description):
            let detail = description.map { ": \($0)" } ?? ""
            switch error {
            case "slow_down", "temporarily_unavailable":
                return .failed(SignInFailure(
                    .rateLimited, sentence("The relay is limiting sign-ins for now (\(error))\(detail)")
                        + " Wait a minute, then try again.", retryAfter: .seconds(60)))
            case "server_error":
                return .failed(SignInFailure(
                    .battleNet, sentence("Battle.net could not complete the sign-in (\(error))\(detail)") + " Try again in a moment."))
            default:
                // The request's own error (a scope the app may not ask for, say).
                return .failed(SignInFailure(.refused, sentence("The relay refused the sign-in (\(error))\(detail)")))
            }
        case .code(let code):
            do {
                return try await redeem(code: code, request, attempt: attempt)
            } catch {
                return Self.ending(error)
            }
        }
    }

    /// The token request of `code`: the token and the player, or the relay's refusal as a failure.
    private func redeem(code: String, _ request: AuthorizationCodeRequest, attempt: SignInAttempt) async throws -> SignInResult {
        switch try await request.redeem(code: code, at: attempt.tokenURL, transport: transport, timeout: timeout) {
        case .granted(let granted):
            return .approved(player(granted, attempt))
        case .refused(let error) where error.error == "invalid_grant":
            return .failed(SignInFailure(
                .notCollectable,
                sentence("The relay has no token for this sign-in (\(error.errorDescription ?? "invalid_grant"))")
                    + " Each code is redeemed once, within a minute: sign in again."))
        case .refused(let error):
            throw SignInFailure(.refused, sentence("The relay refused the sign-in (\(error.error)): "
                + (error.errorDescription ?? "no reason given")))
        case .unexpected(let response):
            throw busy(response)
                ?? notARelay("its token endpoint answered HTTP \(response.status) without a token or an OAuth error")
        }
    }
}
