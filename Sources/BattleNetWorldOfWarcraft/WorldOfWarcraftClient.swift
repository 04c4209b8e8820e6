import BattleNet
import Foundation

/// The World of Warcraft endpoints about a player: the account profile summary (every licence and character),
/// protected characters, the account's collections (mounts, pets, toys, heirlooms, transmogs), and the public
/// character profile they link to; for retail, Classic and Classic Era.
///
/// The account endpoints need a player's token with the `wow.profile` scope (a sign-in through the relay, or
/// `PlayerSession`); an application token gets `BattleNetError.missingScope`.
///
/// ```swift
/// let wow = WorldOfWarcraftClient(region: .eu, tokens: session, transport: transport)
/// for character in try await wow.accountProfile().characters {
///     print(character.name, character.realm.slug, character.level)
/// }
/// let classic = WorldOfWarcraftClient(api: wow.api, version: .classicEra)
/// let anniversary = WorldOfWarcraftClient(api: wow.api, game: .classicAnniversary)
/// ```
public struct WorldOfWarcraftClient: Sendable {
    /// The scope of the account endpoints.
    public static let scope = "wow.profile"

    /// The generic client every endpoint goes through.
    public let api: BlizzardAPI
    /// Which game's namespaces are asked.
    public let game: WoWGame

    /// The profile namespace sent with each profile call, such as `profile-eu`.
    public var namespace: String { game.profileNamespace(api.region) }

    /// Creates a client. `apiBaseURL` overrides the region's API host (the emulator, a test server); without it, a
    /// client whose tokens are a `PlayerSession` calls the sandbox relay's API its player signed in at, if any.
    public init(
        region: Region, version: WoWGameVersion = .retail, locale: BattleNetLocale? = nil, apiBaseURL: URL? = nil,
        tokens: any AccessTokenSource, transport: any HTTPTransport, timeout: Duration = .seconds(10),
        maxResponseBytes: Int = 32 << 20, retry: RateLimitRetry = RateLimitRetry()
    ) {
        api = BlizzardAPI(
            region: region, locale: locale, apiBaseURL: apiBaseURL, tokens: tokens, transport: transport,
            timeout: timeout, maxResponseBytes: maxResponseBytes, retry: retry)
        game = WoWGame(version)
    }

    /// Creates a client on an existing generic client.
    public init(api: BlizzardAPI, version: WoWGameVersion = .retail) {
        self.init(api: api, game: WoWGame(version))
    }

    /// Creates a client of `game` (the Anniversary realms too) on an existing generic client.
    public init(api: BlizzardAPI, game: WoWGame) {
        self.api = api
        self.game = game
    }

    /// Every licence of the signed-in account and the characters on each.
    public func accountProfile() async throws -> WoWAccountProfile {
        try await get(.accountProfile, as: WoWAccountProfile.self)
    }

    /// A character of the signed-in account: money, deaths, gold, position.
    public func protectedCharacter(realmID: Int, characterID: Int) async throws -> WoWProtectedCharacter {
        try await get(.protectedCharacter(realmID: realmID, characterID: characterID), as: WoWProtectedCharacter.self)
    }

    /// The account's collections index.
    public func collections() async throws -> WoWCollectionsIndex {
        try await get(.collections, as: WoWCollectionsIndex.self)
    }

    /// The account's mounts.
    public func mounts() async throws -> WoWMountCollection {
        try await get(.mounts, as: WoWMountCollection.self)
    }

    /// The account's battle pets.
    public func pets() async throws -> WoWPetCollection {
        try await get(.pets, as: WoWPetCollection.self)
    }

    /// The account's toys.
    public func toys() async throws -> WoWToyCollection {
        try await get(.toys, as: WoWToyCollection.self)
    }

    /// The account's heirlooms.
    public func heirlooms() async throws -> WoWHeirloomCollection {
        try await get(.heirlooms, as: WoWHeirloomCollection.self)
    }

    /// The account's transmog appearances.
    public func transmogs() async throws -> WoWTransmogCollection {
        try await get(.transmogs, as: WoWTransmogCollection.self)
    }

    /// A character's public profile summary, by realm slug and name (any letter case).
    public func character(realmSlug: String, name: String) async throws -> WoWCharacterProfile {
        try await get(.character(realmSlug: realmSlug, name: name), as: WoWCharacterProfile.self)
    }

    /// The answer of `endpoint` decoded as `type`.
    public func get<T: Decodable>(_ endpoint: WoWEndpoint, as type: T.Type) async throws -> T {
        let body = try await data(endpoint)
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw BattleNetError.malformedResponse("\(endpoint.what) could not be decoded")
        }
    }

    /// The answer of `endpoint` exactly as Battle.net sent it (the lossless form: every field, in its order).
    /// - Throws: `BattleNetError`; a 403 of an account endpoint is
    ///   `BattleNetError.missingScope`.
    public func data(_ endpoint: WoWEndpoint) async throws -> Data {
        do {
            return try await api.data(endpoint.path, namespace: namespace, what: endpoint.what)
        } catch BattleNetError.forbidden(let what) where endpoint.scope != nil {
            throw BattleNetError.missingScope(scope: endpoint.scope!, what: what)
        }
    }
}
