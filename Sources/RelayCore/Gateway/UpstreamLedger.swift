import Foundation

/// Where the relays of one deployment count the upstream requests of their Blizzard client, so that together they
/// stay within its quota: the login store's table (SQLite for one relay, PostgreSQL for several) or, for a relay of
/// its own, memory.
public protocol UpstreamLedger: Sendable {
    /// Takes up to `count` requests of `client`'s budget in each of `windows`, never past any window's limit; returns
    /// how many were granted (0...count).
    func take(_ count: Int, client: String, windows: BudgetWindows) async throws -> Int
    /// Records that Blizzard asked `client` to wait until `until` (an upstream 429's `Retry-After`).
    func pause(client: String, until: Date) async throws
    /// Until when `client` waits, if Blizzard asked it to.
    func pausedUntil(client: String) async throws -> Date?
}

/// The clock windows a request is counted in, each with the most it may hold: its second and its hour.
public struct BudgetWindows: Sendable, Equatable {
    /// One window: its number since 1970 in its unit, and its limit.
    public struct Window: Sendable, Equatable {
        public let start: Int
        public let limit: Int

        /// What it holds after `spent` in the window numbered `start` (nothing when that one has passed).
        public func held(_ spent: Int, since start: Int) -> Int { start == self.start ? spent : 0 }
    }

    public let second: Window
    public let hour: Window

    /// The windows holding `time`, with these limits.
    public init(at time: Date, perSecond: Int, perHour: Int) {
        let second = Int(time.timeIntervalSince1970.rounded(.down))
        self.second = Window(start: second, limit: perSecond)
        hour = Window(start: second / 3600, limit: perHour)
    }

    /// How many of `count` fit, given what the second and the hour hold.
    public func granted(_ count: Int, inSecond: Int, inHour: Int) -> Int {
        max(0, min(count, second.limit - inSecond, hour.limit - inHour))
    }
}

/// The ledger of a relay that shares its client with no other.
public actor MemoryLedger: UpstreamLedger {
    private var held: [String: (second: (Int, Int), hour: (Int, Int))] = [:]
    private var pauses: [String: Date] = [:]

    /// An empty ledger.
    public init() {}

    public func take(_ count: Int, client: String, windows: BudgetWindows) -> Int {
        let row = held[client] ?? ((0, 0), (0, 0))
        let inSecond = windows.second.held(row.second.1, since: row.second.0)
        let inHour = windows.hour.held(row.hour.1, since: row.hour.0)
        let granted = windows.granted(count, inSecond: inSecond, inHour: inHour)
        held[client] = ((windows.second.start, inSecond + granted), (windows.hour.start, inHour + granted))
        return granted
    }

    public func pause(client: String, until: Date) {
        pauses[client] = max(until, pauses[client] ?? until)
    }

    public func pausedUntil(client: String) -> Date? {
        pauses[client]
    }
}
