import Foundation

/// The World of Warcraft answers of one request, in Blizzard's key order: hrefs on
/// `https://{region}.api.blizzard.com` with the request's namespaces, and every `name` as a map of the 12 locales
/// when the request named no locale (the emulator has English names only, so each locale carries the English text).
struct WoWDocuments {
    let game: EmulatorWoWGame
    let region: String
    let localized: Bool

    static let locales = [
        "en_US", "es_MX", "pt_BR", "de_DE", "en_GB", "es_ES", "fr_FR", "it_IT", "ru_RU", "ko_KR", "zh_TW", "zh_CN",
    ]

    private var host: String { "https://\(region).api.blizzard.com" }

    func name(_ text: String) -> OrderedJSON {
        localized ? .object(Self.locales.map { ($0, .string(text)) }) : .string(text)
    }

    func href(_ path: String, namespace: String? = nil) -> OrderedJSON {
        .object([("href", .string(host + "/" + path + (namespace.map { "?namespace=\($0)" } ?? "")))])
    }

    private func profileHref(_ path: String) -> OrderedJSON { href(path, namespace: game.profileNamespace(region)) }
    private func staticKey(_ path: String) -> OrderedJSON { href(path, namespace: game.staticNamespace(region)) }

    /// `_links` of an account answer: self, user, profile.
    private func accountLinks(_ path: String) -> (String, OrderedJSON) {
        ("_links", .object([
            ("self", profileHref(path)), ("user", href("profile/user")), ("profile", profileHref("profile/user/wow")),
        ]))
    }

    private func reference(_ path: String, _ id: Int, _ text: String) -> OrderedJSON {
        .object([("key", staticKey("\(path)/\(id)")), ("name", name(text)), ("id", .number(id))])
    }

    private func realm(_ realm: EmulatorWoWRealm) -> OrderedJSON {
        .object([
            ("key", href("data/wow/realm/\(realm.id)", namespace: game.dynamicNamespace(region))),
            ("name", name(realm.name)), ("id", .number(realm.id)), ("slug", .string(realm.slug)),
        ])
    }

    private func typed(_ type: String) -> OrderedJSON {
        .object([("type", .string(type)), ("name", name(String(type.prefix(1)) + type.dropFirst().lowercased()))])
    }

    private func characterPath(_ character: EmulatorWoWCharacter) -> String {
        "profile/wow/character/\(character.realm.slug)/\(character.name.lowercased())"
    }

    private func faction(_ character: EmulatorWoWCharacter) -> String {
        GeneratedWoW.races[character.raceID]?.faction ?? "NEUTRAL"
    }

    /// `GET /profile/user/wow`.
    func accountProfile(accountID: Int, account: EmulatorWoWAccount) -> OrderedJSON {
        .object([
            accountLinks("profile/user/wow"),
            ("id", .number(accountID)),
            ("wow_accounts", .array(account.licences.map { licence in
                .object([("id", .number(licence.id)), ("characters", .array(licence.characters.map { character in
                    .object([
                        ("character", profileHref(characterPath(character))),
                        ("protected_character", profileHref(
                            "profile/user/wow/protected-character/\(character.realm.id)-\(character.id)")),
                        ("name", .string(character.name)), ("id", .number(character.id)),
                        ("realm", realm(character.realm)),
                        ("playable_class", reference(
                            "data/wow/playable-class", character.classID, GeneratedWoW.classes[character.classID] ?? "")),
                        ("playable_race", reference(
                            "data/wow/playable-race", character.raceID, GeneratedWoW.races[character.raceID]?.name ?? "")),
                        ("gender", typed(character.gender)), ("faction", typed(faction(character))),
                        ("level", .number(character.level)),
                    ])
                }))])
            })),
            ("collections", profileHref("profile/user/wow/collections")),
        ])
    }

    /// `GET /profile/user/wow/protected-character/{realmId}-{characterId}`.
    func protectedCharacter(_ character: EmulatorWoWCharacter, licence: Int) -> OrderedJSON {
        let position: (String, Int, Double) -> OrderedJSON = { zone, id, x in
            .object([
                ("zone", .object([("name", name(zone)), ("id", .number(id))])),
                ("map", .object([("name", name("Khaz Algar")), ("id", 2552)])),
                ("x", .double(x)), ("y", .double(-594.15985)), ("z", .double(28.691963)), ("facing", .double(0.8178539)),
            ])
        }
        let deaths = Int64(character.level * 7)
        return .object([
            accountLinks("profile/user/wow/protected-character/\(character.realm.id)-\(character.id)"),
            ("id", .number(character.id)), ("name", .string(character.name)), ("money", .int(character.money)),
            ("character", .object([
                ("key", profileHref(characterPath(character))), ("name", .string(character.name)),
                ("id", .number(character.id)), ("realm", realm(character.realm)),
            ])),
            ("protected_stats", .object([
                ("total_number_deaths", .int(deaths)), ("total_gold_gained", .int(character.money * 7)),
                ("total_gold_lost", .int(character.money * 6)), ("total_item_value_gained", .int(character.money * 2)),
                ("level_number_deaths", .int(deaths / 10)), ("level_gold_gained", .int(character.money)),
                ("level_gold_lost", .int(character.money / 2)), ("level_item_value_gained", .int(character.money / 3)),
            ])),
            ("position", position("Dornogal", 14771, 1158.7345)),
            ("bind_position", position("Foundation Hall", 14772, 1184.1769)),
            ("wow_account", .number(licence)),
        ])
    }

    /// `GET /profile/user/wow/collections`: a link for each collection this game has.
    func collectionsIndex(_ account: EmulatorWoWAccount) -> OrderedJSON {
        let kinds = game == .retail ? ["pets", "mounts", "heirlooms", "toys", "transmogs"] : ["pets", "mounts"]
        return .object([accountLinks("profile/user/wow/collections")]
            + kinds.map { ($0, profileHref("profile/user/wow/collections/\($0)")) })
    }

    /// `GET /profile/user/wow/collections/{kind}`, nil for a kind this game does not have.
    func collection(_ kind: String, _ account: EmulatorWoWAccount) -> OrderedJSON? {
        let links = accountLinks("profile/user/wow/collections/\(kind)")
        func favorite(_ entry: EmulatorWoWAccount.Collectible) -> [(String, OrderedJSON)] {
            entry.favorite ? [("is_favorite", .bool(true))] : []
        }
        switch kind {
        case "mounts":
            return .object([links, ("mounts", .array(account.mounts.map {
                .object([("mount", reference("data/wow/mount", $0.id, $0.name))] + favorite($0))
            }))])
        case "pets":
            let pets: [OrderedJSON] = account.pets.enumerated().map { index, pet in
                var fields: [(String, OrderedJSON)] = [
                    ("species", reference("data/wow/pet", pet.id, pet.name)), ("level", .number(pet.level)),
                    ("quality", typed(index == 3 ? "RARE" : "UNCOMMON")),
                    ("stats", .object([
                        ("breed_id", .number(7 + index)), ("health", .number(150 + pet.level * 50)),
                        ("power", .number(10 + pet.level * 8)), ("speed", .number(10 + pet.level * 10)),
                    ])),
                ]
                if pet.favorite { fields += [("is_active", .bool(true)), ("active_slot", .number(0))] }
                fields.append(("creature_display", .object([
                    ("key", staticKey("data/wow/media/creature-display/\(16189 + index)")), ("id", .number(16189 + index)),
                ])))
                fields.append(("id", .number(57_110_618 + index)))
                return .object(fields)
            }
            return .object([links, ("pets", .array(pets)), ("unlocked_battle_pet_slots", .number(3))])
        case "toys" where game == .retail:
            return .object([links, ("toys", .array(account.toys.map {
                .object([("toy", reference("data/wow/toy", $0.id, $0.name))] + favorite($0))
            }))])
        case "heirlooms" where game == .retail:
            return .object([links, ("heirlooms", .array(account.heirlooms.map {
                .object([
                    ("heirloom", reference("data/wow/heirloom", $0.id, $0.name)),
                    ("upgrade", .object([("level", .number($0.level))])),
                ])
            }))])
        case "transmogs" where game == .retail:
            let slots: [(String, String, [Int])] = [
                ("HEAD", "Head", [1012, 1013]), ("SHOULDER", "Shoulder", [2201]), ("WEAPONMAINHAND", "Main Hand", [70001]),
            ]
            return .object([
                links,
                ("appearance_sets", .array(account.appearanceSets.map {
                    reference("data/wow/item-appearance/set", $0.id, $0.name)
                })),
                ("slots", .array(slots.map { slot, title, ids in
                    .object([
                        ("slot", .object([("type", .string(slot)), ("name", name(title))])),
                        ("appearances", .array(ids.map {
                            .object([("key", staticKey("data/wow/item-appearance/\($0)")), ("id", .number($0))])
                        })),
                    ])
                })),
            ])
        default:
            return nil
        }
    }

    /// `GET /profile/wow/character/{realmSlug}/{characterName}`: the public summary (its links have only `self`).
    func characterProfile(_ character: EmulatorWoWCharacter) -> OrderedJSON {
        let className = GeneratedWoW.classes[character.classID] ?? ""
        return .object([
            ("_links", .object([("self", profileHref(characterPath(character)))])),
            ("id", .number(character.id)), ("name", .string(character.name)),
            ("gender", typed(character.gender)), ("faction", typed(faction(character))),
            ("race", reference("data/wow/playable-race", character.raceID,
                               GeneratedWoW.races[character.raceID]?.name ?? "")),
            ("character_class", reference("data/wow/playable-class", character.classID, className)),
            ("realm", realm(character.realm)),
            ("level", .number(character.level)), ("experience", .number(character.level == 80 ? 0 : 1234)),
            ("achievement_points", .number(character.level * 150)),
            ("last_login_timestamp", .int(1_732_000_000_000 + Int64(character.id % 1000) * 60_000)),
            ("average_item_level", .number(character.level * 7 / 2)),
            ("equipped_item_level", .number(character.level * 7 / 2 - 1)),
            ("collections", profileHref(characterPath(character) + "/collections")),
        ])
    }
}
