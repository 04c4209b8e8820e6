import Foundation

/// An error body sent by Battle.net instead of the requested resource.
///
/// Two shapes exist: the Diablo III body `{"code":"NOTFOUND","reason":"…"}`
/// (historically sent with HTTP 200) and the API gateway body
/// `{"code":404,"type":"BLZWEBAPI00000404","detail":"Not Found"}`.
/// Decoding fails when `code` is absent, so a normal payload is never mistaken for an error.
public struct APIErrorBody: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The error code, e.g. `NOTFOUND` or `404` (numbers are kept as their digits).
    public var code: String
    /// The gateway error type, e.g. `BLZWEBAPI00000404`.
    public var type: String?
    /// The Diablo III explanation (`reason`).
    public var reason: String?
    /// The gateway explanation (`detail`).
    public var detail: String?

    /// Creates an error body.
    public init(code: String, type: String? = nil, reason: String? = nil, detail: String? = nil) {
        self.code = code
        self.type = type
        self.reason = reason
        self.detail = detail
    }

    /// The human-readable explanation: `reason`, else `detail`.
    public var message: String? { reason ?? detail }

    /// Whether the body reports a missing account, hero or route.
    public var isNotFound: Bool {
        code.uppercased() == "NOTFOUND" || code == "404"
    }

    /// `code: message`, e.g. `NOTFOUND: The account could not be found.`
    public var description: String {
        message.map { "\(code): \($0)" } ?? code
    }

    private enum CodingKeys: String, CodingKey {
        case code, type, reason, detail
    }

    /// Decodes either shape; `code` may be a string or a number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try? container.decode(String.self, forKey: .code) {
            code = text
        } else if let number = try? container.decode(Int.self, forKey: .code) {
            code = String(number)
        } else {
            code = String(try container.decode(Double.self, forKey: .code))
        }
        type = try container.decodeIfPresent(String.self, forKey: .type)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        detail = try container.decodeIfPresent(String.self, forKey: .detail)
    }

    /// Encodes `code` as a number when it is all digits, as the gateway does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let number = Int(code), String(number) == code {
            try container.encode(number, forKey: .code)
        } else {
            try container.encode(code, forKey: .code)
        }
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encodeIfPresent(detail, forKey: .detail)
    }
}
