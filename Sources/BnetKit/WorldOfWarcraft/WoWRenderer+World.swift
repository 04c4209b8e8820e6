import BattleNetWorldOfWarcraft
import Foundation

/// World of Warcraft's game data: realms, the token, the auction house, Mythic+ leaderboards and affixes.
extension WoWRenderer {
    /// Every realm: name, slug, id, sorted by name.
    public func realms(_ index: WoWRealmIndex) -> String {
        var table = TextTable(headers: ["Realm", "Slug", "Id"], rightAligned: [2])
        table.rows = index.realms.map { [$0.name?.text() ?? $0.slug, $0.slug, String($0.id)] }
            .sorted { $0[0].lowercased() < $1[0].lowercased() }
        return ([style.bold("\(index.realms.count) realms")] + table.render(width: width, headerStyle: style.dim))
            .joined(separator: "\n") + "\n"
    }

    /// A realm and its connected realm: status, population, queue, its other realms.
    public func realm(_ realm: WoWRealm, connected: WoWConnectedRealm) -> String {
        let status = connected.status.map { $0.name?.text() ?? $0.type.rawValue } ?? "unknown"
        var fields = [("Status", status)]
        if let population = connected.population { fields.append(("Population", population.name?.text() ?? population.type.rawValue)) }
        if let queue = connected.hasQueue { fields.append(("Queue", queue ? "yes" : "no")) }
        if let type = realm.type { fields.append(("Type", type.name?.text() ?? type.type.rawValue)) }
        if let category = realm.category?.text() { fields.append(("Category", category)) }
        if let locale = realm.locale { fields.append(("Locale", locale)) }
        if let zone = realm.timezone { fields.append(("Time zone", zone)) }
        fields.append(("Connected", "\(connected.id): " + connected.realms.map { $0.name?.text() ?? $0.slug }.joined(separator: ", ")))
        return self.fields("\(realm.name?.text() ?? realm.slug) (\(realm.slug), id \(realm.id))", fields)
    }

    /// The token's price in gold, and when it was set.
    public func token(_ token: WoWTokenPrice) -> String {
        var fields = [("Price", Self.gold(token.price))]
        if let updated = token.lastUpdated { fields.append(("Updated", Formatting.minute(updated, timeZone: timeZone))) }
        return self.fields("WoW Token", fields)
    }

    /// The affixes: id and name.
    public func affixes(_ index: WoWKeystoneAffixIndex) -> String {
        var table = TextTable(headers: ["Id", "Affix"], rightAligned: [0])
        table.rows = index.affixes.map { [String($0.id), $0.name?.text() ?? ""] }
        return ([style.bold("\(index.affixes.count) Mythic+ affixes")] + table.render(width: width, headerStyle: style.dim))
            .joined(separator: "\n") + "\n"
    }

    /// A Mythic+ leaderboard: the week's affixes, then each group's rank, level, time and members.
    public func leaderboard(_ board: WoWMythicKeystoneLeaderboard) -> String {
        var fields: [(String, String)] = []
        if let period = board.period { fields.append(("Period", String(period))) }
        if let start = board.periodStartTimestamp, let end = board.periodEndTimestamp {
            fields.append(("Week", Formatting.day(Self.date(start), timeZone: timeZone) + " to "
                + Formatting.day(Self.date(end), timeZone: timeZone)))
        }
        if let affixes = board.keystoneAffixes, !affixes.isEmpty {
            fields.append(("Affixes", affixes.map { $0.keystoneAffix.name?.text() ?? String($0.keystoneAffix.id) }
                .joined(separator: ", ")))
        }
        var table = TextTable(headers: ["#", "Level", "Time", "Rating", "Members"], rightAligned: [0, 1, 2, 3], multiline: [4])
        table.rows = board.leadingGroups.map { group in
            [String(group.ranking), group.keystoneLevel.map(String.init) ?? "", group.duration.map(Self.duration) ?? "",
             group.mythicRating.map { String(format: "%.1f", $0.rating) } ?? "",
             (group.members ?? []).map { Self.who($0.profile) }.joined(separator: "\n")]
        }
        let title = (board.map?.name?.text() ?? board.name?.text() ?? "Mythic+ leaderboard")
            + ": \(board.leadingGroups.count) groups"
        return self.fields(title, fields, more: [""] + table.render(indent: "  ", width: width, headerStyle: style.dim))
    }

    /// One page of auctions: item, quantity, prices, time left.
    public func auctions(_ auctions: [WoWAuction], of total: Int, title: String, page: Int, pages: Int) -> String {
        var lines = [style.bold("\(Formatting.grouped(total)) auctions (\(title))"
            + (pages > 1 ? ", page \(page) of \(pages) (--page N)" : ""))]
        guard !auctions.isEmpty else { return lines[0] + "\n" }
        var table = TextTable(headers: ["Auction", "Item", "Quantity", "Unit price", "Buyout", "Bid", "Time left"],
            rightAligned: [0, 1, 2, 3, 4, 5])
        table.rows = auctions.map { auction in
            [String(auction.id), String(auction.item.id), String(auction.quantity),
             auction.unitPrice.map(Self.gold) ?? "", auction.buyout.map(Self.gold) ?? "", auction.bid.map(Self.gold) ?? "",
             (auction.timeLeft ?? "").replacingOccurrences(of: "_", with: " ").lowercased()]
        }
        lines += table.render(width: width, headerStyle: style.dim)
        return lines.joined(separator: "\n") + "\n"
    }
}
