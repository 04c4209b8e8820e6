import BattleNet
import Crypto
import Foundation

/// The random identifiers of a login, and the one-way forms the relay stores instead of them.
public enum Identifiers {
    /// RFC 8628 section 6.1's alphabet: consonants only, no vowels (no words), no look-alikes (no 0/O, 1/I).
    public static let userCodeAlphabet = Array("BCDFGHJKLMNPQRSTVWXZ")
    /// Characters in a user code (shown as `XXXX-XXXX`): 20^8, about 34.5 bits.
    public static let userCodeLength = 8

    /// A fresh `device_code`: 256 random bits, base64url.
    public static func deviceCode() -> String {
        randomBase64URL(bytes: 32)
    }

    /// A fresh OAuth `state`: 256 random bits, base64url.
    public static func state() -> String {
        randomBase64URL(bytes: 32)
    }

    /// A fresh login id: 128 random bits, base64url.
    public static func loginID() -> String {
        randomBase64URL(bytes: 16)
    }

    /// A fresh user code such as `WDJB-MJHT`.
    public static func userCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<userCodeLength).map { _ in userCodeAlphabet.randomElement(using: &generator)! }
        return String(characters[0..<4]) + "-" + String(characters[4...])
    }

    /// Normalises what a person typed: case-insensitive, separators and spaces ignored. Nil when it cannot be
    /// a user code (wrong length or a character outside the alphabet).
    public static func normalizeUserCode(_ typed: String) -> String? {
        guard typed.utf8.count <= 64 else { return nil }
        let kept = typed.uppercased().filter { !($0 == "-" || $0 == " " || $0 == "\t") }
        guard kept.count == userCodeLength, kept.allSatisfy(userCodeAlphabet.contains) else { return nil }
        return kept
    }

    /// `XXXXXXXX` shown as `XXXX-XXXX`.
    public static func formatUserCode(_ normalized: String) -> String {
        String(normalized.prefix(4)) + "-" + String(normalized.dropFirst(4))
    }

    /// The stored form of a high-entropy secret (device code, state): SHA-256, base64url.
    public static func hash(_ secret: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(secret.utf8))))
    }

    /// The stored form of a normalised user code: HMAC-SHA-256 under the relay's key, so the database alone
    /// does not let anyone enumerate the small user-code space.
    public static func userCodeHash(_ normalized: String, key: SymmetricKey) -> String {
        Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: Data(normalized.utf8), using: key)))
    }

    /// Compares two secrets in time that depends only on their lengths.
    public static func constantTimeEquals(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    private static func randomBase64URL(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode(Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }
}
