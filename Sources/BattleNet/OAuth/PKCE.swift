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
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Encodes bytes.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        bytes.withContiguousStorageIfAvailable(encode) ?? Array(bytes).withUnsafeBufferPointer(encode)
    }

    private static func encode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: (bytes.count * 4 + 2) / 3) { out in
            alphabet.withUnsafeBufferPointer { alphabet in
                var written = 0
                var index = 0
                while index < bytes.count {
                    let remaining = bytes.count - index
                    let b0 = bytes[index]
                    let b1 = remaining > 1 ? bytes[index + 1] : 0
                    let b2 = remaining > 2 ? bytes[index + 2] : 0
                    out[written] = alphabet[Int(b0 >> 2)]
                    out[written + 1] = alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)]
                    written += 2
                    if remaining > 1 {
                        out[written] = alphabet[Int((b1 & 0x0f) << 2 | b2 >> 6)]
                        written += 1
                    }
                    if remaining > 2 {
                        out[written] = alphabet[Int(b2 & 0x3f)]
                        written += 1
                    }
                    index += 3
                }
                return written
            }
        }
    }

    /// Decodes a base64url string, with or without padding; nil if it is not base64url.
    public static func decode(_ string: String) -> Data? {
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !base64.contains(where: { $0 == "=" || $0.isWhitespace }) || string.hasSuffix("=") else { return nil }
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
