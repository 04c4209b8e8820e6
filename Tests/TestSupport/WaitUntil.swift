/// Waits until `condition` holds, checking every few milliseconds; throws ``ConditionTimeout`` naming `what` after
/// `limit`, so that a state a test waits for and never reaches fails that test instead of hanging the run.
public func waitUntil(
    _ what: String, within limit: Duration = .seconds(20), _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw ConditionTimeout(what: what, limit: limit) }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// A condition a test waited for did not hold in time.
public struct ConditionTimeout: Error, CustomStringConvertible {
    public var what: String
    public var limit: Duration
    public var description: String { "waited \(limit) for \(what)" }
}
