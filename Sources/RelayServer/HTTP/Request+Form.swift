import BattleNet
import Hummingbird
import NIOCore
import RelayCore

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

    /// The body of a POST to an OAuth endpoint: form pairs, each name at most once. Refuses anything else with
    /// `invalid_request` saying what is wrong.
    mutating func oauthForm(context: RelayContext) async throws -> [(String, String)] {
        guard let form = try await formPairs(context: context) else {
            throw Refusal(.invalidRequest, "The body must be application/x-www-form-urlencoded.")
        }
        if let duplicate = form.duplicateName {
            throw Refusal(.invalidRequest, "Parameter \(duplicate.prefix(32)) was sent more than once.")
        }
        return form
    }
}
