import Foundation
import Logging
@testable import RelayApp
import RelayCore
import RelayPostgres
import Testing

@testable import RelayServer

/// `sslmode` means what libpq says it means, against a real PostgreSQL with TLS on.
@Suite("PostgreSQL TLS modes", .enabled(if: PostgresServer.isInstalled, "needs Debian's postgresql package"), .timeLimit(.minutes(2)))
struct PostgresTLSTests {
    /// Opens a store for `url`, and says whether its session is encrypted, or the error that stopped it.
    private func session(_ url: String) async -> Result<Bool, any Error> {
        do {
            let location = try PostgresLocation(url: url)
            let store = try PostgresLoginStore(location: location, logger: Logger(label: "tls-test"))
            try await store.checkConnection()
            return .success(try await DatabaseLocation(parsing: url).withStore(logger: Logger(label: "tls-test")) { store in
                try await (store as! PostgresLoginStore).sessionIsEncrypted()
            })
        } catch {
            return .failure(error)
        }
    }

    @Test("disable is plain; prefer (the default) and require encrypt; verify-ca and verify-full check the server")
    func modes() async throws {
        let (port, ca) = try await PostgresServer.shared.certificateAuthority()
        let base = "postgres://bnet@127.0.0.1:\(port)/postgres"
        let named = "postgres://bnet@localhost:\(port)/postgres"
        #expect(try await session(base + "?sslmode=disable").get() == false)
        #expect(try await session(base).get() == true)
        #expect(try await session(base + "?sslmode=prefer").get() == true)
        #expect(try await session(base + "?sslmode=require").get() == true)
        // The certificate is for `localhost`, signed by the test CA.
        #expect(try await session(named + "?sslmode=verify-full&sslrootcert=\(ca)").get() == true)
        #expect(try await session(base + "?sslmode=verify-ca&sslrootcert=\(ca)").get() == true)
        // verify-full checks the name (the certificate does not name 127.0.0.1) and both check the CA.
        if case .success = await session(base + "?sslmode=verify-full&sslrootcert=\(ca)") {
            Issue.record("verify-full accepted a certificate for another host name")
        }
        if case .success = await session(named + "?sslmode=verify-full") {
            Issue.record("verify-full accepted a certificate from a CA the system does not trust")
        }
    }

    @Test("Unknown sslmode values and unreadable sslrootcert files are refused at start-up, without the password")
    func refusals() throws {
        for url in [
            "postgres://relay:hunter2secret@db.example.com/relay?sslmode=verify_full",
            "postgres://relay:hunter2secret@db.example.com/relay?sslmode=allow",
            "postgres://relay:hunter2secret@db.example.com/relay?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem",
            "postgres://relay:hunter2secret@db.example.com/relay?sslmode=require&sslrootcert=/etc/hostname",
        ] {
            do {
                _ = try PostgresLocation(url: url)
                Issue.record("accepted \(url)")
            } catch {
                #expect(!"\(error)".contains("hunter2secret"), "\(error)")
                #expect("\(error)".contains("sslmode") || "\(error)".contains("sslrootcert"), "\(error)")
            }
        }
    }

    @Test("The password is never printed, even for a URL that does not parse", arguments: [
        "postgres://relay:hunter2secret@db.example.com:5432/relay",
        "postgres://relay:hunter2secret@db example.com/relay",
        "postgresql://relay:hunter2secret@[::1/relay",
        "postgres://relay:hunter2secret@",
        "postgres://relay:hunter2secret",
    ])
    func redaction(url: String) async throws {
        #expect(!PostgresLocation.redacted(url).contains("hunter2secret"), "\(PostgresLocation.redacted(url))")
        do {
            var configuration = RelayConfiguration()
            configuration.database = try DatabaseLocation(parsing: url)
            #expect(!configuration.redactedDatabase.contains("hunter2secret"), "\(configuration.redactedDatabase)")
            #expect(!configuration.summary.joined().contains("hunter2secret"))
        } catch {
            #expect(!"\(error)".contains("hunter2secret"), "\(error)")
        }
    }
}
