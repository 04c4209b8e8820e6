import Foundation
import Logging
import PostgresNIO
import TestSupport
import Testing

/// A throwaway PostgreSQL cluster on loopback for the tests, started once per test process from Debian's
/// `postgresql` package (installed by .ci/run) and stopped when the process exits. When the tests run as root,
/// the cluster runs as the `postgres` user, since PostgreSQL refuses to run as root.
actor PostgresServer {
    static let shared = PostgresServer()

    private var started: (port: Int, directory: URL)?

    /// A fresh, empty database URL on the shared cluster.
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
        if let started { return started.port }
        let bin = try Self.binDirectory()
        let directory = FileManager.default.temporaryDirectory.appending(path: "pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let asRoot = getuid() == 0
        if asRoot { try Self.run("/bin/chown", "postgres:postgres", directory.path) }
        try Self.run(bin + "/initdb", "-D", directory.appending(path: "data").path, "-U", "bnet", "-A", "trust", "--no-sync",
            "-E", "UTF8", asUser: asRoot ? "postgres" : nil)
        let port = try freePort()
        let command = (asRoot ? ["/usr/bin/setpriv", "--reuid", "postgres", "--regid", "postgres", "--init-groups", "--"] : [])
            + [bin + "/postgres", "-D", directory.appending(path: "data").path, "-p", "\(port)", "-k", directory.path,
                "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=200"]
        // A watchdog shell stops the cluster (fast shutdown) and removes it once this test process is gone.
        let script = """
            \(command.map { "'\($0)'" }.joined(separator: " ")) & server=$!
            while kill -0 \(getpid()) 2>/dev/null && kill -0 $server 2>/dev/null; do sleep 1; done
            kill -INT $server 2>/dev/null; wait $server; rm -rf '\(directory.path)'
            """
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/bin/sh")
        server.arguments = ["-c", script]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        for _ in 0..<200 {
            if (try? Self.run(bin + "/pg_isready", "-h", "127.0.0.1", "-p", "\(port)", "-q")) != nil {
                started = (port, directory)
                return port
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw PostgresUnavailable(reason: "PostgreSQL did not start on port \(port)")
    }

    private static func binDirectory() throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted() ?? []
        guard let version = versions.last, FileManager.default.isExecutableFile(atPath: "\(root)/\(version)/bin/initdb") else {
            throw PostgresUnavailable(reason: "PostgreSQL is not installed: `apt-get install postgresql` (.ci/run does)")
        }
        return "\(root)/\(version)/bin"
    }

    private static func run(_ arguments: String..., asUser user: String? = nil) throws {
        let process = Process()
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", user, "--"] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.currentDirectoryURL = URL(fileURLWithPath: "/tmp")
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PostgresUnavailable(reason: "\(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
    }
}

struct PostgresUnavailable: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
