import Foundation
import HTTPTypes
import HummingbirdCore
import RelayCore
import Testing

@testable import RelayServer

/// Every limit is one ``Throttle``: its metric label, its refusal and its `Retry-After` come from there, and the
/// metrics and alert rules cannot drift from it.
@Suite("Throttles", .timeLimit(.minutes(1)))
struct ThrottleTests {
    @Test("Each throttle's label is its own, and each is a series of the throttled counter at zero from the start")
    func labels() {
        #expect(Set(Throttle.allCases.map(\.label)).count == Throttle.allCases.count)
        let text = RelayMetrics().render()
        for throttle in Throttle.allCases {
            #expect(text.contains("bnet_relay_throttled_total{limit=\"\(throttle.label)\"} 0\n"), "\(throttle)")
        }
    }

    @Test("Each refusing throttle answers 429 or 503 with its own Retry-After, at the edge and from a route")
    func refusals() throws {
        for throttle in Throttle.allCases {
            guard let refusal = throttle.refusal else {
                #expect(throttle.retryAfterSeconds == nil, "\(throttle)")
                continue
            }
            #expect([429, 503].contains(refusal.statusCode), "\(throttle)")
            let retryAfter = try #require(throttle.retryAfterSeconds).description
            let edge = EdgeRefusal(throttle)
            #expect(edge.head.headerFields[.retryAfter] == retryAfter, "\(throttle)")
            #expect(edge.head.status.code == refusal.statusCode)
            switch throttle {
            case .proxiedRequests, .proxiedRequests48, .connections, .connections48, .opsConnections, .opsConnections48:
                continue
            default:
                #expect(try refusal.response().headers[.retryAfter] == retryAfter, "\(throttle)")
            }
        }
    }
}
