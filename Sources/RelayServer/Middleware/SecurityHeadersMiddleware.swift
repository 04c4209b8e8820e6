import HTTPTypes
import Hummingbird

/// The headers every response carries, errors included: no sniffing, no framing, no referrer (a page may set a
/// stricter-fitting policy of its own), a strict default CSP and `no-store` unless the handler chose, and the
/// request id.
struct SecurityHeadersMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: RelayContext, next: (Request, RelayContext) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        Self.add(to: &response.headers, requestID: context.id)
        return response
    }

    /// Handlers never set the fixed ones, so they are appended without a lookup; the others only when missing.
    static func add(to headers: inout HTTPFields, requestID: String) {
        var hasPolicy = false
        var hasCacheControl = false
        var hasReferrerPolicy = false
        for field in headers {
            if field.name == .contentSecurityPolicy { hasPolicy = true }
            if field.name == .cacheControl { hasCacheControl = true }
            if field.name == .referrerPolicy { hasReferrerPolicy = true }
        }
        headers.append(HTTPField(name: .xContentTypeOptions, value: "nosniff"))
        if !hasReferrerPolicy { headers.append(HTTPField(name: .referrerPolicy, value: "no-referrer")) }
        headers.append(HTTPField(name: .xFrameOptions, value: "DENY"))
        if !hasPolicy { headers.append(HTTPField(name: .contentSecurityPolicy, value: "default-src 'none'; frame-ancestors 'none'")) }
        if !hasCacheControl { headers.append(HTTPField(name: .cacheControl, value: "no-store")) }
        headers.append(HTTPField(name: .xRequestID, value: requestID))
    }
}
