import BattleNet
import HTTPTypes
import Hummingbird
import Logging
import NIOHTTP1
import RelayCore

/// Renders every error a handler throws as a ``Refusal`` (see `Refusal+Response.swift`): refusals as they are, an
/// unavailable store as 503, the router's own errors (`404`, `405`, `413`) and malformed HTTP framing with a
/// description a person can act on; anything else is a logged `500`. Handlers only throw.
struct RefusalMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: RelayContext, next: (Request, RelayContext) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            let (refusal, headers) = Self.refusal(for: error, logger: context.logger)
            return try refusal.response(headers: headers)
        }
    }

    /// The refusal for an error a handler (or the router) threw, with the headers it calls for (a 405's `Allow`);
    /// logs what the relay, not the client, is at fault for. ``PageRefusalMiddleware`` renders the same as a page.
    static func refusal(for error: any Error, logger: Logger) -> (Refusal, HTTPFields) {
        switch error {
        case let refusal as Refusal:
            return (refusal, [:])
        case let error as HTTPError:
            return (refusal(for: error.status), error.headers)
        case let error as LoginStoreUnavailable:
            logger.error("login store unavailable", metadata: [LogKey.errorReason: "\(error.reason)"])
            return (.storeUnavailable, [:])
        case is HTTPParserError:
            // The client's bytes, not the relay, are at fault (a chunk size that overflows, say): not worth an error line.
            logger.debug("malformed HTTP framing")
            return (Refusal(.invalidRequest, "The request's HTTP framing is malformed; send a well-formed HTTP/1.1 request."), [:])
        case let error as any HTTPResponseError:
            return (refusal(for: error.status), [:])
        default:
            logger.error("unhandled error", metadata: [LogKey.errorType: "\(type(of: error))"])
            return (refusal(for: .internalServerError), [:])
        }
    }

    /// The refusal for a status the router or a library chose.
    static func refusal(for status: HTTPResponse.Status) -> Refusal {
        switch status {
        case .notFound: Refusal(.notFound, "No such endpoint. See the API reference in docs/protocol.md.", status: 404)
        case .methodNotAllowed: Refusal(.methodNotAllowed, "This endpoint does not accept this method.", status: 405)
        case .contentTooLarge: Refusal(.requestTooLarge, "The request body is too large (16 KiB at most).", status: 413)
        default:
            status.code < 500
                ? Refusal(.invalidRequest, "The request was not understood.", status: status.code)
                : Refusal(.serverError, "The relay failed to answer; try again.", status: status.code)
        }
    }
}
