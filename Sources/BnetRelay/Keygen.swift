import ArgumentParser
import RelayCore
import RelayServer

struct Keygen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a new seal key file (mode 0600). It refuses to overwrite an existing file.",
        discussion: """
            Example:  bnet-relay keygen --output /var/lib/bnet-relay/seal.key
            Exit status: 0; 64 usage; 74 the file exists already or cannot be written.
            """)

    @Option(help: "Where to write the key.")
    var output: String

    func run() async throws {
        do {
            try RelayKey.write(to: output)
        } catch {
            throw Failure.exit(.io, command: "keygen", [error.description])
        }
        print("wrote a new seal key to \(output)")
    }
}
