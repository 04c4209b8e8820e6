import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Metrics
import NIOConcurrencyHelpers
import RelayCore

/// Sets ``RelayContext/clientAddress``. `X-Forwarded-For` is believed only from a trusted proxy, and then only
/// up to the first address (from the right) that is not itself a trusted proxy. A hop may carry a port, brackets or
/// a zone (``ForwardedHop``). A hop that names no address (empty included) puts the request in a bucket of its own,
/// ``unusableBucket``, shared by every such request and never the proxy's (which would limit everyone behind it);
/// the first one is logged, and each is counted in `bnet_relay_unusable_forwarded_for_total`.
struct ClientAddressMiddleware: RouterMiddleware {
    /// The client address of a request whose `X-Forwarded-For` names no usable client.
    static let unusableBucket = "unusable-x-forwarded-for"

    /// A request's client, as the proxies say.
    struct Client: Equatable {
        /// The client's address, the peer's, or ``unusableBucket``.
        var address: String
        /// Whether a hop named no address.
        var unusable = false
    }

    let trusted: [IPRange]
    /// Counts and logs (once) unusable values; nil where only the address is wanted (the connection gate).
    var report: UnusableForwardedReport? = nil

    func handle(_ request: Request, context: RelayContext, next: (Request, RelayContext) async throws -> Response)
        async throws -> Response
    {
        var context = context
        let client = resolve(peer: context.remoteAddress?.ipAddress, forwarded: request.headers[values: .xForwardedFor])
        if client.unusable { report?.record(peer: context.remoteAddress?.ipAddress, logger: context.logger) }
        context.clientAddress = client.address
        context.clientNetwork = IPAddress(client.address)?.limitKey ?? client.address
        return try await next(request, context)
    }

    func resolve(peer: String?, forwarded: [String]) -> Client {
        guard let peer else { return Client(address: "unknown") }
        guard !trusted.isEmpty, let address = IPAddress(peer), isTrusted(address) else { return Client(address: peer) }
        // An empty hop (`a,,b`) or an empty header names no client as surely as garbage does (R4-7): never the
        // proxy's own bucket.
        let hops = forwarded.flatMap { $0.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) }
            .map { Substring($0) }
        var leftmost: ForwardedHop?
        for hop in hops.reversed() {
            guard let parsed = ForwardedHop(hop) else { return Client(address: Self.unusableBucket, unusable: true) }
            if !isTrusted(parsed.address) { return Client(address: parsed.text) }
            leftmost = parsed
        }
        return Client(address: leftmost?.text ?? peer)
    }

    private func isTrusted(_ address: IPAddress) -> Bool {
        trusted.contains { $0.contains(address) }
    }
}

/// Counts requests whose `X-Forwarded-For` names no usable client, and logs the first.
final class UnusableForwardedReport: Sendable {
    private let metrics: RelayMetrics
    private let logged = NIOLockedValueBox(false)

    init(metrics: RelayMetrics) {
        self.metrics = metrics
    }

    func record(peer: String?, logger: Logger) {
        metrics.unusableForwardedFor.increment()
        let first = logged.withLockedValue { logged in
            defer { logged = true }
            return !logged
        }
        guard first else { return }
        logger.warning(
            "X-Forwarded-For from a trusted proxy names no client address (such as 'unknown' or garbage): these requests share one rate-limit bucket of their own; logged once, counted in bnet_relay_unusable_forwarded_for_total",
            metadata: [LogKey.peer: "\(peer ?? "unknown")"])
    }
}

extension HTTPField.Name {
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let xRequestID = HTTPField.Name("X-Request-ID")!
    static let pragma = HTTPField.Name("Pragma")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
}
