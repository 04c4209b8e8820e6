import BattleNet
import Foundation
import HTTPTypes
import Hummingbird

extension Response {
    /// A JSON body with Blizzard's content type.
    static func json(_ status: HTTPResponse.Status, _ body: Data, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json;charset=UTF-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A JSON object body.
    static func json(_ status: HTTPResponse.Status, _ object: [String: Any], headers: HTTPFields = [:]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return json(status, data, headers: headers)
    }

    /// A body of one of the wire messages `BattleNet` defines, keys sorted so that equal answers have equal bytes
    /// (JSONEncoder keeps no field order); a message that cannot be encoded is the gateway's 500.
    static func json(_ status: HTTPResponse.Status, _ message: some Encodable, headers: HTTPFields = [:]) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let body = try? encoder.encode(message) else { return gatewayError(.internalServerError) }
        return json(status, body, headers: headers)
    }

    /// An OAuth error body (RFC 6749 section 5.2), as Spring Security sends it.
    static func oauthError(_ status: HTTPResponse.Status, _ error: OAuthErrorCode, _ description: String) -> Response {
        json(status, OAuthErrorResponse(error, errorDescription: description),
            headers: [.cacheControl: "no-store", .pragma: "no-cache"])
    }

    /// The API gateway's error body: `{"code":404,"type":"BLZWEBAPI00000404","detail":"Not Found"}`.
    static func gatewayError(_ status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        let code = Int(status.code)
        let type = "BLZWEBAPI" + String(repeating: "0", count: 8 - String(code).count) + String(code)
        // Written out in the gateway's own field order, byte for byte as recorded.
        return json(status, Data(#"{"code":\#(code),"type":"\#(type)","detail":"\#(status.reasonPhrase)"}"#.utf8), headers: headers)
    }

    /// A redirect to `location`.
    static func redirect(to location: String) -> Response {
        Response(status: .found, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// An HTML page.
    static func html(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8",
                .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; form-action *; frame-ancestors 'none'",
                .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

extension Request {
    /// The query's pairs, decoded; nil when the query is not valid form encoding.
    var queryPairs: [(String, String)]? {
        try? FormEncoding.decode(Substring(uri.query ?? ""))
    }

    /// The body's form pairs, decoded; nil when it is too large or not valid form encoding.
    mutating func formPairs(limit: Int = 64 << 10) async -> [(String, String)]? {
        guard let buffer = try? await collectBody(upTo: limit) else { return nil }
        return try? FormEncoding.decode(Substring(String(buffer: buffer)))
    }
}

extension HTTPField.Name {
    /// `Pragma`, which RFC 6749 section 5.1 asks token responses to carry as `no-cache`.
    static let pragma = HTTPField.Name("Pragma")!
}
