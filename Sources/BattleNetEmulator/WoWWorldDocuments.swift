import Foundation

/// World of Warcraft's game data made up for the emulator's own realms (`GeneratedWoW.realms`), in the recordings'
/// key order: realms and connected realms (one realm each, its id the realm's), and a connected realm's auctions.
struct WoWWorldDocuments {
    let game: EmulatorWoWGame
    let region: String

    /// How many auctions a generated connected realm has.
    static let auctionCount = 10_000

    private static let regions: [String: (id: Int, name: String, locale: String, timezone: String)] = [
        "us": (1, "North America", "enUS", "America/New_York"), "kr": (2, "Korea", "koKR", "Asia/Seoul"),
        "eu": (3, "Europe", "enGB", "Europe/Paris"), "tw": (4, "Taiwan", "zhTW", "Asia/Taipei"),
        "cn": (5, "China", "zhCN", "Asia/Shanghai"),
    ]

    var realms: [EmulatorWoWRealm] { GeneratedWoW.realms[game] ?? [] }

    private func href(_ path: String) -> OrderedJSON {
        .object([("href", .string("https://\(region).api.blizzard.com/\(path)?namespace=\(game.dynamicNamespace(region))"))])
    }

    /// `GET /data/wow/realm/index`.
    func realmIndex() -> OrderedJSON {
        .object([
            ("_links", .object([("self", href("data/wow/realm/"))])),
            ("realms", .array(realms.map { realm in
                .object([
                    ("key", href("data/wow/realm/\(realm.id)")), ("name", .string(realm.name)), ("id", .number(realm.id)),
                    ("slug", .string(realm.slug)),
                ])
            })),
        ])
    }

    /// `GET /data/wow/realm/{slug}` (with `_links`), or a realm inside its connected realm (without).
    func realm(_ realm: EmulatorWoWRealm, links: Bool = true) -> OrderedJSON {
        let place = Self.regions[region] ?? Self.regions["us"]!
        let fields: [(String, OrderedJSON)] = [
            ("id", .number(realm.id)),
            ("region", .object([
                ("key", href("data/wow/region/\(place.id)")), ("name", .string(place.name)), ("id", .number(place.id)),
            ])),
            ("connected_realm", href("data/wow/connected-realm/\(realm.connectedRealmID)")),
            ("name", .string(realm.name)), ("category", .string("English")), ("locale", .string(place.locale)),
            ("timezone", .string(place.timezone)), ("type", .object([("type", "NORMAL"), ("name", "Normal")])),
            ("is_tournament", .bool(false)), ("slug", .string(realm.slug)),
        ]
        let link: [(String, OrderedJSON)] = [("_links", .object([("self", href("data/wow/realm/\(realm.id)"))]))]
        return .object((links ? link : []) + fields)
    }

    /// `GET /data/wow/connected-realm/index`.
    func connectedRealmIndex() -> OrderedJSON {
        .object([
            ("_links", .object([("self", href("data/wow/connected-realm/"))])),
            ("connected_realms", .array(realms.map { href("data/wow/connected-realm/\($0.id)") })),
        ])
    }

    /// `GET /data/wow/connected-realm/{id}`: up; the first realm of a game full with a queue, the others medium.
    func connectedRealm(_ realm: EmulatorWoWRealm) -> OrderedJSON {
        let full = realm == realms.first
        let population = full ? ("FULL", "Full") : ("MEDIUM", "Medium")
        return .object([
            ("_links", .object([("self", href("data/wow/connected-realm/\(realm.connectedRealmID)"))])),
            ("id", .number(realm.connectedRealmID)), ("has_queue", .bool(full)),
            ("status", .object([("type", "UP"), ("name", "Up")])),
            ("population", .object([("type", .string(population.0)), ("name", .string(population.1))])),
            ("realms", .array([self.realm(realm, links: false)])),
            ("mythic_leaderboards", href("data/wow/connected-realm/\(realm.connectedRealmID)/mythic-leaderboard/")),
        ])
    }

    /// `GET /data/wow/connected-realm/{id}/auctions`: ``auctionCount`` auctions in the recorded shape (items with
    /// and without bonus lists and modifiers, some with a bid, stacks of trade goods), the same on every call.
    func auctions(_ realm: EmulatorWoWRealm) -> Data {
        let items = [19019, 82800, 36131, 67127, 171_276, 190_320, 194_820, 200_686]
        let times = ["SHORT", "MEDIUM", "LONG", "VERY_LONG"]
        var text = #"{"_links":{"self":{"href":"https://\#(region).api.blizzard.com/data/wow/connected-realm/\#(realm.id)/auctions?namespace=\#(game.dynamicNamespace(region))"}},"connected_realm":{"href":"https://\#(region).api.blizzard.com/data/wow/connected-realm/\#(realm.id)?namespace=\#(game.dynamicNamespace(region))"},"auctions":["#
        text.reserveCapacity(Self.auctionCount * 150)
        var seed = UInt64(realm.id)
        for index in 0..<Self.auctionCount {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let random = Int(seed >> 33)
            let item = items[random % items.count]
            var entry = #"{"id":\#(400_000_000 + realm.id * 100_000 + index),"item":{"id":\#(item),"context":\#(random % 40)"#
            if random % 3 == 0 { entry += #","bonus_lists":[\#(6_600 + random % 100),\#(1_400 + random % 300)]"# }
            if random % 2 == 0 { entry += #","modifiers":[{"type":9,"value":\#(10 + random % 70)}]"# }
            entry += "}"
            let buyout = Int64(1 + random % 50_000) * 100
            if random % 4 == 0 { entry += #","bid":\#(buyout / 2)"# }
            entry += #","buyout":\#(buyout),"quantity":\#(random % 5 == 0 ? 1 + random % 200 : 1),"time_left":"\#(times[random % 4])"}"#
            text += (index == 0 ? "" : ",") + entry
        }
        text += "]}"
        return Data(text.utf8)
    }
}
