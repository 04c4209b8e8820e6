import ArgumentParser
import Foundation
import RelayApp

/// The settings shared by `serve`, `check-config`, `logins` and `backup`, declared once in
/// ``ConfigurationSetting/all``: each has a flag (`--name value` or `--name=value`) and an environment variable;
/// flags win. The client secret comes only from the environment or a file, never a flag.
///
/// ArgumentParser parses the commands and their own options; the settings reach it as the arguments it does not
/// recognise, because its options are stored properties, one per flag, and declaring the 36 settings again as
/// properties would be the second declaration this design removes. Their `--help` comes from the same declarations.
struct ServeOptions: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var settings: [String] = []

    /// Resolves flags, then environment, then defaults, into a configuration, with every setting that could not be
    /// read (it keeps its default). A malformed command line throws `ValidationError` (the usage text, exit 64).
    func reading(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> (configuration: RelayConfiguration, problems: [String])
    {
        do {
            return try ConfigurationSetting.reading(arguments: settings, environment: environment)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The configuration, or the exit: the usage text and 64 for a malformed command line, else the first setting
    /// that cannot be read, and 78 (see ``Failure``).
    func configuration(command: String) throws -> RelayConfiguration {
        let (configuration, problems) = try reading()
        if !problems.isEmpty { throw Failure.exit(.configuration, command: command, problems) }
        return configuration
    }

    /// The settings for a command's `--help`, in ArgumentParser's layout (see `HelpLayout`).
    static let help = "SETTINGS (a flag wins over its environment variable):\n" + ConfigurationSetting.helpText
}
