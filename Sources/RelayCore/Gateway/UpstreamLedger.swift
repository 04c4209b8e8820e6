import Foundation

/// Where the relays of one deployment count the upstream requests of their Blizzard client, so that together they
/// stay within its quota: the login store's table (SQLite for one relay, PostgreSQL for several) or, for a relay of
/// its own, memory.
public protocol UpstreamLedger: Sendable {
    /// Takes up to `count` requests of `client`'s budget in the clock second `second` and the clock hour `hour`,
    /// never past `perSecond` and `perHour` requests in them; returns how many were granted (0...count).
    func take(_ count: Int, client: String, second: Int, perSecond: Int, hour: Int, perHour: Int) async throws -> Int
    /// Records that Blizzard asked `client` to wait until `until` (an upstream 429's `Retry-After`).
    func pause(client: String, until: Date) async throws
    /// Until when `client` waits, if Blizzard asked it to.
    func pausedUntil(client: String) async throws -> Date?
}

/// The ledger of a relay that shares its client with no other.
public actor MemoryLedger: UpstreamLedger {
    private var seconds: [String: (second: Int, spent: Int)] = [:]
    private var hours: [String: (hour: Int, spent: Int)] = [:]
    private var pauses: [String: Date] = [:]

    /// An empty ledger.
    public init() {}

    public func take(_ count: Int, client: String, second: Int, perSecond: Int, hour: Int, perHour: Int) -> Int {
        let inSecond = seconds[client].flatMap { $0.second == second ? $0.spent : nil } ?? 0
        let inHour = hours[client].flatMap { $0.hour == hour ? $0.spent : nil } ?? 0
        let granted = max(0, min(count, perSecond - inSecond, perHour - inHour))
        seconds[client] = (second, inSecond + granted)
        hours[client] = (hour, inHour + granted)
        return granted
    }

    public func pause(client: String, until: Date) {
        pauses[client] = max(until, pauses[client] ?? until)
    }

    public func pausedUntil(client: String) -> Date? {
        pauses[client]
    }
}
