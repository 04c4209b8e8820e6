import Foundation
import RelayCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the database cannot be opened or migrated at start-up, in words and with what to do, instead of SQLite's
/// raw text (`SQLite error 14`): a missing directory, a directory or file this user may not write, a read-only or
/// full file system, or a database migrated by a newer release.
struct DatabaseDiagnosis {
    /// What is true of an SQLite file's place on disk.
    struct Facts: Equatable {
        /// Whether the directory that holds (or will hold) the file exists.
        var directoryExists: Bool
        /// Whether this process may create files in that directory.
        var directoryWritable: Bool
        /// Whether the file exists.
        var fileExists: Bool
        /// Whether this process may write the file (true when it does not exist yet).
        var fileWritable: Bool
        /// Whether the file system is mounted read-only.
        var readOnlyFileSystem: Bool
        /// Whether the file system has no block left for this user.
        var fileSystemFull: Bool

        /// The facts of `path`, read from the file system now.
        static func of(_ path: String) -> Facts {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            let directoryExists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
            let fileExists = FileManager.default.fileExists(atPath: path)
            var stats = statvfs()
            let statted = statvfs(directoryExists ? directory : "/", &stats) == 0
            return Facts(
                directoryExists: directoryExists, directoryWritable: directoryExists && access(directory, W_OK) == 0,
                fileExists: fileExists, fileWritable: !fileExists || access(path, W_OK) == 0,
                readOnlyFileSystem: statted && stats.f_flag & UInt(ST_RDONLY) != 0,
                fileSystemFull: statted && stats.f_bavail == 0)
        }
    }

    let location: DatabaseLocation
    /// Reads the facts of an SQLite path (the file system itself, unless a test says otherwise).
    var facts: (String) -> Facts = Facts.of

    /// The start-up failure for `error`, raised while opening or migrating the database.
    func startupError(_ error: any Error) -> RelayStartupError {
        if let tooNew = error as? SchemaTooNew {
            return RelayStartupError(problems: ["database \(location): \(tooNew.description)"], cause: .configuration)
        }
        switch location {
        case .postgres:
            return RelayStartupError(
                problems: ["database \(location): \(error); check that PostgreSQL runs, that this machine may reach it "
                    + "(pg_hba.conf, the firewall) and the URL's user, password and database name"],
                cause: .unavailable)
        case .sqlite(let path):
            return RelayStartupError(problems: ["database \(path): " + explain(path: path, error: error)], cause: .io)
        }
    }

    /// The first fact that explains why `path` cannot be used, else the error itself with a way to look further.
    func explain(path: String, error: any Error) -> String {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let facts = facts(path)
        let user = ProcessInfo.processInfo.userName
        if !facts.directoryExists {
            return "the directory \(directory) does not exist: create it (for the service: "
                + "sudo install -d -o bnet-relay -g bnet-relay -m 0750 \(directory)), or choose another path with --database"
        }
        if facts.readOnlyFileSystem {
            return "the file system holding \(directory) is mounted read-only: remount it read-write, or choose a "
                + "writable path with --database (under systemd, the unit's ReadWritePaths= must list the directory)"
        }
        if facts.fileSystemFull || "\(error)".contains("SQLite error 13") {
            return "the file system holding \(directory) is full: free space there (df -h \(directory)), then start "
                + "the relay again"
        }
        if !facts.directoryWritable {
            return "user \(user) may not create files in \(directory) (SQLite keeps -wal and -shm files beside the "
                + "database): sudo chown \(user) \(directory), or choose another path with --database"
        }
        if !facts.fileWritable {
            return "user \(user) may not write \(path): sudo chown \(user) \(path) (and its -wal and -shm files), or "
                + "choose another path with --database"
        }
        return "\(error). Check the file with sqlite3 \(path) 'PRAGMA integrity_check', or restore the last backup "
            + "(deploy/README.md, \"Back up\")"
    }
}
