import ArgumentParser
import Foundation
import RelayPostgres
import RelayServer
import RelaySQLite

struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the SQLite database while the relay serves (SQLite's backup API), and check the copy.",
        discussion: """
            Example:  sudo bnet-relay backup --database /var/lib/bnet-relay/relay.sqlite --output /var/backups/relay.sqlite
            The copy is one consistent snapshot, mode 0600, checked with PRAGMA integrity_check before it is renamed \
            into place. For PostgreSQL, use pg_dump (the command says how).

            """ + ServeOptions.help)

    @OptionGroup var options: ServeOptions

    @Option(help: "Where to write the copy.")
    var output: String

    @Flag(help: "Replace --output if it exists.")
    var force = false

    func run() async throws {
        let config = try options.configuration()
        switch config.database {
        case .postgres(_, let setting):
            throw fail("""
                the database is PostgreSQL: back it up with pg_dump, for example
                  pg_dump --format=custom --file=\(output) '\(PostgresLocation.redacted(setting))'
                with the password in place of 'redacted' (or in ~/.pgpass). Restore with
                  pg_restore --clean --if-exists --dbname='<the same URL>' \(output)
                """)
        case .sqlite(let path):
            do {
                let report = try SQLiteBackup.copy(from: path, to: output, overwrite: force)
                print("backed up \(path) to \(output): \(report.logins) logins, schema \(report.schema), integrity_check \(report.integrity)")
            } catch {
                throw fail(error.description)
            }
        }
    }

    /// A failure that is not a usage error: one line on standard error and exit 1, not the usage text and 64.
    private func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("bnet-relay backup: \(message)\n".utf8))
        return .failure
    }
}
