import ArgumentParser
import Foundation
import RelayServer

/// The settings shared by `serve`, `check-config` and `logins`, declared once in ``ConfigurationSetting/all``:
/// each has a flag (`--name value` or `--name=value`) and an environment variable; flags win. The client secret
/// comes only from the environment or a file, never a flag.
struct ServeOptions: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var settings: [String] = []

    /// Resolves flags, then environment, then defaults, into a configuration.
    func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RelayConfiguration {
        do {
            return try ConfigurationSetting.configuration(arguments: settings, environment: environment)
        } catch let error as ConfigurationError {
            throw ValidationError(error.message)
        }
    }

    /// The settings for a command's `--help`, in ArgumentParser's layout (see `HelpLayout`).
    static var help: String { "SETTINGS (a flag wins over its environment variable):\n" + ConfigurationSetting.helpText }
}
