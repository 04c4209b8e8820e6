import HTTPTypes
import Hummingbird

/// Sets ``RelayContext/clientAddress``. `X-Forwarded-For` is believed only from a trusted proxy, and then only
/// up to the first address (from the right) that is not itself a trusted proxy.
struct ClientAddressMiddleware: RouterMiddleware {
    let trusted: [IPRange]

    func handle(_ request: Request, context: RelayContext, next: (Request, RelayContext) async throws -> Response)
        async throws -> Response
    {
        var context = context
        context.clientAddress = resolve(peer: context.remoteAddress?.ipAddress, forwarded: request.headers[values: .xForwardedFor])
        context.clientNetwork = IPAddress(context.clientAddress)?.limitKey ?? context.clientAddress
        return try await next(request, context)
    }

    func resolve(peer: String?, forwarded: [String]) -> String {
        guard let peer else { return "unknown" }
        guard !trusted.isEmpty, let address = IPAddress(peer), isTrusted(address) else { return peer }
        let hops = forwarded.flatMap { $0.utf8.split(separator: UInt8(ascii: ",")) }.map { IPAddress.trimmed(Substring($0)) }
        for hop in hops.reversed() {
            guard let address = IPAddress(hop) else { return peer }
            if !isTrusted(address) { return String(hop) }
        }
        return hops.first.map(String.init) ?? peer
    }

    private func isTrusted(_ address: IPAddress) -> Bool {
        trusted.contains { $0.contains(address) }
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
