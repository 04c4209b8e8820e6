import Foundation

/// The World of Warcraft and StarCraft II data an emulator serves beside Diablo III's: recorded answers where
/// there are recordings (`Samples/SOURCES.md`), generated ones for every other account.
public struct EmulatorGames: Sendable {
    /// World of Warcraft accounts by Battle.net account id and game; an account or game not listed gets
    /// generated data (two retail licences, characters on several realms, collections; Classic and Classic Era).
    public var wow: [Int: [EmulatorWoWGame: EmulatorWoWAccount]]
    /// Recorded `GET /sc2/player/{accountId}` answers by account id; other known accounts get generated profiles.
    public var sc2Players: [Int: Data]
    /// Recorded `GET /sc2/profile/{regionId}/{realmId}/{profileId}` answers by `regionId/realmId/profileId`.
    public var sc2Profiles: [String: Data]

    /// Creates game data.
    public init(
        wow: [Int: [EmulatorWoWGame: EmulatorWoWAccount]] = [:], sc2Players: [Int: Data] = [:],
        sc2Profiles: [String: Data] = [:]
    ) {
        self.wow = wow
        self.sc2Players = sc2Players
        self.sc2Profiles = sc2Profiles
    }

    /// The account id of the recorded World of Warcraft account (ArgentPonyWarcraftClient's fixtures, 2020).
    public static let recordedWoWAccountID = 1_142_637
    /// The account id of the recorded StarCraft II account lookup (rbattlenet's cassette, 2019).
    public static let recordedSC2AccountID = 2_137_104

    /// The recorded answers: the WoW account of ``recordedWoWAccountID`` (its summary, collections index, mounts
    /// and pets, and the protected character 1262-107811065, byte for byte; toys, heirlooms and transmogs are
    /// generated, having no recording), and the StarCraft II lookup of ``recordedSC2AccountID`` with the profile
    /// 2/1/2137104. Built once.
    public static func recorded() -> EmulatorGames {
        standard
    }

    private static let standard: EmulatorGames = {
        var games = EmulatorGames()
        if let summary = try? EmulatorSamples.data(named: EmulatorSamples.wowAccountProfile) {
            var account = GeneratedWoW.account(accountID: recordedWoWAccountID, game: .retail)
            account.licences = RecordedWoW.licences(fromAccountProfile: summary)
            account.recorded[""] = summary
            let recorded: [(String, String)] = [
                ("collections", EmulatorSamples.wowCollections), ("collections/mounts", EmulatorSamples.wowMounts),
                ("collections/pets", EmulatorSamples.wowPets),
                ("protected-character/1262-107811065", EmulatorSamples.wowProtectedCharacter),
            ]
            for (path, name) in recorded {
                account.recorded[path] = try? EmulatorSamples.data(named: name)
            }
            games.wow[recordedWoWAccountID] = [.retail: account]
        }
        games.sc2Players[recordedSC2AccountID] = try? EmulatorSamples.data(named: EmulatorSamples.sc2Player)
        games.sc2Profiles["2/1/2137104"] = try? EmulatorSamples.data(named: EmulatorSamples.sc2Profile)
        return games
    }()

    /// The account's data for a game: the configured one, else generated.
    func wowAccount(accountID: Int, game: EmulatorWoWGame) -> EmulatorWoWAccount {
        wow[accountID]?[game] ?? GeneratedWoW.account(accountID: accountID, game: game)
    }
}

/// Reads a recorded account summary back into licences and characters, so that the characters it lists have
/// protected and public profiles too.
enum RecordedWoW {
    static func licences(fromAccountProfile data: Data) -> [(id: Int, characters: [EmulatorWoWCharacter])] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let accounts = object["wow_accounts"] as? [[String: Any]]
        else { return [] }
        return accounts.map { account in
            let characters = (account["characters"] as? [[String: Any]] ?? []).compactMap { entry -> EmulatorWoWCharacter? in
                guard let name = entry["name"] as? String, let id = entry["id"] as? Int,
                    let realm = entry["realm"] as? [String: Any], let realmID = realm["id"] as? Int,
                    let slug = realm["slug"] as? String
                else { return nil }
                func reference(_ key: String) -> Int { (entry[key] as? [String: Any])?["id"] as? Int ?? 0 }
                return EmulatorWoWCharacter(
                    name: name, id: id, realm: EmulatorWoWRealm(id: realmID, slug: slug, name: realm["name"] as? String ?? slug),
                    classID: reference("playable_class"), raceID: reference("playable_race"),
                    gender: (entry["gender"] as? [String: Any])?["type"] as? String ?? "MALE",
                    level: entry["level"] as? Int ?? 0, money: 0)
            }
            return (account["id"] as? Int ?? 0, characters)
        }
    }
}
