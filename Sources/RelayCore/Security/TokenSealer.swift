import BattleNet
import Crypto
import Foundation

/// Seals a waiting token so that only the client holding the `device_code` can open it, with the relay's key.
///
/// At login start the relay derives an X25519 key pair from the `device_code` and stores only its public key.
/// At the callback it seals the token with AES-GCM under a key agreed between a fresh ephemeral key and that
/// public key, salted with the relay's key. Opening needs the `device_code` (which the relay keeps only as a
/// hash) and the relay's key: the database alone, or the database with the relay's key, opens nothing.
public struct TokenSealer: Sendable {
    /// A sealed token as stored: the ephemeral public key and the AES-GCM box (nonce, ciphertext, tag).
    public struct Sealed: Sendable, Hashable {
        /// The ephemeral X25519 public key (32 bytes).
        public var ephemeralPublicKey: Data
        /// `AES.GCM.SealedBox.combined`.
        public var box: Data

        /// Creates a sealed value from stored bytes.
        public init(ephemeralPublicKey: Data, box: Data) {
            self.ephemeralPublicKey = ephemeralPublicKey
            self.box = box
        }
    }

    /// Why a token could not be opened.
    public enum OpenError: Error, Equatable {
        /// Wrong device code, wrong relay key, or tampered data.
        case cannotOpen
    }

    private let relayKey: SymmetricKey

    /// Uses the relay's key (from its key file).
    public init(relayKey: SymmetricKey) {
        self.relayKey = relayKey
    }

    /// The public key stored with a new login.
    public static func loginPublicKey(deviceCode: String) -> Data {
        privateKey(deviceCode: deviceCode).publicKey.rawRepresentation
    }

    /// Seals `plaintext` for the login with `loginPublicKey`, bound to `loginID`.
    public func seal(_ plaintext: Data, loginPublicKey: Data, loginID: String) throws -> Sealed {
        let recipient = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: loginPublicKey)
        let ephemeral = Curve25519.KeyAgreement.PrivateKey()
        let key = try symmetricKey(
            ephemeral.sharedSecretFromKeyAgreement(with: recipient), ephemeral: ephemeral.publicKey.rawRepresentation,
            loginID: loginID)
        let box = try AES.GCM.seal(plaintext, using: key, authenticating: Data(loginID.utf8))
        return Sealed(ephemeralPublicKey: ephemeral.publicKey.rawRepresentation, box: box.combined!)
    }

    /// Opens a sealed token with the client's `device_code`.
    public func open(_ sealed: Sealed, deviceCode: String, loginID: String) throws(OpenError) -> Data {
        do {
            let ephemeral = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: sealed.ephemeralPublicKey)
            let shared = try Self.privateKey(deviceCode: deviceCode).sharedSecretFromKeyAgreement(with: ephemeral)
            let key = symmetricKey(shared, ephemeral: sealed.ephemeralPublicKey, loginID: loginID)
            return try AES.GCM.open(AES.GCM.SealedBox(combined: sealed.box), using: key, authenticating: Data(loginID.utf8))
        } catch {
            throw .cannotOpen
        }
    }

    private func symmetricKey(_ shared: SharedSecret, ephemeral: Data, loginID: String) -> SymmetricKey {
        let salt = relayKey.withUnsafeBytes { Data($0) }
        return shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: salt, sharedInfo: Data("bnet-relay token v1|\(loginID)|".utf8) + ephemeral,
            outputByteCount: 32)
    }

    private static func privateKey(deviceCode: String) -> Curve25519.KeyAgreement.PrivateKey {
        let seed = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Data(deviceCode.utf8)), salt: Data("bnet-relay device key".utf8),
            outputByteCount: 32)
        // Any 32 bytes are a valid X25519 private key (RFC 7748 clamps them), so this cannot fail.
        return try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: seed.withUnsafeBytes { Data($0) })
    }
}
