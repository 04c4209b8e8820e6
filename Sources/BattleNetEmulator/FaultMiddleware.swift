import BattleNet
import Foundation
import Hummingbird

/// Applies injected faults before the routes see a request.
struct FaultMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    struct DroppedConnection: Error {}

    let state: EmulatorState

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let fault = await state.takeFault(for: request.uri.path) else {
            return try await next(request, context)
        }
        switch fault {
        case .latency(let milliseconds):
            try await Task.sleep(for: .milliseconds(milliseconds))
            return try await next(request, context)
        case .status(let code):
            return .gatewayError(.init(code: code))
        case .rateLimited(let seconds):
            return .gatewayError(.tooManyRequests, headers: [.retryAfter: String(seconds)])
        case .legacyError(let code, let reason):
            return .json(.ok, ["code": code, "reason": reason])
        case .oauthError(let status, let error, let description):
            return .oauthError(.init(code: status), OAuthErrorCode(error), description)
        case .json(let status, let body):
            return .json(.init(code: status), Data(body.utf8))
        case .malformedJSON:
            return .json(.ok, Data(#"{"access_token":"tr"#.utf8))
        case .dropConnection:
            return Response(
                status: .ok, headers: [.contentType: "application/json", .contentLength: "4096"],
                body: .init { writer in
                    try await writer.write(ByteBuffer(string: "{"))
                    throw DroppedConnection()
                })
        }
    }
}
