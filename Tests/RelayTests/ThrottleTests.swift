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
    @Test("The throttled counter's known labels are exactly the throttles' labels, each once")
    func labels() {
        #expect(RelayCounter.throttled.knownValues == Throttle.allCases.map(\.label))
        #expect(Set(Throttle.allCases.map(\.label)).count == Throttle.allCases.count)
    }

    @Test("No source counts a throttle under a free string: every count goes through Throttle")
    func noFreeLabels() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let counted = text.matches(of: /increment\(\.throttled,/).count
            #expect(counted == (file.lastPathComponent == "Throttle.swift" ? 1 : 0), "\(file.lastPathComponent)")
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
