import ArgumentParser
import Foundation
import RelayCore
import Logging
import RelayApp

struct Logins: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List recent logins (no secrets), or revoke a pending or uncollected one.",
        discussion: """
            Example:  bnet-relay logins --database /var/lib/bnet-relay/relay.sqlite
            Example:  bnet-relay logins --revoke 3q2W7x... --database /var/lib/bnet-relay/relay.sqlite
            Exit status: 0; 1 no open login has that id; 64 usage; 69 PostgreSQL unreachable; 74 the database cannot \
            be read; 78 a setting wrong or the database missing.

            """ + ServeOptions.help)

    @OptionGroup var options: ServeOptions

    @Option(help: "How many logins to list.")
    var limit = 50

    @Option(help: "Revoke the login with this id (an id from an older relay that starts with '-': --revoke=ID).")
    var revoke: String?

    func run() async throws {
        let config = try options.configuration(command: "logins")
        if case .sqlite(let path) = config.database, !FileManager.default.fileExists(atPath: path) {
            throw Failure.exit(.configuration, command: "logins", ["database \(path) does not exist (use --database)"])
        }
        let (revoke, limit) = (revoke, limit)
        do {
            try await list(config: config, revoke: revoke, limit: limit)
        } catch let error as ExitCode {
            throw error
        } catch {
            let cause: StartupFailureCause =
                if error is SchemaTooNew { .configuration } else if case .postgres = config.database { .unavailable } else { .io }
            throw Failure.exit(cause, command: "logins", ["database \(config.database): \(error)"])
        }
    }

    private func list(config: RelayConfiguration, revoke: String?, limit: Int) async throws {
        try await config.database.withStore(logger: Logger(label: "bnet-relay")) { store in
            if let revoke {
                guard try await store.finish(loginID: revoke, status: .revoked, failure: "revoked_by_operator", now: Date())
                else {
                    FileHandle.standardError.write(Data("bnet-relay logins: no open login has id \(revoke)\n".utf8))
                    throw ExitCode.failure
                }
                print("revoked \(revoke)")
                return
            }
            let formatter = ISO8601DateFormatter()
            print(["ID", "APP", "STATUS", "CREATED", "EXPIRES", "BATTLETAG"].joined(separator: "\t"))
            for login in try await store.recentLogins(limit: limit) {
                let status = login.isExpired(at: Date()) && login.status.isOpen ? "expired" : login.status.rawValue
                print([login.id, login.app, status, formatter.string(from: login.createdAt),
                    formatter.string(from: login.expiresAt), login.battleTag ?? "-"].joined(separator: "\t"))
            }
        }
    }
}
