import RelayCore

/// Rate limits at three widths of a client's network, so that neither one address nor a whole allocation can take
/// a shared resource (the open-login cap): a request passes only when each width still has budget.
///
/// - an IPv4 address or an IPv6 /64: what one customer holds;
/// - an IPv6 /56: a home or small site's delegation (IPv4 has no counterpart, so this width does not apply to it);
/// - an IPv6 /48 or an IPv4 /24: an organisation's or a tunnel broker's free allocation, which holds 65,536 /64s.
///
/// Narrow widths are checked first, so a client refused at its own /64 spends nothing of its /48's budget.
struct PrefixRateLimits: Sendable {
    /// One width's limiter and the label its refusals count under in `bnet_relay_throttled_total`.
    private struct Width: Sendable {
        let limiter: RateLimiter
        let label: String
        /// The key of an address at this width; nil when the width does not apply (IPv4 at /56).
        let key: @Sendable (IPAddress) -> String?
    }

    private let widths: [Width]

    /// Limits of `perNetwork`, `per56` and `per48` requests a minute (each also its burst), counted under `label`,
    /// `label_56` and `label_48`; `now` is the time they refill by (a test's frozen clock).
    init(
        label: String, perNetwork: Double, per56: Double, per48: Double,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        func limiter(_ suffix: String, _ perMinute: Double) -> RateLimiter {
            RateLimiter(name: label + suffix, burst: Int(perMinute), perMinute: perMinute, now: now)
        }
        widths = [
            Width(limiter: limiter("", perNetwork), label: label, key: { $0.limitKey }),
            Width(limiter: limiter("_56", per56), label: label + "_56", key: { $0.isV6 ? $0.prefixKey(56) : nil }),
            Width(limiter: limiter("_48", per48), label: label + "_48", key: { $0.prefixKey($0.isV6 ? 48 : 24) }),
        ]
    }

    /// Takes one request's budget for `clientAddress` (an address that is not an IP counts as its own network at the
    /// narrowest width only). Returns the label of the width that refused it, or nil when it may go ahead.
    func refusal(clientAddress: String) async -> String? {
        guard let address = IPAddress(clientAddress) else {
            return await widths[0].limiter.allow(clientAddress) ? nil : widths[0].label
        }
        for width in widths {
            guard let key = width.key(address) else { continue }
            if await !width.limiter.allow(key) { return width.label }
        }
        return nil
    }
}
