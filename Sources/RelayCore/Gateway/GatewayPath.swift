import BattleNet
import Foundation

/// A game-data request the gateway accepts: `/api/{region}/{Blizzard API path}?{query}`, checked before anything
/// is spent on it. Only the game-data APIs pass (World of Warcraft's `static-*` and `dynamic-*` namespaces, Diablo
/// III's community and game data, StarCraft II's data and ladders, Hearthstone); player data, OAuth, a host of the
/// caller's, `.`/`..` segments and encoded slashes are refused with what to do instead.
public struct GatewayPath: Sendable, Hashable {
    /// The region whose API host is called.
    public let region: Region
    /// The API path, starting with `/`, as sent upstream (percent-encoding kept).
    public let path: String
    /// The query, without `?`, as sent upstream; empty for none.
    public let query: String

    /// The longest path and the longest query accepted, in bytes.
    public static let maxPathBytes = 512
    public static let maxQueryBytes = 1024

    /// The cache key: region, path and query.
    public var key: String { "\(region.rawValue)\(path)?\(query)" }

    /// The prefixes of the game-data APIs. `/data/wow/` needs a `static-` or `dynamic-` namespace besides.
    static let gameData = ["/d3/data/", "/data/d3/", "/data/wow/", "/data/sc2/", "/sc2/ladder/", "/sc2/static/",
                           "/sc2/legacy/data/", "/sc2/metadata/", "/hearthstone/"]
    /// The prefixes of player data, which the player's own token is for.
    static let playerData = ["/profile/", "/d3/profile/", "/sc2/profile/", "/sc2/player/", "/sc2/legacy/profile/",
                             "/wow/user/", "/oauth/", "/userinfo", "/token", "/authorize"]

    /// Parses what follows `/api` in the request's path (`/eu/d3/data/act`) and its query.
    public init(afterPrefix rest: Substring, query: String, regions: [Region]) throws(GatewayRefusal) {
        guard rest.utf8.count <= Self.maxPathBytes + 8, query.utf8.count <= Self.maxQueryBytes else {
            throw GatewayRefusal(
                .tooLong,
                "The path may be \(Self.maxPathBytes) bytes long and the query \(Self.maxQueryBytes) at most; ask for less at once.",
                status: 414)
        }
        let trimmed = rest.drop { $0 == "/" }
        let regionName = trimmed.prefix { $0 != "/" }
        let apiPath = String(trimmed.dropFirst(regionName.count))
        guard let region = Region(name: String(regionName)) else {
            throw Self.hostRefusal(String(regionName), regions: regions)
        }
        guard regions.contains(region) else {
            throw GatewayRefusal(
                .unknownRegion,
                "This relay calls the API of \(Self.names(regions)) only; ask one of those, as /api/\(regions[0].rawValue)/….",
                status: 404)
        }
        try Self.checkSegments(apiPath)
        let lowered = apiPath.lowercased()
        if Self.playerData.contains(where: { lowered.hasPrefix($0) || lowered == $0.dropLast() }) {
            throw Self.playerDataRefusal(region: region)
        }
        guard Self.gameData.contains(where: { lowered.hasPrefix($0) }) else {
            throw GatewayRefusal(
                .notGameData,
                "\(apiPath.isEmpty ? "/" : apiPath) is not a game-data path. The gateway serves /d3/data/, /data/d3/, "
                    + "/data/wow/ (static and dynamic namespaces), /data/sc2/, /sc2/ladder/, /sc2/static/ and /hearthstone/.",
                status: 404)
        }
        if lowered.hasPrefix("/data/wow/") {
            let namespace = Self.namespace(in: query)?.lowercased() ?? ""
            if namespace.hasPrefix("profile-") { throw Self.playerDataRefusal(region: region) }
            guard namespace.hasPrefix("static-") || namespace.hasPrefix("dynamic-") else {
                throw GatewayRefusal(
                    .notGameData,
                    "World of Warcraft game data needs a namespace=static-\(region.rawValue) or dynamic-\(region.rawValue) query parameter.",
                    status: 400)
            }
        }
        self.region = region
        path = apiPath
        self.query = query
    }

    /// A region segment that is no region: a host or URL of the caller's is refused as such.
    private static func hostRefusal(_ segment: String, regions: [Region]) -> GatewayRefusal {
        let lowered = segment.lowercased()
        if lowered.contains(".") || lowered.contains(":") || lowered.contains("%") || lowered.contains("@") {
            return GatewayRefusal(
                .foreignHost,
                "The gateway calls Blizzard's API host of a region, never a host the caller names. "
                    + "Ask /api/{region}/{path} with a region of \(names(regions)).",
                status: 400)
        }
        return GatewayRefusal(
            .unknownRegion, "\(segment.isEmpty ? "(none)" : segment) is not a region; ask /api/{region}/{path} with one of \(names(regions)).",
            status: 404)
    }

    private static func playerDataRefusal(region: Region) -> GatewayRefusal {
        GatewayRefusal(
            .playerData,
            "This is player data: the gateway serves game data only. Call \(region.apiBaseURL.absoluteString) "
                + "with the player's own token (from signing in at this relay) in an Authorization: Bearer header.",
            status: 403)
    }

    /// Refuses `.` and `..` segments, empty ones, backslashes, encoded slashes, dots and control characters.
    private static func checkSegments(_ path: String) throws(GatewayRefusal) {
        let lowered = path.lowercased()
        let bad = ["%2f", "%5c", "%2e", "%00", "\\", "//"].contains { lowered.contains($0) }
            || path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().contains { $0 == "." || $0 == ".." }
            || path.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7f }
        guard !bad else {
            throw GatewayRefusal(
                .traversal,
                "The path may not hold . or .. segments, empty segments, backslashes or encoded slashes or dots; send the API path as Blizzard documents it.",
                status: 400)
        }
        if lowered.hasPrefix("/http:") || lowered.hasPrefix("/https:") {
            throw GatewayRefusal(
                .foreignHost, "The gateway calls Blizzard's API host of the region, never a URL the caller names.", status: 400)
        }
    }

    private static func namespace(in query: String) -> String? {
        for pair in query.split(separator: "&") where pair.hasPrefix("namespace=") {
            return String(pair.dropFirst(10)).removingPercentEncoding
        }
        return nil
    }

    private static func names(_ regions: [Region]) -> String {
        regions.map(\.rawValue).joined(separator: ", ")
    }
}
