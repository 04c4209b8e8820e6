import BattleNet
import Foundation
import NIOConcurrencyHelpers

/// A transport that keeps the body of every HTTP 200 answer, so `--json` prints what Battle.net sent, byte for
/// byte, rather than what the models decoded.
final class AnswerRecorder: HTTPTransport, Sendable {
    private let base: any HTTPTransport
    private let bodies = NIOLockedValueBox<[Data]>([])

    init(_ base: any HTTPTransport) {
        self.base = base
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let response = try await base.send(request)
        if response.status == 200 { bodies.withLockedValue { $0.append(response.body) } }
        return response
    }

    /// The last `count` bodies, oldest first.
    func last(_ count: Int) -> [Data] {
        bodies.withLockedValue { Array($0.suffix(count)) }
    }

    /// The last body as text, ending in a line break.
    var lastText: String {
        guard let body = last(1).first else { return "" }
        return JSONText.line(body)
    }
}
