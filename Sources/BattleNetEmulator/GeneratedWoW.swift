import Foundation

/// World of Warcraft data the emulator makes up for accounts that have no recording: several licences,
/// characters on several realms, and collections, all derived from the account id so that every run serves the
/// same answers. Names of classes, races, mounts and pets are the game's own.
enum GeneratedWoW {
    /// Playable classes by id.
    static let classes: [Int: String] = [
        1: "Warrior", 2: "Paladin", 3: "Hunter", 4: "Rogue", 5: "Priest", 6: "Death Knight", 7: "Shaman", 8: "Mage",
        9: "Warlock", 10: "Monk", 11: "Druid", 12: "Demon Hunter", 13: "Evoker",
    ]

    /// Playable races by id, with their faction.
    static let races: [Int: (name: String, faction: String)] = [
        1: ("Human", "ALLIANCE"), 2: ("Orc", "HORDE"), 3: ("Dwarf", "ALLIANCE"), 4: ("Night Elf", "ALLIANCE"),
        5: ("Undead", "HORDE"), 6: ("Tauren", "HORDE"), 7: ("Gnome", "ALLIANCE"), 8: ("Troll", "HORDE"),
        10: ("Blood Elf", "HORDE"), 11: ("Draenei", "ALLIANCE"), 52: ("Dracthyr", "ALLIANCE"),
    ]

    static let realms: [EmulatorWoWGame: [EmulatorWoWRealm]] = [
        .retail: [
            EmulatorWoWRealm(id: 1084, slug: "tarren-mill", name: "Tarren Mill"),
            EmulatorWoWRealm(id: 3674, slug: "twisting-nether", name: "Twisting Nether"),
            EmulatorWoWRealm(id: 1303, slug: "aggra-portugues", name: "Aggra (Português)"),
        ],
        .classic: [EmulatorWoWRealm(id: 4440, slug: "everlook", name: "Everlook")],
        .classicEra: [
            EmulatorWoWRealm(id: 5220, slug: "firemaw", name: "Firemaw"),
            EmulatorWoWRealm(id: 5233, slug: "thunderstrike", name: "Thunderstrike"),
        ],
        .classicAnniversary: [
            EmulatorWoWRealm(id: 6103, slug: "dreamscythe", name: "Dreamscythe"),
            EmulatorWoWRealm(id: 6104, slug: "nightslayer", name: "Nightslayer"),
        ],
    ]

    private static let names = ["Brann", "Aelyth", "Moira", "Thrall", "Zuljin", "Jaina", "Rokhan", "Valeera"]

    /// The characters per licence for a game: retail has two licences (WoW1 with characters on several realms,
    /// WoW2 with one, not logged in since a rename: level 0), Classic one, Classic Era one with two realms, the
    /// Anniversary realms one.
    static func account(accountID: Int, game: EmulatorWoWGame) -> EmulatorWoWAccount {
        let realms = realms[game] ?? []
        let seed = accountID % 100_000
        func character(_ index: Int, realm: Int, level: Int) -> EmulatorWoWCharacter {
            let raceIDs = [1, 2, 4, 6, 10, 11, 3, 5]
            let classIDs = [2, 7, 11, 3, 8, 1, 5, 9]
            let name = names[(seed + index) % names.count] + (index >= names.count ? "\(index)" : "")
            return EmulatorWoWCharacter(
                name: name, id: 100_000_000 + seed * 100 + index * 7 + (game == .retail ? 0 : 50),
                realm: realms[realm % realms.count], classID: classIDs[index % classIDs.count],
                raceID: raceIDs[index % raceIDs.count], gender: index % 2 == 0 ? "FEMALE" : "MALE", level: level,
                money: Int64(1_466_691_688 / (index + 1)))
        }
        let licence = 20_000_000 + seed * 10
        switch game {
        case .retail:
            return EmulatorWoWAccount(
                licences: [
                    (licence + 1, [character(0, realm: 0, level: 80), character(1, realm: 1, level: 70),
                                   character(2, realm: 0, level: 12)]),
                    (licence + 2, [character(3, realm: 2, level: 0)]),
                ],
                mounts: [
                    .init(id: 6, name: "Brown Horse"), .init(id: 9, name: "Black Stallion"),
                    .init(id: 1239, name: "X-995 Mechanocat", favorite: true),
                    .init(id: 1240, name: "Obsidian Worldbreaker", favorite: true),
                    .init(id: 1253, name: "Scrapforged Mechaspider"), .init(id: 1792, name: "Algarian Stormrider"),
                ],
                pets: [
                    .init(id: 202, name: "Baby Blizzard Bear", level: 1), .init(id: 78, name: "Crimson Snake", level: 1),
                    .init(id: 730, name: "Tolai Hare Pup", favorite: true, level: 23),
                    .init(id: 1922, name: "Lurking Owl Kitten", level: 25),
                ],
                toys: [
                    .init(id: 1131, name: "Hearthstone Board"), .init(id: 243, name: "Toy Train Set", favorite: true),
                    .init(id: 1001, name: "Brazier of Dancing Flames"),
                ],
                heirlooms: [
                    .init(id: 1, name: "Bloodied Arcanite Reaper", level: 4),
                    .init(id: 2, name: "Polished Spaulders of Valor", level: 0),
                ],
                appearanceSets: [.init(id: 1, name: "Battlegear of Wrath"), .init(id: 2, name: "Vestments of Prophecy")])
        case .classic:
            return EmulatorWoWAccount(
                licences: [(licence + 3, [character(4, realm: 0, level: 90)])],
                mounts: [.init(id: 6, name: "Brown Horse")])
        case .classicEra:
            return EmulatorWoWAccount(
                licences: [(licence + 4, [character(5, realm: 0, level: 60), character(6, realm: 1, level: 27)])])
        case .classicAnniversary:
            return EmulatorWoWAccount(licences: [(licence + 5, [character(7, realm: 0, level: 60)])])
        }
    }
}
