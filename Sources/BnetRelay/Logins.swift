import ArgumentParser
import Foundation
import RelayCore
import Logging
import RelayServer

struct Logins: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List recent logins (no secrets), or revoke a pending or uncollected one.",
        discussion: """
            Example:  bnet-relay logins --database /var/lib/bnet-relay/relay.sqlite
            Example:  bnet-relay logins --revoke 3q2W7x... --database /var/lib/bnet-relay/relay.sqlite

            """ + ServeOptions.help)

    @OptionGroup var options: ServeOptions

    @Option(help: "How many logins to list.")
    var limit = 50

    @Option(help: "Revoke the login with this id (an id from an older relay that starts with '-': --revoke=ID).")
    var revoke: String?

    func run() async throws {
        let config = try options.configuration()
        if case .sqlite(let path) = config.database, !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("database \(path) does not exist (use --database)")
        }
        let (revoke, limit) = (revoke, limit)
        try await config.database.withStore(logger: Logger(label: "bnet-relay")) { store in
            if let revoke {
                guard try await store.finish(loginID: revoke, status: .revoked, failure: "revoked_by_operator", now: Date())
                else {
                    throw ValidationError("no open login has id \(revoke)")
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
