import Foundation

/// Blizzard's quota per client and the caching headers of its game data, as the emulator plays them.
///
/// Blizzard allows each client 100 API requests a second and 36,000 an hour; over the per-second limit it answers
/// 429 for the rest of that second (FACTS.md section 4). Game data comes with `Last-Modified` and
/// `Cache-Control: public, max-age=60` (the recorded leaderboard), and a conditional request whose
/// `If-Modified-Since` is not older than the data is answered 304.
public struct EmulatorAPILimits: Sendable {
    /// API requests a client may make in one clock second.
    public var perSecond: Int
    /// API requests a client may make in one clock hour.
    public var perHour: Int
    /// The `max-age` of game-data answers, in seconds.
    public var gameDataMaxAge: Int

    /// Blizzard's limits: 100 a second, 36,000 an hour, game data fresh for 60 seconds.
    public init(perSecond: Int = 100, perHour: Int = 36_000, gameDataMaxAge: Int = 60) {
        self.perSecond = perSecond
        self.perHour = perHour
        self.gameDataMaxAge = gameDataMaxAge
    }

    /// Whether a path is one of the API's (counted against the quota): everything but OAuth and the emulator's own.
    static func isAPI(_ path: String) -> Bool {
        ["/d3/", "/data/", "/sc2/", "/hearthstone/", "/profile/"].contains { path.hasPrefix($0) }
    }

    /// Whether a path is game data, which Blizzard lets clients cache: Diablo III's community and game data, the
    /// `/data/` namespaces, StarCraft II's ladders and Hearthstone.
    static func isGameData(_ path: String) -> Bool {
        ["/d3/data/", "/data/", "/sc2/ladder/", "/hearthstone/"].contains { path.hasPrefix($0) }
    }
}

/// Each client's requests in the current second and hour.
struct QuotaWindow {
    var second = 0
    var inSecond = 0
    var hour = 0
    var inHour = 0

    /// Counts one request at `now` and says whether it is within `limits`; when not, how many seconds until it would be.
    mutating func admit(at now: Date, limits: EmulatorAPILimits) -> Int? {
        let seconds = Int(now.timeIntervalSince1970.rounded(.down))
        if seconds != second { (second, inSecond) = (seconds, 0) }
        if seconds / 3600 != hour { (hour, inHour) = (seconds / 3600, 0) }
        if inHour >= limits.perHour { return 3600 - seconds % 3600 }
        if inSecond >= limits.perSecond { return 1 }
        inSecond += 1
        inHour += 1
        return nil
    }
}
