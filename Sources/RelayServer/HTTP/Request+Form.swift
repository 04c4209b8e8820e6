import BattleNet
import Hummingbird
import NIOCore

/// The form pairs of a request's query and body.
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
