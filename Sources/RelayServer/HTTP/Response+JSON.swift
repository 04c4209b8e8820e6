import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// How the relay writes JSON: Foundation's `JSONEncoder` (the encoder Hummingbird's own `ResponseEncoder` uses),
/// keys sorted so that a body's bytes are the same in every process, slashes left unescaped. It writes whatever an
/// `Encodable` holds (nested objects, numbers, nulls), so a wire message never becomes a 500 for its shape.
enum RelayJSON {
    /// The one encoder; `JSONEncoder` may be shared across tasks once configured.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as UTF-8 JSON in a buffer.
    static func buffer(_ value: some Encodable) throws -> ByteBuffer {
        ByteBuffer(bytes: try encoder.encode(value))
    }
}

extension ByteBuffer {
    /// `message` as the relay writes it in a response (``RelayJSON``), for the package's benchmarks.
    package init(relayJSON message: some Encodable) throws {
        self = try RelayJSON.buffer(message)
    }
}

/// The relay's own responses: JSON bodies, and redirects.
extension Response {
    /// A JSON object body.
    static func json(_ status: HTTPResponse.Status, _ object: JSONBody, headers: HTTPFields = [:]) -> Response {
        json(status, buffer: object.buffer, headers: headers)
    }

    /// A wire message's body, such as a `TokenResponse`.
    static func json(_ status: HTTPResponse.Status, message: some Encodable, headers: HTTPFields = [:]) throws
        -> Response
    {
        json(status, buffer: try RelayJSON.buffer(message), headers: headers)
    }

    private static func json(_ status: HTTPResponse.Status, buffer: ByteBuffer, headers: HTTPFields) -> Response {
        var fields = headers
        fields.append(HTTPField(name: .contentType, value: "application/json"))
        return Response(status: status, headers: fields, body: .init(byteBuffer: buffer))
    }

    /// A redirect (302 or 303, never 307).
    static func redirect(location: String, status: HTTPResponse.Status = .found) -> Response {
        Response(status: status, headers: [.location: location, .cacheControl: "no-store"])
    }
}
