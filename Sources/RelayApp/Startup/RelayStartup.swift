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

    /// The `id_token` signer: the signing key file's key (and the retired one), or the process's own key.
    func openSigner() throws -> IDTokenSigner {
        guard let current = try signingKeyFile.map(Self.readSigningKey) ?? IDTokenSigner.processKey else {
            throw RelayStartupError(problems: ["the id_token signing key could not be made"], cause: .io)
        }
        return IDTokenSigner(current: current, previous: try previousSigningKeyFile.map { [try Self.readSigningKey($0)] } ?? [])
    }

    /// The RSA key in `path`, a PEM file only its owner may read.
    private static func readSigningKey(_ path: String) throws -> IDTokenSigner.Key {
        var info = stat()
        guard stat(path, &info) == 0, let data = FileManager.default.contents(atPath: path) else {
            throw RelayStartupError(
                problems: ["signing key file \(path) cannot be read: create it with `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out \(path)`"],
                cause: .configuration)
        }
        guard Int(info.st_mode) & 0o077 == 0 else {
            throw RelayStartupError(
                problems: ["signing key file \(path) has mode \(String(Int(info.st_mode) & 0o777, radix: 8)); run `chmod 600 \(path)`"],
                cause: .configuration)
        }
        do {
            return try IDTokenSigner.Key(pem: String(decoding: data, as: UTF8.self))
        } catch {
            throw RelayStartupError(
                problems: ["signing key file \(path) does not hold an RSA private key in PEM"], cause: .configuration)
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

    /// What the login service is given: the public URL in effect and the protocol settings.
    public var relaySettings: RelaySettings {
        RelaySettings(publicURL: effectivePublicURL, settings)
    }
}
