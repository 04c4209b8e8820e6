import ArgumentParser
import BattleNet
import BattleNetHTTPClient
import BnetKit
import Foundation

/// `d3 logout`: revokes the token at the relay that issued it, then forgets it.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out: revoke the token, then forget it.",
        discussion: """
            Asks the relay that issued the token to revoke it at Battle.net (RFC 7009), then deletes the \
            credential file, which serves every region of that sign-in (us, eu, kr and tw share one). When \
            the revocation fails (the relay cannot be reached, or offers no revocation), the file is still \
            deleted, and d3 says so and exits 1: the token then stays valid at Battle.net until it expires.

            Example:
              d3 logout --region eu
            """)

    @OptionGroup var region: RegionOption

    @Option(help: "The client id registered at the relay.")
    var clientID = "d3"

    func run() async throws {
        let context = try Context(region: region.region)
        let region = context.settings.region
        let stored: StoredCredential?
        do {
            stored = try context.store.load(region: region)
        } catch {
            // A file that cannot be trusted cannot be revoked either; forgetting it is still what was asked.
            try context.store.delete(region: region)
            throw CLIFailure(.failure, "Signed out of region \(region) on this machine without revoking the token, "
                + "since its file could not be used: \(error.description).")
        }
        guard let credential = stored else {
            Terminal.printLine("Not signed in for region \(region); nothing to do.")
            return
        }
        let regions = "region" + (credential.regions.count == 1 ? " " : "s ")
            + credential.regions.map(\.rawValue).joined(separator: ", ")
        var problem: CLIFailure?
        if !credential.token.isExpired(leeway: .zero) {
            do {
                try await revoke(credential, allowInsecure: context.settings.allowInsecureRelay)
            } catch DeviceFlowError.unsupported {
                problem = CLIFailure(.failure, "The relay at \(credential.relay) offers no token revocation.")
            } catch {
                problem = CLIFailure.from(error, relay: URL(string: credential.relay))
            }
        }
        try context.store.delete(region: region)
        if let problem {
            throw CLIFailure(.failure, "Signed out of \(regions) on this machine, but the token could not be "
                + "revoked: \(problem.message) It stays valid at Battle.net until "
                + "\(Formatting.minute(credential.token.expiresAt)).")
        }
        Terminal.printLine("Signed out of \(regions): the token was "
            + (credential.token.isExpired(leeway: .zero) ? "already expired" : "revoked") + " and forgotten.")
    }

    /// Revokes the token at the relay it came from, under the same rules as `d3 login`.
    private func revoke(_ credential: StoredCredential, allowInsecure: Bool) async throws {
        guard let relay = URL(string: credential.relay) else {
            throw CLIFailure(.failure, "The credential names no usable relay (\(credential.relay)).")
        }
        try RelayPolicy.checkTransport(relay, allowInsecure: allowInsecure)
        let client = try await DeviceFlowClient.discover(relayURL: relay, transport: AsyncHTTPClientTransport.shared)
        try RelayPolicy.checkEndpoints(client.endpoints, relay: relay)
        try await client.revoke(token: credential.token.value, clientID: clientID)
    }
}
