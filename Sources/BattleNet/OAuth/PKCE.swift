import Crypto
import Foundation

/// A PKCE verifier and its S256 challenge (RFC 7636).
public struct PKCE: Sendable, Hashable {
    /// The secret verifier, sent with the code exchange.
    public let verifier: String
    /// `BASE64URL(SHA256(verifier))`, sent with the authorization request.
    public var challenge: String { Self.challenge(for: verifier) }

    /// Uses a given verifier (43 to 128 characters of RFC 7636's alphabet).
    public init(verifier: String) {
        self.verifier = verifier
    }

    /// A fresh verifier from 32 random octets, as RFC 7636 section 7.1 recommends.
    public static func generate() -> PKCE {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return PKCE(verifier: Base64URL.encode(Data(bytes)))
    }

    /// The S256 challenge of a verifier.
    public static func challenge(for verifier: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
    }
}

/// Base64url without padding (RFC 4648 section 5), safe in URLs, headers and file names.
public enum Base64URL {
    /// Encodes bytes.
    public static func encode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes a base64url string, with or without padding; nil if it is not base64url.
    public static func decode(_ string: String) -> Data? {
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !base64.contains(where: { $0 == "=" || $0.isWhitespace }) || string.hasSuffix("=") else { return nil }
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
