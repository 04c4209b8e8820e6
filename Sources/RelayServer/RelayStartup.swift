import Crypto
import Foundation
import Logging
import RelayCore

/// The composition root's steps that can fail at start, each throwing the startup error its exit code tells.
extension RelayConfiguration {
    /// The seal key (read, or in sandbox mode created) and the previous one, if any.
    func openKeyring() throws -> LoginKeyring {
        do {
            let key = isSandbox ? try RelayKey.readOrCreate(at: sealKeyFile) : try RelayKey.read(from: sealKeyFile)
            let previous = try previousSealKeyFile.map { [try RelayKey.read(from: $0)] } ?? []
            return LoginKeyring(current: key, previous: previous)
        } catch {
            throw RelayStartupError(problems: ["\(error)"], cause: isSandbox ? .io : .configuration)
        }
    }

    /// The login store (opened, not yet migrated).
    func openStore(logger: Logger) throws -> any LoginStore {
        do {
            return try database.open(logger: logger)
        } catch {
            throw DatabaseDiagnosis(location: database).startupError(error)
        }
    }

    /// The login service's protocol settings.
    var relaySettings: RelaySettings {
        RelaySettings(
            publicURL: effectivePublicURL, region: region, defaultScopes: scopes, loginLifetime: loginLifetime,
            pollInterval: pollInterval, maxOpenLogins: maxOpenLogins, maxHeldPolls: maxHeldPolls,
            maxHeldPollsPerNetwork: maxHeldPollsPerNetwork, unknownCodesPerMinute: unknownCodesPerMinute)
    }
}
