import BattleNet
import Crypto
import Foundation

/// What the relay remembers of a token it handed out, so that `POST /oauth/revoke` forwards to Battle.net only
/// tokens of its own: a keyed digest of the token (never the token) and when it expires.
public struct IssuedToken: Sendable, Hashable {
    /// HMAC-SHA-256 of the token under the relay's current key (see ``LoginKeyring/tokenDigest(_:)``).
    public var digest: String
    /// When the token stops working at Battle.net; after it, a revocation has nothing to end.
    public var expiresAt: Date

    /// A record of an issued token.
    public init(digest: String, expiresAt: Date) {
        self.digest = digest
        self.expiresAt = expiresAt
    }
}

extension LoginKeyring {
    /// The digest an issued token is remembered by: a MAC under the current key, so that the database alone tells
    /// nothing about the token, and a guess of a token cannot be checked against it without the key.
    public func tokenDigest(_ token: String) -> String {
        tokenDigests(token)[0]
    }

    /// The token's digest under every key, the current one first (a token issued before a key rotation).
    public func tokenDigests(_ token: String) -> [String] {
        all.map { key in
            Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: Data("token|\(token)".utf8), using: key)))
        }
    }
}

extension LoginSchema {
    /// Migration: the tokens the relay handed out, by keyed digest, with their expiry and, once revoked through the
    /// relay, when. The same SQL in SQLite and PostgreSQL.
    public static let issuedTokens = [
        """
        CREATE TABLE issued_token (
            digest TEXT PRIMARY KEY NOT NULL, expires_at DOUBLE PRECISION NOT NULL, revoked_at DOUBLE PRECISION)
        """,
        "CREATE INDEX issued_token_expires ON issued_token (expires_at)",
    ]
}
