import Foundation
import GRDB

/// An online copy of a relay's SQLite database, made with SQLite's backup API while the relay keeps serving: the
/// copy is one consistent snapshot (a read transaction on the live file), checked with `PRAGMA integrity_check`,
/// written to a temporary file beside the destination and renamed into place only once it checks out.
public enum SQLiteBackup {
    /// Why a backup was not made.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong and what to do, in plain words.
        public let description: String
    }

    /// What a finished backup holds.
    public struct Report: Sendable {
        /// The logins in the copy.
        public let logins: Int
        /// The copy's schema version: the newest migration applied to the file, one this binary knows or not (a
        /// newer relay's, before a rollback).
        public let schema: String
        /// `PRAGMA integrity_check` on the copy: `ok`.
        public let integrity: String
    }

    /// Copies the database at `source` to `destination` (a single file, mode 0600, journal mode DELETE).
    /// An existing `destination` is refused unless `overwrite`.
    public static func copy(from source: String, to destination: String, overwrite: Bool) throws(Failure) -> Report {
        guard FileManager.default.fileExists(atPath: source) else {
            throw Failure(description: "database \(source) does not exist (use --database, or BNET_RELAY_DATABASE)")
        }
        if !overwrite, FileManager.default.fileExists(atPath: destination) {
            throw Failure(description: "\(destination) exists: choose another file, or add --force to replace it")
        }
        let directory = (destination as NSString).deletingLastPathComponent.isEmpty
            ? "." : (destination as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(description: "cannot write \(destination): directory \(directory) does not exist")
        }
        let temporary = "\(destination).partial-\(UUID().uuidString.prefix(8))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else {
            throw Failure(description: "cannot write \(destination): \(String(cString: strerror(errno)))")
        }
        close(fd)
        do throws(Failure) {
            let report = try copy(from: source, into: temporary)
            guard report.integrity == "ok" else {
                throw Failure(description: "the copy failed integrity_check (\(report.integrity)); \(destination) was not written")
            }
            // Without overwrite, link(2) puts the copy in place only if nothing is there yet, in one step: a file
            // created since the check above is refused, not replaced.
            guard (overwrite ? rename(temporary, destination) : link(temporary, destination)) == 0 else {
                if errno == EEXIST {
                    throw Failure(description: "\(destination) exists: choose another file, or add --force to replace it")
                }
                throw Failure(description: "cannot write \(destination): \(String(cString: strerror(errno)))")
            }
            if !overwrite { unlink(temporary) }
            return report
        } catch {
            unlink(temporary)
            throw error
        }
    }

    private static func copy(from source: String, into temporary: String) throws(Failure) -> Report {
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let live = try DatabasePool(path: source, configuration: configuration)
            let copy = try DatabaseQueue(path: temporary)
            try live.backup(to: copy)
            try live.close()
            // One self-contained file: no -wal or -shm beside it.
            try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            let report = try copy.read { db in
                Report(
                    logins: try Int.fetchOne(db, sql: "SELECT count(*) FROM login") ?? 0,
                    schema: try db.tableExists("grdb_migrations")
                        ? String.fetchOne(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid DESC LIMIT 1") ?? "none"
                        : "none",
                    integrity: try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; "))
            }
            try copy.close()
            return report
        } catch let error as DatabaseError {
            throw Failure(description: "backup of \(source) failed: SQLite error \(error.resultCode.rawValue): \(error.message ?? "unknown")")
        } catch {
            throw Failure(description: "backup of \(source) failed: \(error)")
        }
    }
}
