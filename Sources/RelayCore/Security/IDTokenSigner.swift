import BattleNet
import Crypto
import CryptoExtras
import Foundation

/// Signs the relay's OpenID Connect `id_token`s with RS256 (RFC 7515, RFC 7518 section 3.3, which OpenID Connect
/// Discovery requires every provider to offer) and publishes the keys that verify them (RFC 7517). The current key
/// signs; a retired one stays in the key set while tokens it signed can still be valid.
public struct IDTokenSigner: Sendable {
    /// One RSA signing key and its key id.
    public struct Key: Sendable {
        let privateKey: _RSA.Signing.PrivateKey
        /// The key id: the RFC 7638 thumbprint of the public key, so every relay with the same key names it alike.
        public let kid: String
        /// The public key as a JWK (`kty`, `n`, `e`).
        let jwk: PublicJWK

        /// The key in `pem` (PKCS#1 or PKCS#8).
        public init(pem: String) throws {
            try self.init(try _RSA.Signing.PrivateKey(pemRepresentation: pem))
        }

        init(_ privateKey: _RSA.Signing.PrivateKey) throws {
            let primitives = try privateKey.publicKey.getKeyPrimitives()
            jwk = PublicJWK(n: Base64URL.encode(primitives.modulus), e: Base64URL.encode(primitives.publicExponent))
            self.privateKey = privateKey
            kid = Base64URL.encode(Data(SHA256.hash(data: Data(#"{"e":"\#(jwk.e)","kty":"RSA","n":"\#(jwk.n)"}"#.utf8))))
        }

        /// A fresh 2048-bit key.
        public static func generate() throws -> Key {
            try Key(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        }

        /// The key as PEM, for its file.
        public var pemRepresentation: String { privateKey.pemRepresentation }
    }

    /// A public key as the JWKS lists it.
    public struct PublicJWK: Sendable, Hashable, Codable {
        public var kty = "RSA"
        public var use = "sig"
        public var alg = "RS256"
        public var kid = ""
        public var n: String
        public var e: String
    }

    /// The claims of an `id_token` (OpenID Connect Core section 2), with Battle.net's `battle_tag`.
    public struct Claims: Sendable, Hashable, Codable {
        public var iss: String
        public var sub: String
        public var aud: String
        public var exp: Int
        public var iat: Int
        public var authTime: Int?
        public var nonce: String?
        public var atHash: String?
        public var battleTag: String?

        enum CodingKeys: String, CodingKey {
            case iss, sub, aud, exp, iat, nonce
            case authTime = "auth_time", atHash = "at_hash", battleTag = "battle_tag"
        }

        /// Creates claims.
        public init(
            iss: String, sub: String, aud: String, exp: Int, iat: Int, authTime: Int? = nil, nonce: String? = nil,
            atHash: String? = nil, battleTag: String? = nil
        ) {
            (self.iss, self.sub, self.aud, self.exp, self.iat) = (iss, sub, aud, exp, iat)
            (self.authTime, self.nonce, self.atHash, self.battleTag) = (authTime, nonce, atHash, battleTag)
        }
    }

    /// How long an `id_token` is valid: ten minutes, enough for the app to check it once at sign-in.
    public static let lifetime: TimeInterval = 600

    /// The key that signs.
    public let current: Key
    /// Retired keys, still published.
    public let previous: [Key]

    /// A signer with `current` signing and `previous` published beside it.
    public init(current: Key, previous: [Key] = []) {
        self.current = current
        self.previous = previous
    }

    /// A key made once per process, for a relay given no signing key file: its `id_token`s verify only against this
    /// process's key set.
    public static let processKey: Key? = try? Key.generate()

    /// The compact JWS of `claims`: `{"alg":"RS256","kid":...,"typ":"JWT"}`, signed with PKCS#1 v1.5 and SHA-256.
    public func sign(_ claims: Claims) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = try encoder.encode(["alg": "RS256", "kid": current.kid, "typ": "JWT"])
        let input = Base64URL.encode(header) + "." + Base64URL.encode(try encoder.encode(claims))
        let signature = try current.privateKey.signature(for: Data(input.utf8), padding: .insecurePKCS1v1_5)
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// The JWK Set (RFC 7517 section 5): the current key first.
    public var keySet: [PublicJWK] {
        ([current] + previous).map { key in
            var jwk = key.jwk
            jwk.kid = key.kid
            return jwk
        }
    }

    /// OpenID Connect's `at_hash`: the left half of the access token's SHA-256, base64url (Core section 3.1.3.6).
    public static func accessTokenHash(_ accessToken: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(accessToken.utf8))).prefix(16))
    }
}
