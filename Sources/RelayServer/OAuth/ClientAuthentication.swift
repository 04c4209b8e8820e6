import BattleNet
import Foundation
import HTTPTypes
import RelayCore

/// Which client a request names. The relay's clients are public (RFC 6749 section 2.1: they hold no secret), so
/// a client names itself with `client_id` in the form body, or with HTTP Basic and an empty password (section
/// 2.3.1, as many OAuth libraries do by default), or, on a token request, not at all: the 256-bit `device_code`
/// already names the login.
enum ClientAuthentication {
    /// The `client_id` the request names, required: a request that names none is refused with `invalid_request`.
    static func requiredClientID(form: [(String, String)], headers: HTTPFields) throws(Refusal) -> String {
        guard let clientID = try clientID(form: form, headers: headers), !clientID.isEmpty else {
            throw Refusal(.invalidRequest, "client_id is missing: send it in the body or as HTTP Basic with an empty password.")
        }
        return clientID
    }

    /// The `client_id` the request names, nil when it names none; throws a ``Refusal`` when the request is refused.
    static func clientID(form: [(String, String)], headers: HTTPFields) throws(Refusal) -> String? {
        let fromBody = form.value("client_id")
        guard let header = headers[.authorization] else { return fromBody }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic" else { return fromBody }
        guard let decoded = Data(base64Encoded: String(parts[1].trimmingCharacters(in: .whitespaces))),
            let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":"),
            let id = try? FormEncoding.unescape(text[..<colon]),
            let password = try? FormEncoding.unescape(text[text.index(after: colon)...])
        else {
            throw Refusal(
                .invalidClient, "The Authorization header is not valid HTTP Basic (base64 of client_id:password).",
                status: 401)
        }
        guard password.isEmpty else {
            throw Refusal(
                .invalidClient,
                "This relay's clients are public and have no secret: send HTTP Basic with an empty password, or client_id in the body.",
                status: 401)
        }
        if let fromBody, fromBody != id {
            throw Refusal(
                .invalidRequest, "client_id in the body and in the Authorization header differ; send it once.")
        }
        return id.isEmpty ? fromBody : id
    }
}
