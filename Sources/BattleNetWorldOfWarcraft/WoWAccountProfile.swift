import Foundation

/// The account profile summary, `GET /profile/user/wow` (scope `wow.profile`): every World of Warcraft licence of
/// the signed-in account and the characters on each.
public struct WoWAccountProfile: Codable, Hashable, Sendable {
    /// `self`, `user` and `profile`.
    public var links: WoWLinks?
    /// The Battle.net account id.
    public var id: Int
    /// One entry per game licence (WoW1, WoW2, …); read them all, not only the first.
    public var wowAccounts: [WoWAccount]
    /// The account's collections index.
    public var collections: WoWLink?

    /// Creates a summary.
    public init(links: WoWLinks? = nil, id: Int, wowAccounts: [WoWAccount] = [], collections: WoWLink? = nil) {
        self.links = links
        self.id = id
        self.wowAccounts = wowAccounts
        self.collections = collections
    }

    /// Every character of every licence, in the answer's order.
    public var characters: [WoWAccountCharacter] {
        wowAccounts.flatMap(\.characters)
    }

    enum CodingKeys: String, CodingKey {
        case links = "_links", id, wowAccounts = "wow_accounts", collections
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        links = try container.decodeIfPresent(WoWLinks.self, forKey: .links)
        id = try container.decodeIfPresent(Int.self, forKey: .id) ?? 0
        wowAccounts = try container.decodeIfPresent([WoWAccount].self, forKey: .wowAccounts) ?? []
        collections = try container.decodeIfPresent(WoWLink.self, forKey: .collections)
    }
}

/// One World of Warcraft game licence of an account.
public struct WoWAccount: Codable, Hashable, Sendable {
    /// The licence id (a protected character's `wow_account`).
    public var id: Int
    /// Its characters.
    public var characters: [WoWAccountCharacter]

    /// Creates a licence.
    public init(id: Int, characters: [WoWAccountCharacter] = []) {
        self.id = id
        self.characters = characters
    }

    enum CodingKeys: String, CodingKey {
        case id, characters
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        characters = try container.decodeIfPresent([WoWAccountCharacter].self, forKey: .characters) ?? []
    }
}

/// A character as the account summary lists it.
public struct WoWAccountCharacter: Codable, Hashable, Sendable {
    /// The public character profile.
    public var character: WoWLink?
    /// The protected character summary.
    public var protectedCharacter: WoWLink?
    /// The name.
    public var name: String
    /// The character id.
    public var id: Int
    /// The realm.
    public var realm: WoWRealmReference
    /// The class.
    public var playableClass: WoWReference?
    /// The race.
    public var playableRace: WoWReference?
    /// The gender.
    public var gender: WoWGender?
    /// The faction.
    public var faction: WoWFaction?
    /// The level; 0 for a character that was never logged in since a rename or transfer.
    public var level: Int

    /// Creates a character entry.
    public init(
        character: WoWLink? = nil, protectedCharacter: WoWLink? = nil, name: String, id: Int,
        realm: WoWRealmReference, playableClass: WoWReference? = nil, playableRace: WoWReference? = nil,
        gender: WoWGender? = nil, faction: WoWFaction? = nil, level: Int = 0
    ) {
        self.character = character
        self.protectedCharacter = protectedCharacter
        self.name = name
        self.id = id
        self.realm = realm
        self.playableClass = playableClass
        self.playableRace = playableRace
        self.gender = gender
        self.faction = faction
        self.level = level
    }

    /// The `{realmId}-{characterId}` of the protected character path, from the ids (not from the href, which some
    /// answers spelled `126-lu`).
    public var protectedCharacterID: String { "\(realm.id)-\(id)" }

    enum CodingKeys: String, CodingKey {
        case character, protectedCharacter = "protected_character", name, id, realm
        case playableClass = "playable_class", playableRace = "playable_race", gender, faction, level
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        character = try container.decodeIfPresent(WoWLink.self, forKey: .character)
        protectedCharacter = try container.decodeIfPresent(WoWLink.self, forKey: .protectedCharacter)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        id = try container.decode(Int.self, forKey: .id)
        realm = try container.decode(WoWRealmReference.self, forKey: .realm)
        playableClass = try container.decodeIfPresent(WoWReference.self, forKey: .playableClass)
        playableRace = try container.decodeIfPresent(WoWReference.self, forKey: .playableRace)
        gender = try container.decodeIfPresent(WoWGender.self, forKey: .gender)
        faction = try container.decodeIfPresent(WoWFaction.self, forKey: .faction)
        level = try container.decodeIfPresent(Int.self, forKey: .level) ?? 0
    }
}
