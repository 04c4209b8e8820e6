import Foundation

extension DeviceFlowClient {
    /// Collects the token of a login started with a loopback return address, once the browser came back there
    /// with `callback` (``RelayCallback/init(loopbackReturn:to:)``): an approval's `callback_code` is sent with the
    /// `device_code` (the relay hands the token out once, and only with both); a denial throws
    /// ``DeviceFlowError/accessDenied``, a failure ``DeviceFlowError/oauth(_:)`` with the relay's error code.
    ///
    /// The relay has the token by the time it redirects; should it still answer `authorization_pending`, this
    /// asks again at the login's interval until the codes expire.
    public func collect(_ authorization: DeviceAuthorization, after callback: RelayCallback) async throws -> DeviceFlowToken {
        switch callback.outcome {
        case .denied:
            throw DeviceFlowError.accessDenied
        case .failed:
            throw DeviceFlowError.oauth(OAuthError(
                error: callback.error ?? "server_error",
                errorDescription: "The sign-in failed at Battle.net or at the relay.", status: 302))
        case .approved:
            var interval = authorization.interval
            while true {
                switch try await poll(authorization, callbackCode: callback.callbackCode) {
                case .granted(let token): return token
                case .pending(let next): interval = max(interval, next ?? interval)
                case .slowDown(let next): interval = max(interval + 5, next ?? 0)
                }
                guard now().addingTimeInterval(TimeInterval(interval)) < authorization.expiresAt else {
                    throw DeviceFlowError.expired
                }
                try await Task.sleep(for: .seconds(interval))
            }
        }
    }
}
