import BattleNet
import Crypto
import Foundation

/// The random identifiers of a login, and the one-way forms the relay stores instead of them.
public enum Identifiers {
    /// A fresh `device_code`: 256 random bits, base64url.
    public static func deviceCode() -> String {
        randomBase64URL(bytes: 32)
    }

    /// A fresh authorization code, the device code of a login an app started at the authorization endpoint: 256
    /// random bits in hex, so that no client that rewrites `http` in its callback (google-auth-oauthlib) can spoil it.
    public static func authorizationCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// A fresh OAuth `state`: 256 random bits, base64url.
    public static func state() -> String {
        randomBase64URL(bytes: 32)
    }

    /// A fresh login id: 128 random bits, base64url, never starting with `-` (which a command line would take for
    /// an option: `bnet-relay logins --revoke ID`).
    public static func loginID() -> String {
        while true {
            let id = randomBase64URL(bytes: 16)
            if !id.hasPrefix("-") { return id }
        }
    }

    /// The stored form of a high-entropy secret (device code, state): SHA-256, base64url.
    public static func hash(_ secret: String) -> String {
        SHA256.hash(data: Array(secret.utf8)).withUnsafeBytes { Base64URL.encode($0) }
    }

    /// The stored form of a normalised user code: HMAC-SHA-256 under the relay's key, so the database alone
    /// does not let anyone enumerate the small user-code space.
    public static func userCodeHash(_ normalized: String, key: SymmetricKey) -> String {
        Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: Data(normalized.utf8), using: key)))
    }

    /// Compares two secrets in time that depends only on their lengths.
    public static func constantTimeEquals(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a.utf8, b.utf8) { difference |= x ^ y }
        return difference == 0
    }

    private static func randomBase64URL(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode(Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }
}
