import Foundation

/// An OAuth client's id and secret. Printing, dumping or logging it never shows the secret.
public struct ClientCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The public client id.
    public let id: String
    /// The client secret. Read it only to authenticate to the token endpoint.
    public let secret: String

    /// Creates credentials from the values shown in Blizzard's developer portal.
    public init(id: String, secret: String) {
        self.id = id
        self.secret = secret
    }

    public var description: String { "ClientCredentials(id: \(id), secret: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["id": id, "secret": "<redacted>"]) }

    /// The `Authorization: Basic ...` header value (RFC 6749 section 2.3.1: each part form-encoded first).
    public var basicAuthorization: String {
        let pair = "\(FormEncoding.escape(id)):\(FormEncoding.escape(secret))"
        return "Basic " + Data(pair.utf8).base64EncodedString()
    }
}
