import HTTPTypes
import Hummingbird

/// Answers a known path asked with a method it does not take with `405` and `Allow`, rather than the router's
/// "no such endpoint".
enum MethodNotAllowed {
    static let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch]

    /// The public listener's paths and the methods each takes.
    static let publicEndpoints: [(path: String, allowed: [HTTPRequest.Method])] = [
        ("oauth/device/code", [.post]), ("oauth/token", [.post]), ("device", [.get, .post]), ("redirect/:scheme", [.get]),
        (".well-known/oauth-authorization-server", [.get]), ("healthz", [.get]),
    ]

    /// The operations listener's.
    static let operationsEndpoints: [(path: String, allowed: [HTTPRequest.Method])] = [
        ("healthz", [.get]), ("readyz", [.get]), ("metrics", [.get]),
    ]

    static func register(on router: Router<RelayContext>, endpoints: [(path: String, allowed: [HTTPRequest.Method])]) {
        for (path, allowed) in endpoints {
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            for method in methods where !allowed.contains(method) {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    throw HTTPError(.methodNotAllowed, headers: [.allow: allow])
                }
            }
        }
    }
}
