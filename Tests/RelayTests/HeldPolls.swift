import BattleNet
import Foundation
import TestSupport

/// The relay's own count of the long-polls it holds now (`bnet_relay_held_polls`), for tests that must know a poll
/// is held before they act: they wait on it instead of sleeping.
enum HeldPolls {
    /// The gauge's value in a `/metrics` answer; nil when the answer has none.
    static func count(in metrics: TransportResponse) -> Int? {
        let name = "bnet_relay_held_polls"
        for line in String(decoding: metrics.body, as: UTF8.self).split(separator: "\n")
        where line.hasPrefix(name + " ") || line.hasPrefix(name + "{") {
            return line.split(separator: " ").last.flatMap { Double($0) }.map { Int($0) }
        }
        return nil
    }

    /// Waits until the relay whose `/metrics` `read` fetches holds at least `count` long-polls.
    static func wait(for count: Int, _ read: @escaping () async throws -> TransportResponse) async throws {
        try await waitUntil("the relay holds \(count) long-poll(s)") { (Self.count(in: try await read()) ?? 0) >= count }
    }
}

extension RelayHarness {
    /// Waits until this relay holds at least `count` long-polls (see ``HeldPolls``).
    func held(_ count: Int = 1) async throws {
        try await HeldPolls.wait(for: count) { try await ops("/metrics") }
    }
}
