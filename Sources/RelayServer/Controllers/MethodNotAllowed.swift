import HTTPTypes
import Hummingbird

/// Answers a known path asked with a method it does not take with `405` and `Allow`, rather than the router's
/// "no such endpoint". The paths and their methods come from the router's own routes, so the table cannot drift.
enum MethodNotAllowed {
    static let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch]

    /// Registers the 405 answers for every route registered on `router` so far; call it last.
    static func register(on router: Router<RelayContext>) {
        let allowed = Dictionary(grouping: router.routes, by: { $0.path.description }).mapValues { $0.map(\.method) }
        for (path, methods) in allowed {
            let allow = methods.map(\.rawValue).sorted().joined(separator: ", ")
            for method in Self.methods where !methods.contains(method) {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    throw HTTPError(.methodNotAllowed, headers: [.allow: allow])
                }
            }
        }
    }
}
