import Foundation
import Logging
import PostgresNIO
import TestSupport
import Testing

/// A throwaway PostgreSQL cluster on loopback for the tests, started once per test process from Debian's
/// `postgresql` package (installed by .ci/run) and stopped when the process exits. When the tests run as root,
/// the cluster runs as the `postgres` user, since PostgreSQL refuses to run as root. A test that stops the server
/// (``stop()``, ``restart()``) makes a cluster of its own with `PostgresServer()`.
actor PostgresServer {
    static let shared = PostgresServer()

    private var started: (port: Int, directory: URL)?
    /// The cluster's creation, which every concurrent first caller awaits (the actor is reentrant at each command).
    private var creation: Task<Int, any Error>?
    private var server: Spawned?

    /// The CA certificate the cluster's TLS certificate (for `localhost` only) is signed by, for `sslrootcert`.
    func certificateAuthority() async throws -> (port: Int, caFile: String) {
        let port = try await start()
        return (port, started!.directory.appending(path: "ca.pem").path)
    }

    /// A fresh, empty database URL on this cluster.
    func newDatabase() async throws -> String {
        let port = try await start()
        let name = "relay_test_\(UUID().uuidString.prefix(8).lowercased())"
        let client = PostgresClient(
            configuration: .init(host: "127.0.0.1", port: port, username: "bnet", password: nil, database: "postgres", tls: .disable),
            backgroundLogger: Logger(label: "postgres-test"))
        let runner = Task { await client.run() }
        defer { runner.cancel() }
        try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        return "postgres://bnet@127.0.0.1:\(port)/\(name)"
    }

    private func start() async throws -> Int {
        if let creation { return try await creation.value }
        let creation = Task { try await create() }
        self.creation = creation
        return try await creation.value
    }

    /// Creates the cluster (initdb, certificates, a watchdog) and starts its server.
    private func create() async throws -> Int {
        let bin = try Self.binDirectory()
        let directory = FileManager.default.temporaryDirectory.appending(path: "pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let asRoot = getuid() == 0
        if asRoot { try await Self.run("/bin/chown", "postgres:postgres", directory.path) }
        try await Self.run(bin + "/initdb", "-D", directory.appending(path: "data").path, "-U", "bnet", "-A", "trust", "--no-sync",
            "-E", "UTF8", asUser: asRoot ? "postgres" : nil)
        try await Self.makeCertificates(in: directory, owner: asRoot ? "postgres" : nil)
        let port = try freePort()
        // A watchdog shell stops the cluster (fast shutdown) and removes it once this test process is gone.
        let user = asRoot ? "/usr/sbin/runuser -u postgres -- " : ""
        _ = try Spawned("/bin/sh", ["-c", """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            \(user)'\(bin)/pg_ctl' stop -D '\(directory.appending(path: "data").path)' -m fast -w; rm -rf '\(directory.path)'
            """], environment: ProcessInfo.processInfo.environment, directory: "/tmp")
        started = (port, directory)
        try await launch()
        return port
    }

    /// Starts the cluster's server process and waits until it accepts connections.
    private func launch() async throws {
        guard let (port, directory) = started else { return }
        let bin = try Self.binDirectory()
        let server = try Spawned(
            getuid() == 0 ? "/usr/bin/setpriv" : bin + "/postgres",
            (getuid() == 0 ? ["--reuid", "postgres", "--regid", "postgres", "--init-groups", "--", bin + "/postgres"] : [])
            + ["-D", directory.appending(path: "data").path, "-p", "\(port)", "-k", directory.path,
                "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=200",
                "-c", "ssl=on", "-c", "ssl_cert_file=\(directory.appending(path: "server.pem").path)",
                "-c", "ssl_key_file=\(directory.appending(path: "server.key").path)"],
            environment: ProcessInfo.processInfo.environment, directory: "/tmp")
        self.server = server
        for _ in 0..<200 {
            if (try? await Self.run(bin + "/pg_isready", "-h", "127.0.0.1", "-p", "\(port)", "-q")) != nil { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw PostgresUnavailable(reason: "PostgreSQL did not start on port \(port)")
    }

    /// Stops the server (fast shutdown: open connections are closed) and waits until it has exited; the cluster's
    /// files stay for ``restart()``.
    func stop() async throws {
        guard let server else { return }
        server.signal(SIGINT)
        guard (try? await server.waitForExit(timeout: .seconds(10))) != nil else {
            throw PostgresUnavailable(reason: "PostgreSQL did not stop")
        }
        self.server = nil
    }

    /// Starts a stopped server again on the same port and data.
    func restart() async throws {
        guard server == nil else { return }
        try await launch()
    }

    /// A CA and a server certificate it signs, valid for the name `localhost` only (not `127.0.0.1`), so that
    /// `verify-full` can be told from `verify-ca`.
    private static func makeCertificates(in directory: URL, owner: String?) async throws {
        let path = { (name: String) in directory.appending(path: name).path }
        try await run(
            "/usr/bin/openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-days", "2", "-subj", "/CN=bnet-relay test CA", "-keyout", path("ca.key"), "-out", path("ca.pem"))
        try await run(
            "/usr/bin/openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-subj", "/CN=localhost", "-keyout", path("server.key"), "-out", path("server.csr"))
        let extensions = path("server.ext")
        FileManager.default.createFile(atPath: extensions, contents: Data("subjectAltName=DNS:localhost\n".utf8))
        try await run(
            "/usr/bin/openssl", "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
            "-CAcreateserial", "-days", "2", "-extfile", extensions, "-out", path("server.pem"))
        try await run("/bin/chmod", "0600", path("server.key"))
        if let owner { try await run("/bin/chown", "\(owner):\(owner)", path("server.key"), path("server.pem")) }
    }

    /// Whether Debian's `postgresql` package is installed (`.ci/run` installs it).
    static var isInstalled: Bool { (try? binDirectory()) != nil }

    private static func binDirectory() throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted() ?? []
        guard let version = versions.last, FileManager.default.isExecutableFile(atPath: "\(root)/\(version)/bin/initdb") else {
            throw PostgresUnavailable(reason: "PostgreSQL is not installed: `apt-get install postgresql` (.ci/run does)")
        }
        return "\(root)/\(version)/bin"
    }

    /// Runs a command (as `user`, through runuser, when given) in /tmp, a directory every user can enter.
    private static func run(_ arguments: String..., asUser user: String? = nil) async throws {
        let command = user.map { ["/usr/sbin/runuser", "-u", $0, "--"] + arguments } ?? arguments
        do {
            try await ChildProcess.check(command[0], Array(command.dropFirst()), directory: "/tmp")
        } catch let failed as ChildFailed {
            throw PostgresUnavailable(reason: failed.description)
        }
    }
}

struct PostgresUnavailable: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
