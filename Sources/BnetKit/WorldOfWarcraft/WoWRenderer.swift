import BattleNet
import BattleNetWorldOfWarcraft
import Foundation

/// Renders World of Warcraft account data as text: the characters of every licence, a character's protected and
/// public summaries, and the collections. Every text from Battle.net goes through ``TerminalText/line(_:)``.
public struct WoWRenderer: TextRenderer {
    /// How it lays text out.
    public var format: TextFormat

    /// Creates a renderer; plain text, UTC dates and 100 columns by default.
    public init(_ format: TextFormat = TextFormat()) {
        self.format = format
    }

    /// Every character of every licence: a table per licence (realm, name, level, class, race, faction).
    public func characters(_ profile: WoWAccountProfile, game: String) -> String {
        let count = profile.characters.count
        var lines = [style.bold("\(count) \(count == 1 ? "character" : "characters") on "
            + "\(profile.wowAccounts.count) \(profile.wowAccounts.count == 1 ? "licence" : "licences") (\(game))")]
        for (index, account) in profile.wowAccounts.enumerated() {
            lines += ["", style.cyan("Licence WoW\(index + 1) (id \(account.id))")]
            guard !account.characters.isEmpty else {
                lines.append("  no characters")
                continue
            }
            var table = TextTable(headers: ["Realm", "Name", "Level", "Class", "Race", "Faction"], rightAligned: [2])
            table.rows = account.characters.map { character in
                [
                    character.realm.name?.text() ?? character.realm.slug, character.name, String(character.level),
                    character.playableClass?.name?.text() ?? "", character.playableRace?.name?.text() ?? "",
                    character.faction?.name?.text() ?? character.faction?.type.rawValue ?? "",
                ]
            }
            lines += table.render(indent: "  ", width: width, headerStyle: style.dim)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A character: the public summary's level, class and item level, then the protected summary's money, deaths
    /// and location.
    public func character(_ protected: WoWProtectedCharacter?, public profile: WoWCharacterProfile?) -> String {
        let name = profile?.name ?? protected?.name ?? ""
        let realm = profile?.realm?.name?.text() ?? protected?.character?.realm?.name?.text() ?? ""
        var lines = [style.bold(style.cyan(TerminalText.line(realm.isEmpty ? name : "\(name) on \(realm)")))]
        var fields: [(String, String)] = []
        if let profile {
            let who = [profile.race?.name?.text(), profile.characterClass?.name?.text()].compactMap { $0 }
            fields.append(("Level", "\(profile.level) " + who.joined(separator: " ")))
            if let faction = profile.faction { fields.append(("Faction", faction.name?.text() ?? faction.type.rawValue)) }
            if let guild = profile.guild?.name?.text() { fields.append(("Guild", guild)) }
            if let itemLevel = profile.equippedItemLevel { fields.append(("Item level", "\(itemLevel) equipped")) }
            if let points = profile.achievementPoints { fields.append(("Achievements", Formatting.grouped(points))) }
            if let login = profile.lastLogin { fields.append(("Last login", Formatting.minute(login, timeZone: timeZone))) }
        }
        if let protected {
            if let money = protected.money { fields.append(("Money", Self.gold(money))) }
            if let deaths = protected.protectedStats?.totalNumberDeaths {
                fields.append(("Deaths", Formatting.grouped(Int(deaths))))
            }
            if let zone = protected.position?.zone?.name?.text() {
                let map = protected.position?.map?.name?.text()
                fields.append(("Location", zone + (map.map { ", \($0)" } ?? "")))
            }
            if let bind = protected.bindPosition?.zone?.name?.text() { fields.append(("Hearthstone", bind)) }
            if let licence = protected.wowAccount { fields.append(("Licence id", String(licence))) }
        }
        lines += fields.map { "  " + Formatting.padded($0.0, to: 14) + TerminalText.line($0.1) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Copper as `146,669g 16s 88c`.
    public static func gold(_ copper: Int64) -> String {
        "\(Formatting.grouped(Int(copper / 10_000)))g \(copper / 100 % 100)s \(copper % 100)c"
    }

    /// A collection: its count, then one line per entry (favourites marked with `*`).
    public func collection(_ title: String, entries: [(name: String, detail: String, favorite: Bool)]) -> String {
        var lines = [style.bold("\(entries.count) \(title)")]
        let table = entries.map { entry in
            "  " + (entry.favorite ? style.yellow("*") : " ") + " " + TerminalText.line(entry.name)
                + (entry.detail.isEmpty ? "" : "  " + style.dim(TerminalText.line(entry.detail)))
        }
        lines += table
        return lines.joined(separator: "\n") + "\n"
    }

    /// The mounts.
    public func mounts(_ collection: WoWMountCollection) -> String {
        self.collection("mounts", entries: collection.mounts.map {
            ($0.mount.name?.text() ?? "mount \($0.mount.id)", "", $0.isFavorite == true)
        })
    }

    /// The battle pets, with level, quality and nickname.
    public func pets(_ collection: WoWPetCollection) -> String {
        self.collection("pets", entries: collection.pets.map { pet in
            let detail = ["level \(pet.level ?? 0)", pet.quality?.name?.text(), pet.name.map { "\"\($0)\"" },
                          pet.activeSlot.map { "battle slot \($0 + 1)" }].compactMap { $0 }
            return (pet.species.name?.text() ?? "species \(pet.species.id)", detail.joined(separator: ", "),
                    pet.isFavorite == true)
        })
    }

    /// The toys.
    public func toys(_ collection: WoWToyCollection) -> String {
        self.collection("toys", entries: collection.toys.map {
            ($0.toy.name?.text() ?? "toy \($0.toy.id)", "", $0.isFavorite == true)
        })
    }

    /// The heirlooms with their upgrade level.
    public func heirlooms(_ collection: WoWHeirloomCollection) -> String {
        self.collection("heirlooms", entries: collection.heirlooms.map {
            ($0.heirloom.name?.text() ?? "heirloom \($0.heirloom.id)",
             $0.upgrade.map { "upgrade \($0.level)" } ?? "", false)
        })
    }

    /// The transmog appearance sets, then the appearance count per slot.
    public func transmogs(_ collection: WoWTransmogCollection) -> String {
        var text = self.collection("appearance sets", entries: collection.appearanceSets.map {
            ($0.name?.text() ?? "set \($0.id)", "", false)
        })
        text += self.collection("appearances", entries: collection.slots.map {
            ($0.slot.name?.text() ?? $0.slot.type.rawValue, "\($0.appearances.count)", false)
        })
        return text
    }
}
