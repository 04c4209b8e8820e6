import RelayCore

/// The request rates the routes apply, built once from the configuration.
package struct RouteLimits: Sendable {
    /// Logins started per client network, /56 and /48 (`POST /oauth/device/code`, `/oauth/authorize`).
    let starts: PrefixRateLimits
    /// User codes typed per client network (`/device`).
    let codeEntries: RateLimiter
    /// Requests that present a token, per client network, /56 and /48 (`POST /oauth/revoke`, `/oauth/userinfo`).
    let revocationRequests: PrefixRateLimits

    package init(starts: PrefixRateLimits, codeEntries: RateLimiter, revocationRequests: PrefixRateLimits) {
        (self.starts, self.codeEntries, self.revocationRequests) = (starts, codeEntries, revocationRequests)
    }
}
