import ArgumentParser
import RelayCore
import RelayApp

struct Keygen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a new seal key file, or with --signing an id_token signing key (mode 0600). It refuses to overwrite an existing file.",
        discussion: """
            Examples: bnet-relay keygen --output /etc/bnet-relay/seal.key
                      bnet-relay keygen --signing --output /etc/bnet-relay/signing.key
            Exit status: 0; 64 usage; 74 the file exists already or cannot be written.
            """)

    @Option(help: "Where to write the key.")
    var output: String

    @Flag(help: "Write a 2048-bit RSA key (PEM) for --signing-key-file, which signs the relay's id_tokens.")
    var signing = false

    func run() async throws {
        do {
            if signing {
                let key: IDTokenSigner.Key
                do {
                    key = try IDTokenSigner.Key.generate()
                } catch {
                    throw Failure.exit(.io, command: "keygen", ["could not generate an RSA key: \(error)"])
                }
                try RelayKey.writeNew(key.pemRepresentation + "\n", to: output)
                print("wrote a new id_token signing key to \(output) (key id \(key.kid))")
            } else {
                try RelayKey.write(to: output)
                print("wrote a new seal key to \(output)")
            }
        } catch let error as RelayKey.Error {
            throw Failure.exit(.io, command: "keygen", [error.description])
        }
    }
}
