import ArgumentParser
import Foundation
import RelayPostgres
import RelayApp
import RelaySQLite

struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the SQLite database while the relay serves (SQLite's backup API), and check the copy.",
        discussion: """
            Example:  sudo bnet-relay backup --database /var/lib/bnet-relay/relay.sqlite --output /var/backups/relay.sqlite
            The copy is one consistent snapshot, mode 0600, checked with PRAGMA integrity_check before it is renamed \
            into place. For PostgreSQL, use pg_dump (the command says how).
            Exit status: 0; 64 usage; 74 the copy failed (the message says why); 78 a setting wrong, or PostgreSQL.

            """ + ServeOptions.help)

    @OptionGroup var options: ServeOptions

    @Option(help: "Where to write the copy.")
    var output: String

    @Flag(help: "Replace --output if it exists.")
    var force = false

    func run() async throws {
        let config = try options.configuration(command: "backup")
        switch config.database {
        case .postgres(_, let setting):
            throw Failure.exit(.configuration, command: "backup", ["""
                the database is PostgreSQL: back it up with pg_dump, for example
                  pg_dump --format=custom --file=\(output) '\(PostgresLocation.redacted(setting))'
                with the password in place of 'redacted' (or in ~/.pgpass). Restore with
                  pg_restore --clean --if-exists --dbname='<the same URL>' \(output)
                """])
        case .sqlite(let path):
            do {
                let report = try SQLiteBackup.copy(from: path, to: output, overwrite: force)
                print("backed up \(path) to \(output): \(report.logins) logins, schema \(report.schema), integrity_check \(report.integrity)")
            } catch {
                throw Failure.exit(.io, command: "backup", [error.description])
            }
        }
    }
}
