import BattleNet
import BattleNetHTTPClient
import Foundation

/// One browser's cookies for one site, as the tests' person keeps them: set by `Set-Cookie`, deleted by
/// `Max-Age=0`, sent back in `Cookie`. Domain, path and `SameSite` are the browser's business and not modelled;
/// the real-browser tests (Tests/Interop) cover those.
public final class CookieJar: @unchecked Sendable {
    private let lock = NSLock()
    private var cookies: [(name: String, value: String)] = []

    /// An empty jar: a fresh browser.
    public init() {}

    /// Takes the response's `Set-Cookie` header values.
    public func take(_ setCookies: [String]) {
        lock.withLock {
            for header in setCookies {
                let attributes = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let pair = attributes.first, let equals = pair.firstIndex(of: "=") else { continue }
                let name = String(pair[..<equals])
                cookies.removeAll { $0.name == name }
                if !attributes.contains(where: { $0.lowercased() == "max-age=0" }) {
                    cookies.append((name, String(pair[pair.index(after: equals)...])))
                }
            }
        }
    }

    /// The `Cookie` header to send, nil when the jar is empty.
    public var header: String? {
        lock.withLock { cookies.isEmpty ? nil : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ") }
    }

    /// The names of the cookies held.
    public var names: [String] { lock.withLock { cookies.map(\.name) } }
}

extension CookieJar {
    /// Sends `request` as this browser: with its cookies (unless the request sets its own), keeping new ones.
    public func send(
        _ request: TransportRequest, using transport: any HTTPTransport = AsyncHTTPClientTransport.testing
    ) async throws -> TransportResponse {
        var request = request
        if let cookie = header, !request.headers.contains(where: { $0.name.lowercased() == "cookie" }) {
            request.headers.append((name: "Cookie", value: cookie))
        }
        let response = try await transport.send(request)
        take(response.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value))
        return response
    }
}
