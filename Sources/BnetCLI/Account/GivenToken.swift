import BattleNet
import BnetKit
import Foundation

/// A token given in `BNET_TOKEN` (`D3_TOKEN` for d3), as gh takes `GH_TOKEN`: while it is set, every command uses
/// it for the region asked, nothing is read from or written to the credential files, and an expired or rejected
/// token is not renewed (exit 3).
struct GivenToken {
    /// The variable that gives it.
    let variable: String
    /// The token.
    let value: String

    /// The token `context`'s environment gives, if any.
    init?(_ program: Program, environment: [String: String]) {
        variable = program.variable("TOKEN")
        guard let value = environment[variable], !value.isEmpty else { return nil }
        self.value = value
    }

    /// The sign-in it stands for: the region asked, no relay, scopes and expiry unknown (Battle.net says when it
    /// no longer works).
    func credential(region: Region) -> StoredCredential {
        StoredCredential(region: region, relay: "", token: AccessToken(value: value, expiresAt: .distantFuture))
    }

    /// The refusal of a command that would store or forget a credential while the variable is set.
    func refusal(_ command: String, program: Program) -> CLIFailure {
        CLIFailure(.usage, "\(variable) is set, so \(program.name) uses that token and stores none: unset it to "
            + "\(command).")
    }
}
