import Foundation

extension URL {
    /// The web origin, `scheme://host[:port]`, as a browser's `Origin` header spells it (no default port).
    package var webOrigin: String {
        let scheme = (scheme ?? "https").lowercased()
        let host = (host ?? "").lowercased()
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        guard let port, !(scheme == "https" && port == 443), !(scheme == "http" && port == 80) else {
            return "\(scheme)://\(shown)"
        }
        return "\(scheme)://\(shown):\(port)"
    }
}
