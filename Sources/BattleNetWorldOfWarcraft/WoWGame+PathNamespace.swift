import BattleNet

extension WoWGame {
    /// The game-data families Blizzard documents in the dynamic namespace (live state); every other `data/wow/`
    /// family is static (game files).
    static let dynamicFamilies: Set = [
        "auctions", "connected-realm", "mythic-keystone", "mythic-raid-leaderboard", "pvp-region", "pvp-season",
        "realm", "region", "token",
    ]

    /// The searches of live state; the other searches (items, creatures, media, mounts, spells) are static.
    static let dynamicSearches: Set = ["connected-realm", "realm"]

    /// The namespace Blizzard documents for a World of Warcraft path (without the leading `/`) in `region`:
    /// `profile-…` for `profile/…` and the guild paths, `dynamic-…` for live state (realms, connected realms, the
    /// auction house, the token, Mythic+ and PvP seasons and boards, realm searches), `static-…` for the other
    /// `data/wow/…` families; nil for a path of another game.
    public func namespace(forPath path: String, region: Region) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        if parts.first == "profile", parts.count > 1, parts[1] == "wow" || parts.dropFirst().prefix(2) == ["user", "wow"] {
            return profileNamespace(region)
        }
        guard parts.count >= 3, parts[0] == "data", parts[1] == "wow" else { return nil }
        if parts[2] == "guild" { return profileNamespace(region) }
        let dynamic = parts[2] == "search"
            ? parts.count > 3 && Self.dynamicSearches.contains(parts[3]) : Self.dynamicFamilies.contains(parts[2])
        return dynamic ? dynamicNamespace(region) : staticNamespace(region)
    }
}
