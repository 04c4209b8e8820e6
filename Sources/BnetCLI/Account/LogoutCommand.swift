import ArgumentParser
import BattleNet
import BnetKit
import Foundation

/// `d3 logout`: revokes the token at the relay that issued it, then forgets it; one account, or all of them.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out: revoke the token, then forget it.",
        discussion: """
            Asks the relay that issued the token to revoke it at Battle.net (RFC 7009), then deletes the \
            credential file, which serves every region of that sign-in (us, eu, kr and tw share one). Without \
            --account it signs the default account out (another account signed in becomes the default); --all \
            signs out every account. When the revocation fails (the relay cannot be reached, or offers no \
            revocation), the file is still deleted, and \(Program.running.name) says so and exits 1: the token \
            then stays valid at Battle.net until it expires.

            Examples:
              \(Program.running.command("logout --region eu"))
              \(Program.running.command("logout --account FaYe#2543"))
              \(Program.running.command("logout --all"))
            """)

    @OptionGroup var region: RegionOption
    @OptionGroup var account: AccountOption

    @Flag(help: "Sign out every account signed in at the region's OAuth host.")
    var all = false

    @Option(help: "The client id registered at the relay (default: the one the account signed in as).")
    var clientID: String?

    func validate() throws {
        if all, account.account != nil { throw ValidationError("Give --account or --all, not both.") }
    }

    func run() async throws {
        let context = try Context(region: region.region, account: account.account)
        if let given = context.givenToken { throw given.refusal("sign out", program: context.program) }
        let region = context.settings.region
        let targets: [StoredCredential]
        do {
            targets = all ? try context.store.accounts(region: region) : try context.storedCredential().map { [$0] } ?? []
        } catch {
            // A file that cannot be trusted cannot be revoked either; forgetting it is still what was asked.
            try context.store.delete(region: region)
            throw CLIFailure(.failure, "Signed out of region \(region) on this machine without revoking the token, "
                + "since its file could not be used: \(error).")
        }
        guard !targets.isEmpty else {
            Terminal.printLine("Not signed in for region \(region)"
                + (context.account.map { " as \($0)" } ?? "") + "; nothing to do.")
            return
        }
        var problems: [String] = []
        for credential in targets {
            let regions = "region" + (credential.regions.count == 1 ? " " : "s ")
                + credential.regions.map(\.rawValue).joined(separator: ", ")
            let who = targets.count > 1 || context.account != nil ? (credential.account.map { "\($0) " } ?? "") : ""
            let problem = await Revocation.revoke(credential, clientID: clientID ?? credential.clientID ?? "d3", context: context)
            let promoted = try context.store.forget(credential, region: region)
            if let problem {
                problems.append("Signed \(who)out of \(regions) on this machine, but the token could not be "
                    + "revoked: \(problem.message) It stays valid at Battle.net until "
                    + "\(Formatting.minute(credential.token.expiresAt)).")
            } else {
                Terminal.printLine("Signed \(who)out of \(regions): the token was "
                    + (credential.token.isExpired(leeway: .zero) ? "already expired" : "revoked") + " and forgotten.")
            }
            if !all, let name = promoted?.account { Terminal.printLine("\(name) is now the default account.") }
        }
        if !problems.isEmpty { throw CLIFailure(.failure, problems.joined(separator: " ")) }
    }
}
