import HTTPTypes
import Hummingbird
import NIOCore

/// The relay's own responses: JSON bodies written by ``JSONBody``, and redirects.
extension Response {
    /// A JSON object body.
    static func json(_ status: HTTPResponse.Status, _ object: JSONBody, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields.append(HTTPField(name: .contentType, value: "application/json"))
        return Response(status: status, headers: fields, body: .init(byteBuffer: object.buffer))
    }

    /// A wire message's body, such as a `TokenResponse` (see ``JSONBody/init(_:)``).
    static func json(_ status: HTTPResponse.Status, message: some Encodable, headers: HTTPFields = [:]) throws
        -> Response
    {
        json(status, try JSONBody(message), headers: headers)
    }

    /// A redirect (302 or 303, never 307).
    static func redirect(location: String, status: HTTPResponse.Status = .found) -> Response {
        Response(status: status, headers: [.location: location, .cacheControl: "no-store"])
    }
}
