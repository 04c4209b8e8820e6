import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// `GET` and `HEAD /api/{region}/{Blizzard API path}?{query}`: game data answered by the ``GameDataGateway``, or a
/// JSON refusal (``GatewayRefusal``) a person can act on. Other methods get 405 with `Allow: GET, HEAD`. The caller's
/// headers are not forwarded (its `Authorization` least of all); a caller's `If-Modified-Since` is answered 304 from
/// the cached answer's `Last-Modified`.
struct GatewayController {
    /// The gateway; nil when `--gateway off`, and every request is refused saying so.
    let gateway: GameDataGateway?
    /// The regions whose API the relay calls (those whose tokens it holds).
    let regions: [Region]
    let metrics: RelayMetrics

    static let prefix = "/api"

    func register(on router: Router<RelayContext>) {
        for method in [HTTPRequest.Method.get, .head] {
            router.on("api/**", method: method) { request, context in await answer(request, context: context) }
        }
        for method in [HTTPRequest.Method.post, .put, .delete, .patch, .options] {
            router.on("api/**", method: method) { _, _ in
                metrics.gatewayRefused.increment(.method)
                return refusal(GatewayRefusal(
                    .method, "The gateway answers GET and HEAD only: game data is read, never written.", status: 405),
                    headers: [.allow: "GET, HEAD"])
            }
        }
    }

    private func answer(_ request: Request, context: RelayContext) async -> Response {
        guard let gateway else {
            metrics.gatewayRefused.increment(.gatewayOff)
            return refusal(GatewayRefusal(
                .gatewayOff, "This relay's game-data gateway is off (--gateway off); call Blizzard's API with a token of your own.",
                status: 404))
        }
        let path: GatewayPath
        do throws(GatewayRefusal) {
            path = try GatewayPath(
                afterPrefix: request.uri.path.dropFirst(Self.prefix.count), query: request.uri.query ?? "", regions: regions)
        } catch {
            metrics.gatewayRefused.increment(error.reason)
            return refusal(error)
        }
        do throws(GatewayRefusal) {
            return Self.response(try await gateway.answer(path, network: context.clientNetwork), for: request)
        } catch {
            return refusal(error)  // counted by the gateway
        }
    }

    /// The answer as a response: 304 without a body for a caller whose `If-Modified-Since` is not older than the
    /// answer's `Last-Modified`, no body for `HEAD`.
    static func response(_ answer: GatewayAnswer, for request: Request) -> Response {
        var headers = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { headers.append(HTTPField(name: name, value: value)) }
        }
        if answer.status == 200, let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.parse),
            let modified = answer.header("Last-Modified").flatMap(HTTPDate.parse), modified <= since
        {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = "\(answer.body.count)"
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
        return Response(status: .init(code: answer.status), headers: headers, body: body)
    }

    /// A refusal's JSON body (`error`, `error_description`), `no-store`, and `Retry-After` when it has one.
    func refusal(_ refusal: GatewayRefusal, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.cacheControl] = "no-store"
        if let wait = refusal.retryAfter { headers[.retryAfter] = "\(wait)" }
        return .json(
            .init(code: refusal.status),
            ["error": .string(refusal.reason.rawValue), "error_description": .string(refusal.description)],
            headers: headers)
    }
}
