import Foundation
import RelayApp
import RelayCore
import RelayServer

extension RelaySettings {
    /// The protocol settings of a default configuration whose public URL is `publicURL`.
    static func defaults(publicURL: URL) -> RelaySettings {
        var configuration = RelayConfiguration()
        configuration.publicURL = publicURL
        return configuration.relaySettings
    }
}
