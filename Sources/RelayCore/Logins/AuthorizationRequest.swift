import BattleNet
import Crypto
import Foundation

/// What an app's authorization request (RFC 6749 section 4.1.1, RFC 7636, OpenID Connect Core section 3.1.2.1)
/// binds its login to: where the browser goes back, the app's `state` and `nonce` to echo, and the PKCE challenge
/// its token request must answer. Stored with the login and covered by its binding MAC.
public struct AuthorizationRequest: Sendable, Hashable, Codable {
    /// The `redirect_uri` as the request sent it (one the app registered).
    public var redirectURI: String
    /// The app's `state`, echoed back unchanged.
    public var state: String?
    /// The S256 `code_challenge`.
    public var codeChallenge: String
    /// OpenID Connect's `nonce`, echoed in the `id_token`.
    public var nonce: String?

    /// How long the one-time code given to the app is valid: at most 60 seconds (RFC 9700 section 4.2.1 asks for a
    /// short life; the app redeems it at once).
    public static let codeLifetime: TimeInterval = 60

    /// Creates the record of a request.
    public init(redirectURI: String, state: String?, codeChallenge: String, nonce: String?) {
        self.redirectURI = redirectURI
        self.state = state
        self.codeChallenge = codeChallenge
        self.nonce = nonce
    }

    enum CodingKeys: String, CodingKey {
        case redirectURI = "redirect_uri", state, codeChallenge = "code_challenge", nonce
    }

    /// The stored form: JSON with sorted keys, the same bytes for the same request (the binding MAC covers them).
    public var stored: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// A stored form read back; nil when it is not one.
    public init?(stored: String) {
        guard let request = try? JSONDecoder().decode(Self.self, from: Data(stored.utf8)) else { return nil }
        self = request
    }

    /// Whether `verifier` answers the challenge: 43 to 128 unreserved characters whose SHA-256, base64url without
    /// padding, is the challenge (RFC 7636 sections 4.1 and 4.6), compared in constant time.
    public func isAnswered(by verifier: String) -> Bool {
        Self.isWellFormed(verifier)
            && Identifiers.constantTimeEquals(
                Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8)))), codeChallenge)
    }

    /// Whether `value` is a PKCE verifier's or S256 challenge's shape: 43 to 128 of `A-Z a-z 0-9 - . _ ~`.
    public static func isWellFormed(_ value: String) -> Bool {
        (43...128).contains(value.utf8.count) && value.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("-._~".utf8).contains(byte)
        }
    }
}
