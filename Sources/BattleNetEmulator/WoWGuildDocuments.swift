import Foundation

/// The guild each of the emulator's realms has, `Emulated Vanguard` (`emulated-vanguard`): every character of a
/// known account on the realm, the first its guild master, in the recorded roster's shape and key order.
struct WoWGuildDocuments {
    let documents: WoWDocuments

    static let name = "Emulated Vanguard"
    static let slug = "emulated-vanguard"

    private var region: String { documents.region }
    private var game: EmulatorWoWGame { documents.game }

    private func realm(_ realm: EmulatorWoWRealm, named: Bool) -> OrderedJSON {
        var fields: [(String, OrderedJSON)] = [
            ("key", documents.href("data/wow/realm/\(realm.id)", namespace: game.dynamicNamespace(region))),
        ]
        if named { fields.append(("name", documents.name(realm.name))) }
        return .object(fields + [("id", .number(realm.id)), ("slug", .string(realm.slug))])
    }

    private func staticKey(_ path: String, _ id: Int) -> OrderedJSON {
        .object([("key", documents.href("\(path)/\(id)", namespace: game.staticNamespace(region))), ("id", .number(id))])
    }

    /// `GET /data/wow/guild/{realmSlug}/emulated-vanguard/roster` (asked in the profile namespace).
    func roster(realm home: EmulatorWoWRealm, members: [EmulatorWoWCharacter]) -> OrderedJSON {
        let guildPath = "data/wow/guild/\(home.slug)/\(Self.slug)"
        let profile = game.profileNamespace(region)
        return .object([
            ("_links", .object([("self", documents.href(guildPath + "/roster", namespace: profile))])),
            ("guild", .object([
                ("key", documents.href(guildPath, namespace: profile)), ("name", .string(Self.name)),
                ("id", .number(70_000_000 + home.id)), ("realm", realm(home, named: true)),
            ])),
            ("members", .array(members.enumerated().map { index, character in
                .object([
                    ("character", .object([
                        ("name", .string(character.name)), ("id", .number(character.id)),
                        ("realm", realm(character.realm, named: false)), ("level", .number(character.level)),
                        ("playable_class", staticKey("data/wow/playable-class", character.classID)),
                        ("playable_race", staticKey("data/wow/playable-race", character.raceID)),
                    ])),
                    ("rank", .number(index == 0 ? 0 : 1 + index % 5)),
                ])
            })),
        ])
    }
}
