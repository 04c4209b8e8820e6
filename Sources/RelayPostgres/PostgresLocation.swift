import Foundation
import NIOSSL
import PostgresNIO
import RelayCore

/// A PostgreSQL URL, `postgres://user:password@host:port/database?sslmode=...&sslrootcert=...`, read the way libpq
/// reads it: `sslmode` is `disable`, `prefer` (the default), `require` (encrypted, server not verified), `verify-ca`
/// (encrypted, certificate chain checked against `sslrootcert` or the system's roots) or `verify-full` (and the
/// host name checked too). Anything else is refused before the relay starts; no error ever shows the password.
public struct PostgresLocation: Sendable {
    /// The TLS modes, as libpq names them.
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public let host: String
    public let port: Int
    public let username: String
    let password: String?
    public let database: String?
    public let tlsMode: TLSMode
    /// The CA certificates file that `verify-ca`/`verify-full` trust instead of the system's roots.
    public let rootCertificate: String?

    /// Parses a URL; the error says what to fix and never contains the password.
    public init(url text: String) throws(LoginStoreUnavailable) {
        guard let url = URL(string: text), ["postgres", "postgresql"].contains(url.scheme ?? ""), let host = url.host,
            !host.isEmpty, let user = url.user, !user.isEmpty
        else {
            throw LoginStoreUnavailable(reason: "expected postgres://user:password@host:port/database[?sslmode=verify-full]")
        }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let modeText = query.last { $0.name == "sslmode" }?.value ?? "prefer"
        guard let mode = TLSMode(rawValue: modeText) else {
            let known = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
            throw LoginStoreUnavailable(
                reason: "sslmode=\(modeText.prefix(32)) is not one this relay knows; use one of \(known) (libpq's meanings)")
        }
        rootCertificate = query.last { $0.name == "sslrootcert" }?.value
        if let rootCertificate, !FileManager.default.isReadableFile(atPath: rootCertificate) {
            throw LoginStoreUnavailable(reason: "sslrootcert=\(rootCertificate): cannot read the file")
        }
        if rootCertificate != nil, mode != .verifyCA, mode != .verifyFull {
            throw LoginStoreUnavailable(reason: "sslrootcert is only used with sslmode=verify-ca or verify-full")
        }
        self.host = host
        port = url.port ?? 5432
        username = user.removingPercentEncoding ?? user
        password = url.password?.removingPercentEncoding
        let path = url.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        database = path.isEmpty ? nil : path
        tlsMode = mode
    }

    /// Whether the server is on this machine: `localhost`, a loopback address, or a Unix socket directory (a host
    /// that starts with `/`).
    public var isLocal: Bool {
        let name = host.removingPercentEncoding ?? host
        if name.hasPrefix("/") || name.lowercased() == "localhost" { return true }
        let address = name.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        let mappedV4 = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff
        return bytes == [UInt8](repeating: 0, count: 15) + [1] || (mappedV4 && bytes[12] == 127)
    }

    /// Whether the server's certificate is checked (`verify-ca`, `verify-full`).
    public var verifiesServer: Bool { tlsMode == .verifyCA || tlsMode == .verifyFull }

    /// A warning for the operator when the server is remote and not verified, so that anyone on the path could
    /// read and change logins; nil when it is local or verified.
    public var unverifiedServerWarning: String? {
        guard !isLocal, !verifiesServer else { return nil }
        return "the PostgreSQL server \(host) is not on this machine and sslmode=\(tlsMode.rawValue) does not verify it: "
            + "anyone on the network path can read and change logins. Use sslmode=verify-full (add "
            + "sslrootcert=FILE for a private CA)"
    }

    /// The client configuration for PostgresNIO.
    func clientConfiguration() throws -> PostgresClient.Configuration {
        PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: try tls())
    }

    /// A single connection's configuration, to check the location before the pool starts.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            switch (tlsMode, try tlsConfiguration()) {
            case (.disable, _), (_, nil): .disable
            case (.prefer, let configuration?): .prefer(try NIOSSLContext(configuration: configuration))
            case (_, let configuration?): .require(try NIOSSLContext(configuration: configuration))
            }
        return PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
    }

    private func tls() throws -> PostgresClient.Configuration.TLS {
        guard let configuration = try tlsConfiguration() else { return .disable }
        return tlsMode == .prefer ? .prefer(configuration) : .require(configuration)
    }

    /// The TLS settings of the mode; nil for `disable`.
    private func tlsConfiguration() throws -> TLSConfiguration? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch tlsMode {
        case .disable: return nil
        case .prefer, .require: configuration.certificateVerification = .none
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        if let rootCertificate { configuration.trustRoots = .file(rootCertificate) }
        return configuration
    }

    /// A database setting with any password hidden, for logs and `check-config`; also for a URL that does not
    /// parse, where everything between `://` and the last `@` is hidden.
    public static func redacted(_ database: String) -> String {
        guard database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") else { return database }
        if var components = URLComponents(string: database), components.host != nil {
            if components.password != nil { components.password = "redacted" }
            return components.string ?? "postgres://…"
        }
        guard let scheme = database.range(of: "://") else { return "postgres://…" }
        guard let at = database.range(of: "@", options: .backwards), at.lowerBound > scheme.upperBound else {
            return database[..<scheme.upperBound] + "…"
        }
        return database[..<scheme.upperBound] + "redacted" + database[at.lowerBound...]
    }
}
