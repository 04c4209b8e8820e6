import BattleNet
import Foundation

/// Hearthstone's game data (any token; an application token is enough): card search with paging, one card, a deck
/// by its code, and the metadata (sets, classes, rarities, keywords, …) the cards' ids refer to. No namespace is
/// sent: Hearthstone's API takes none.
///
/// ```swift
/// let hs = HearthstoneClient(region: .eu, locale: .enGB, tokens: provider, transport: transport)
/// let page = try await hs.cards(HSCardSearch(textFilter: "rafaam", page: 1))
/// let deck = try await hs.deck(code: "AAECAQcG+wyd8AKS+AKggAOblAPanQMMS6IE/web8wLR9QKD+wKe+wKz/AL1gAOXlAOalAOSnwMA")
/// print(deck.hero?.name ?? "", deck.cards.count)
/// ```
public struct HearthstoneClient: Sendable {
    /// The generic client every endpoint goes through.
    public let api: BlizzardAPI

    /// Creates a client. `apiBaseURL` overrides the region's API host (the emulator, a test server); without it, a
    /// client whose tokens are a `PlayerSession` calls the sandbox relay's API its player signed in at, if any.
    public init(
        region: Region, locale: BattleNetLocale? = nil, apiBaseURL: URL? = nil, tokens: any AccessTokenSource,
        transport: any HTTPTransport, timeout: Duration = .seconds(10), maxResponseBytes: Int = 32 << 20,
        retry: RateLimitRetry = RateLimitRetry()
    ) {
        api = BlizzardAPI(
            region: region, locale: locale, apiBaseURL: apiBaseURL, tokens: tokens, transport: transport,
            timeout: timeout, maxResponseBytes: maxResponseBytes, retry: retry)
    }

    /// Creates a client on an existing generic client.
    public init(api: BlizzardAPI) {
        self.api = api
    }

    /// One page of the cards that match `search`.
    public func cards(_ search: HSCardSearch = HSCardSearch()) async throws -> HSCardPage {
        try await get(.cards(search), as: HSCardPage.self)
    }

    /// One card, by id (`52119`) or slug (`52119-arch-villain-rafaam`).
    public func card(_ idOrSlug: String) async throws -> HSCard {
        try await get(.card(idOrSlug), as: HSCard.self)
    }

    /// The deck a deck code describes (the code as the game exports it; `+`, `/` and `=` are fine).
    public func deck(code: String) async throws -> HSDeck {
        try await get(.deck(code: code), as: HSDeck.self)
    }

    /// Every kind of metadata at once.
    public func metadata() async throws -> HSMetadata {
        try await get(.metadata, as: HSMetadata.self)
    }

    /// The answer of `endpoint` decoded as `type`.
    public func get<T: Decodable>(_ endpoint: HearthstoneEndpoint, as type: T.Type) async throws -> T {
        let body = try await data(endpoint)
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw BattleNetError.malformedResponse("\(endpoint.what) could not be decoded")
        }
    }

    /// The answer of `endpoint` exactly as Battle.net sent it.
    public func data(_ endpoint: HearthstoneEndpoint) async throws -> Data {
        try await api.data(endpoint.path, query: endpoint.query, what: endpoint.what)
    }
}

/// A Hearthstone endpoint, for ``HearthstoneClient/data(_:)`` or ``HearthstoneClient/get(_:as:)``.
public enum HearthstoneEndpoint: Sendable, Hashable {
    /// `GET /hearthstone/cards?…`: a page of a card search.
    case cards(HSCardSearch)
    /// `GET /hearthstone/cards/{idorslug}`.
    case card(String)
    /// `GET /hearthstone/deck?code={deckcode}`: the query form, which keeps `+`, `/` and `=` in codes intact.
    case deck(code: String)
    /// `GET /hearthstone/metadata`.
    case metadata
    /// `GET /hearthstone/metadata/{type}`: one kind (`sets`, `keywords`, `classes`, …).
    case metadataKind(String)

    /// The path after the host.
    public var path: String {
        switch self {
        case .cards: "hearthstone/cards"
        case .card(let card): "hearthstone/cards/" + (card.addingPercentEncoding(withAllowedCharacters: Self.segment) ?? card)
        case .deck: "hearthstone/deck"
        case .metadata: "hearthstone/metadata"
        case .metadataKind(let kind): "hearthstone/metadata/" + (kind.addingPercentEncoding(withAllowedCharacters: Self.segment) ?? kind)
        }
    }

    /// The query pairs (the locale is added by the client).
    public var query: [(String, String)] {
        switch self {
        case .cards(let search): search.pairs
        case .deck(let code): [("code", code)]
        default: []
        }
    }

    /// What it is, for messages.
    public var what: String {
        switch self {
        case .cards: "The card search"
        case .card(let card): "The card \(card)"
        case .deck(let code): "The deck \(code)"
        case .metadata: "The Hearthstone metadata"
        case .metadataKind(let kind): "The Hearthstone metadata \(kind)"
        }
    }

    private static let segment = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
}

/// A card search: every field is optional (nil is not sent); Blizzard answers 40 cards a page unless `pageSize`
/// says otherwise.
public struct HSCardSearch: Sendable, Hashable {
    /// Text the name or rules text contains.
    public var textFilter: String?
    /// A class slug (`warrior`, `neutral`).
    public var classSlug: String?
    /// A set slug (`descent-of-dragons`).
    public var set: String?
    /// Mana costs (any of them).
    public var manaCost: [Int]
    /// Attack values.
    public var attack: [Int]
    /// Health values.
    public var health: [Int]
    /// `1` collectible only, `0` only uncollectible; nil for Blizzard's default (collectible).
    public var collectible: Int?
    /// The page, from 1.
    public var page: Int?
    /// Cards a page.
    public var pageSize: Int?
    /// A sort, such as `manaCost:asc`.
    public var sort: String?

    /// Creates a search.
    public init(
        textFilter: String? = nil, classSlug: String? = nil, set: String? = nil, manaCost: [Int] = [], attack: [Int] = [],
        health: [Int] = [], collectible: Int? = nil, page: Int? = nil, pageSize: Int? = nil, sort: String? = nil
    ) {
        self.textFilter = textFilter
        self.classSlug = classSlug
        self.set = set
        self.manaCost = manaCost
        self.attack = attack
        self.health = health
        self.collectible = collectible
        self.page = page
        self.pageSize = pageSize
        self.sort = sort
    }

    /// The query pairs, in a fixed order.
    public var pairs: [(String, String)] {
        func list(_ values: [Int]) -> String? { values.isEmpty ? nil : values.map(String.init).joined(separator: ",") }
        let all: [(String, String?)] = [
            ("set", set), ("class", classSlug), ("manaCost", list(manaCost)), ("attack", list(attack)),
            ("health", list(health)), ("collectible", collectible.map(String.init)), ("textFilter", textFilter),
            ("sort", sort), ("page", page.map(String.init)), ("pageSize", pageSize.map(String.init)),
        ]
        return all.compactMap { name, value in value.map { (name, $0) } }
    }
}
