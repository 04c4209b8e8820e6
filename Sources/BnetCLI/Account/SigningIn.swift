import BattleNet
import BnetKit
import Foundation

extension Context {
    /// Runs a sign-in (`body`, which saves the new credential as the default) the way gh keeps several users: when
    /// another account signs in, the default before it stays signed in among the others (the new one becomes the
    /// default); when the same account signs in again, the token it replaces is revoked. Tokens given in
    /// `BNET_TOKEN` never get here. The replaced token is revoked as the app it was issued to.
    func signingIn(_ body: () async throws -> Void) async throws {
        let region = settings.region
        let before = try? store.load(region: region)
        try await body()
        guard let after = try store.load(region: region) else { return }
        try store.dropKeptCopy(of: after)
        guard let before, before.token.value != after.token.value else { return }
        guard before.isSameAccount(as: after) else {
            try store.keep(before)
            if let name = before.account {
                Terminal.printLine("\(name) stays signed in; `\(Program.bnet.command("account switch \(name)"))` makes it "
                    + "the default again.")
            }
            return
        }
        if let problem = await Revocation.revoke(before, clientID: before.clientID ?? "d3", context: self) {
            Terminal.printError("\(program.name): the token this sign-in replaces could not be revoked: "
                + "\(problem.message) It stays valid at Battle.net until \(Formatting.minute(before.token.expiresAt)).")
        }
    }
}
