import ArgumentParser
import D3Kit

/// `d3 logout`: forgets the region's credential.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the sign-in for a region.",
        discussion: """
            Deletes credentials-<region>.json. The token itself stays valid at Battle.net until it expires.

            Example:
              d3 logout --region eu
            """)

    @OptionGroup var region: RegionOption

    func run() async throws {
        let context = try Context(region: region.region)
        if try context.store.delete(region: context.settings.region) {
            Terminal.printLine("Signed out of region \(context.settings.region).")
        } else {
            Terminal.printLine("Not signed in for region \(context.settings.region); nothing to do.")
        }
    }
}
