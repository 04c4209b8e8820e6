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

/// The clock windows a request is counted in, each with the most it may hold: its tenth of a second, its second and
/// its hour. The tenth paces a second's requests, so that however Blizzard's second falls against the relay's, no
/// second of Blizzard's meets more than a second's share and a tenth's.
public struct BudgetWindows: Sendable, Equatable {
    /// One window: its kind, its number since 1970 in its kind's unit, and its limit.
    public struct Window: Sendable, Equatable {
        public let kind: String
        public let start: Int
        public let limit: Int
    }

    /// The tenth, the second and the hour, in that order.
    public let windows: [Window]

    /// The windows holding `time`, with these limits.
    public init(at time: Date, perTenth: Int, perSecond: Int, perHour: Int) {
        let tenth = Int((time.timeIntervalSince1970 * 10).rounded(.down))
        windows = [
            Window(kind: "t", start: tenth, limit: perTenth),
            Window(kind: "s", start: tenth / 10, limit: perSecond),
            Window(kind: "h", start: tenth / 36_000, limit: perHour),
        ]
    }

    /// The second these windows fall in.
    public var second: Int { windows[1].start }

    /// How many of `count` fit, given what each window holds (`spent`, by kind; a missing kind holds none).
    public func granted(_ count: Int, spent: [String: Int]) -> Int {
        max(0, windows.reduce(count) { min($0, $1.limit - (spent[$1.kind] ?? 0)) })
    }
}

/// The ledger of a relay that shares its client with no other.
public actor MemoryLedger: UpstreamLedger {
    private var windows: [String: [String: (start: Int, spent: Int)]] = [:]
    private var pauses: [String: Date] = [:]

    /// An empty ledger.
    public init() {}

    public func take(_ count: Int, client: String, windows asked: BudgetWindows) -> Int {
        var held = windows[client, default: [:]]
        let spent = asked.windows.reduce(into: [String: Int]()) { spent, window in
            spent[window.kind] = held[window.kind].flatMap { $0.start == window.start ? $0.spent : nil } ?? 0
        }
        let granted = asked.granted(count, spent: spent)
        for window in asked.windows { held[window.kind] = (window.start, spent[window.kind]! + granted) }
        windows[client] = held
        return granted
    }

    public func pause(client: String, until: Date) {
        pauses[client] = max(until, pauses[client] ?? until)
    }

    public func pausedUntil(client: String) -> Date? {
        pauses[client]
    }
}
