import BattleNet
import Crypto
import CryptoExtras
import Foundation

/// The `id_token`s the emulator issues as Battle.net does for scope `openid`: RS256 JWTs with `sub` and
/// `battle_tag`, signed by a key made once per process and published at `/jwks/certs`. A test may have them forged
/// (``Forgery``), to see a relay refuse them.
public enum EmulatorIDTokens {
    /// How the next `id_token`s go wrong.
    public enum Forgery: String, Sendable, CaseIterable {
        /// Signed by a key the key set does not hold under the token's `kid`.
        case foreignKey = "foreign_key"
        /// `exp` in the past.
        case expired
        /// `aud` another client's.
        case wrongAudience = "wrong_audience"
        /// `nonce` not the one of the authorize request.
        case wrongNonce = "wrong_nonce"
    }

    struct SigningKey: Sendable {
        let key: _RSA.Signing.PrivateKey
        let kid: String
        let n: String
        let e: String

        init() {
            // A 2048-bit key; generation cannot fail for a supported size.
            key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
            let primitives = try! key.publicKey.getKeyPrimitives()
            n = Base64URL.encode(primitives.modulus)
            e = Base64URL.encode(primitives.publicExponent)
            kid = Base64URL.encode(Data(SHA256.hash(data: Data(n.utf8))).prefix(12))
        }
    }

    /// The key that signs, and the one forged tokens are signed with.
    static let signing = SigningKey()
    static let foreign = SigningKey()

    /// The key set, as `/jwks/certs` answers it.
    static var keySet: [String: [[String: String]]] {
        ["keys": [["kty": "RSA", "use": "sig", "alg": "RS256", "kid": signing.kid, "n": signing.n, "e": signing.e]]]
    }

    /// A signed `id_token` for `accountID` of `player`, for `clientID`, from `issuer`.
    static func issue(
        issuer: String, clientID: String, accountID: Int, battleTag: String?, nonce: String?, now: Date, lifetime: TimeInterval,
        forgery: Forgery?
    ) -> String {
        let issued = Int(now.timeIntervalSince1970)
        var claims: [String: Any] = [
            "iss": issuer, "sub": String(accountID), "aud": forgery == .wrongAudience ? "another-client" : clientID,
            "iat": issued, "exp": forgery == .expired ? issued - 60 : issued + Int(lifetime), "azp": clientID,
        ]
        if let battleTag { claims["battle_tag"] = battleTag }
        if let nonce { claims["nonce"] = forgery == .wrongNonce ? nonce + "-changed" : nonce }
        let header = ["alg": "RS256", "kid": signing.kid, "typ": "JWT"]
        let input = [header as [String: Any], claims].map {
            Base64URL.encode((try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys])) ?? Data())
        }.joined(separator: ".")
        let key = forgery == .foreignKey ? foreign.key : signing.key
        let signature = (try? key.signature(for: Data(input.utf8), padding: .insecurePKCS1v1_5).rawRepresentation) ?? Data()
        return input + "." + Base64URL.encode(signature)
    }
}
