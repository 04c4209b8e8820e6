import BattleNet
import BattleNetHTTPClient
import BnetKit
import Foundation

/// Revoking a sign-in's token at the relay that issued it (RFC 7009), as `logout` and a second sign-in of the same
/// account do.
enum Revocation {
    /// Revokes `credential`'s token unless it has expired; nil when that worked (or there was nothing to revoke),
    /// else why not, as a sentence.
    static func revoke(_ credential: StoredCredential, clientID: String, context: Context) async -> CLIFailure? {
        guard !credential.token.isExpired(leeway: .zero) else { return nil }
        do {
            guard let relay = URL(string: credential.relay) else {
                throw CLIFailure(.failure, "The credential names no usable relay (\(credential.relay)).")
            }
            try RelayPolicy.checkTransport(
                relay, allowInsecure: context.settings.allowInsecureRelay, program: context.program)
            let client = try await DeviceFlowClient.discover(relayURL: relay, transport: AsyncHTTPClientTransport.shared)
            try RelayPolicy.checkEndpoints(client.endpoints, relay: relay, program: context.program)
            try await client.revoke(token: credential.token.value, clientID: clientID)
            return nil
        } catch DeviceFlowError.unsupported {
            return CLIFailure(.failure, "The relay at \(credential.relay) offers no token revocation.")
        } catch {
            return CLIFailure.from(error, relay: URL(string: credential.relay), program: context.program)
        }
    }
}
