import RelayCore

/// Rate limits at three widths of a client's network, so that neither one address nor a whole allocation can take
/// a shared resource (the open-login cap): a request passes only when each width still has budget.
///
/// - an IPv4 address or an IPv6 /64: what one customer holds;
/// - an IPv6 /56: a home or small site's delegation (IPv4 has no counterpart, so this width does not apply to it);
/// - an IPv6 /48 or an IPv4 /24: an organisation's or a tunnel broker's free allocation, which holds 65,536 /64s.
///
/// Narrow widths are checked first, so a client refused at its own /64 spends nothing of its /48's budget.
package struct PrefixRateLimits: Sendable {
    /// One width's limiter and the label its refusals count under in `bnet_relay_throttled_total`.
    private struct Width: Sendable {
        let limiter: RateLimiter
        let throttle: Throttle
        /// The key of an address at this width; nil when the width does not apply (IPv4 at /56).
        let key: @Sendable (IPAddress) -> String?
    }

    private let widths: [Width]

    /// Limits of `perNetwork`, `per56` and `per48` requests a minute (each also its burst), counted under
    /// `throttles` (the network's, the /56's and the /48's), refilled as `clock` moves.
    package init(
        _ throttles: (network: Throttle, per56: Throttle, per48: Throttle), perNetwork: Double, per56: Double, per48: Double,
        clock: RelayClock
    ) {
        func limiter(_ throttle: Throttle, _ perMinute: Double) -> RateLimiter {
            RateLimiter(name: throttle.label, burst: Int(perMinute), perMinute: perMinute, clock: clock)
        }
        widths = [
            Width(limiter: limiter(throttles.network, perNetwork), throttle: throttles.network, key: { $0.limitKey }),
            Width(limiter: limiter(throttles.per56, per56), throttle: throttles.per56, key: { $0.isV6 ? $0.prefixKey(56) : nil }),
            Width(limiter: limiter(throttles.per48, per48), throttle: throttles.per48, key: { $0.prefixKey($0.isV6 ? 48 : 24) }),
        ]
    }

    /// The login starts' limits (`login_start`, `_56`, `_48`).
    package static let loginStarts = (network: Throttle.loginStart, per56: Throttle.loginStart56, per48: Throttle.loginStart48)
    /// The revocation requests' limits (`revocation`, `_56`, `_48`).
    package static let revocations = (network: Throttle.revocation, per56: Throttle.revocation56, per48: Throttle.revocation48)

    /// Takes one request's budget for `clientAddress` (an address that is not an IP counts as its own network at the
    /// narrowest width only). Returns the throttle of the width that refused it, or nil when it may go ahead.
    func refusal(clientAddress: String) async -> Throttle? {
        guard let address = IPAddress(clientAddress) else {
            return await widths[0].limiter.allow(clientAddress) ? nil : widths[0].throttle
        }
        for width in widths {
            guard let key = width.key(address) else { continue }
            if await !width.limiter.allow(key) { return width.throttle }
        }
        return nil
    }
}
