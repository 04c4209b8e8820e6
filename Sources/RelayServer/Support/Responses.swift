import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension Response {
    /// A JSON object body.
    static func json(_ status: HTTPResponse.Status, _ object: JSONBody, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields.append(HTTPField(name: .contentType, value: "application/json"))
        return Response(status: status, headers: fields, body: .init(byteBuffer: object.buffer))
    }

    /// A redirect (302 or 303, never 307).
    static func redirect(location: String, status: HTTPResponse.Status = .found) -> Response {
        Response(status: status, headers: [.location: location, .cacheControl: "no-store"])
    }
}

extension Request {
    /// The query's pairs; nil when it is not valid form encoding.
    var queryPairs: [(String, String)]? {
        try? FormEncoding.decode(Substring(uri.query ?? ""))
    }

    /// The body's form pairs; nil when it is too large or not valid form encoding.
    mutating func formPairs(context: RelayContext) async throws -> [(String, String)]? {
        let buffer: ByteBuffer
        do {
            buffer = try await collectBody(upTo: context.maxUploadSize)
        } catch is NIOTooManyBytesError {
            throw HTTPError(.contentTooLarge)
        }
        return try? FormEncoding.decode(Substring(String(buffer: buffer)))
    }
}
