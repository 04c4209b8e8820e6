import BattleNet
import Foundation
import HTTPTypes
import Hummingbird

/// Hearthstone's API as its server (nginx behind the gateway) answers it, any valid token, no namespace: card
/// search with paging, one card, a deck by code (`?code=`, and the older path form), and the metadata. The
/// recordings (the search for 1/1/1 minions, Arch-Villain Rafaam, the warrior deck, the metadata and its sets and
/// keywords) are served byte for byte; every other search, card and deck is answered from the cards the recordings
/// hold (`HearthstoneCards`), in their shape; what is not there is the gateway's 404.
struct HearthstoneRoutes {
    let state: EmulatorState

    /// The recorded deck's code.
    static let recordedDeckCode = "AAECAQcG+wyd8AKS+AKggAOblAPanQMMS6IE/web8wLR9QKD+wKe+wKz/AL1gAOXlAOalAOSnwMA"

    func register(on router: Router<BasicRequestContext>) {
        router.get("hearthstone/cards") { request, _ in
            await answer(request) { HearthstoneCards.standard.search(request.queryPairs ?? []) }
        }
        router.get("hearthstone/cards/:card") { request, context in
            let card = context.parameters.get("card") ?? ""
            return await answer(request) {
                if card == "52119" || card == "52119-arch-villain-rafaam" {
                    return try? EmulatorSamples.data(named: EmulatorSamples.hsCard)
                }
                return HearthstoneCards.standard.card(card)?.data
            }
        }
        router.get("hearthstone/deck") { request, _ in
            await answer(request) { deck(request.queryPairs?.value("code") ?? "") }
        }
        // The path form: a `/` in a code splits it, so the rest of the path (one segment or more) is the code.
        router.get("hearthstone/deck/**") { request, _ in await pathDeck(request) }
        router.get("hearthstone/metadata") { request, _ in
            await answer(request) { try? EmulatorSamples.data(named: EmulatorSamples.hsMetadata) }
        }
        router.get("hearthstone/metadata/:kind") { request, context in
            let kind = context.parameters.get("kind") ?? ""
            return await answer(request) {
                switch kind {
                case "sets": return try? EmulatorSamples.data(named: EmulatorSamples.hsMetadataSets)
                case "keywords": return try? EmulatorSamples.data(named: EmulatorSamples.hsMetadataKeywords)
                default: return HearthstoneCards.standard.metadata[kind]?.arrayValue.map { OrderedJSON.array($0).data }
                }
            }
        }
    }

    private func pathDeck(_ request: Request) async -> Response {
        let code = String(request.uri.path.dropFirst("/hearthstone/deck/".count)).removingPercentEncoding ?? ""
        return await answer(request) { deck(code) }
    }

    private func deck(_ code: String) -> Data? {
        if code == Self.recordedDeckCode { return try? EmulatorSamples.data(named: EmulatorSamples.hsDeck) }
        return HearthstoneCards.standard.deck(code: code)?.data
    }

    /// Checks the token and answers `body`'s bytes with the headers of Hearthstone's server; nil is a 404.
    private func answer(_ request: Request, _ body: () -> Data?) async -> Response {
        await state.increment("hearthstone")
        if case .failure(let refusal) = await GameRequest.token(request, state: state) { return refusal.response }
        guard let data = body() else { return .gatewayError(.notFound) }
        let headers: HTTPFields = [
            .accessControlAllowOrigin: "*", .contentSecurityPolicy: "block-all-mixed-content",
            .contentType: "application/json; charset=utf-8",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// The cards the recordings hold (the search's 40, the deck's hero, hero power and cards, Rafaam), read once, and
/// the answers made from them.
struct HearthstoneCards: Sendable {
    /// Cards by id, in the order first recorded.
    let cards: [OrderedJSON]
    /// The recorded metadata.
    let metadata: OrderedJSON

    static let standard = HearthstoneCards()

    private init() {
        func parsed(_ name: String) -> OrderedJSON? {
            (try? EmulatorSamples.data(named: name)).flatMap(OrderedJSON.parse)
        }
        let search = parsed(EmulatorSamples.hsCardSearch), deck = parsed(EmulatorSamples.hsDeck)
        var all = (search?["cards"]?.arrayValue ?? []) + [deck?["hero"], deck?["heroPower"]].compactMap { $0 }
        all += (deck?["cards"]?.arrayValue ?? []) + [parsed(EmulatorSamples.hsCard)].compactMap { $0 }
        var seen = Set<Int>()
        cards = all.filter { seen.insert($0["id"]?.intValue ?? -1).inserted }
        metadata = parsed(EmulatorSamples.hsMetadata) ?? .object([])
    }

    private func card(id: Int) -> OrderedJSON? { cards.first { $0["id"]?.intValue == id } }

    /// A card by id or slug (`52119`, `52119-arch-villain-rafaam`).
    func card(_ idOrSlug: String) -> OrderedJSON? {
        cards.first { $0["slug"]?.stringValue == idOrSlug || ($0["id"]?.intValue).map(String.init) == idOrSlug }
    }

    /// A metadata entry's id by slug, in the kind `kind` (`classes`, `sets`).
    private func metadataID(_ kind: String, slug: String) -> Int? {
        metadata[kind]?.arrayValue?.first { $0["slug"]?.stringValue == slug }?["id"]?.intValue
    }

    /// `GET /hearthstone/cards`: the recording for its query, else the cards that match (collectible only unless
    /// `collectible=0`), by mana cost then name, 40 (or `pageSize`) a page.
    func search(_ query: [(String, String)]) -> Data? {
        func ints(_ name: String) -> Set<Int>? {
            query.value(name).map { Set($0.split(separator: ",").compactMap { Int($0) }) }
        }
        let page = Int(query.value("page") ?? "1") ?? 1, pageSize = Int(query.value("pageSize") ?? "40") ?? 40
        let filters = Set(query.map { $0.0 }).subtracting(["locale", "page", "pageSize"])
        let recorded = ["manaCost", "attack", "health"].allSatisfy { ints($0) == [1] }
        if filters == ["manaCost", "attack", "health"], recorded, page == 1, pageSize == 40 {
            return try? EmulatorSamples.data(named: EmulatorSamples.hsCardSearch)
        }
        guard page >= 1, (1...500).contains(pageSize) else { return nil }
        let classID = query.value("class").map { metadataID("classes", slug: $0) ?? -1 }
        let setID = query.value("set").map { metadataID("sets", slug: $0) ?? -1 }
        let collectible = query.value("collectible") == "0" ? 0 : 1
        let text = query.value("textFilter")?.lowercased()
        func matches(_ card: OrderedJSON) -> Bool {
            for (name, field) in [("manaCost", "manaCost"), ("attack", "attack"), ("health", "health")] {
                if let wanted = ints(name), !(card[field]?.intValue.map(wanted.contains) ?? false) { return false }
            }
            if (card["collectible"]?.intValue ?? 0) != collectible { return false }
            if let classID, card["classId"]?.intValue != classID { return false }
            if let setID, card["cardSetId"]?.intValue != setID { return false }
            if let text {
                let texts = [card["name"]?.stringValue, card["text"]?.stringValue].compactMap { $0?.lowercased() }
                if !texts.contains(where: { $0.contains(text) }) { return false }
            }
            return true
        }
        let sorted = cards.filter(matches).sorted {
            let (left, right) = ($0["manaCost"]?.intValue ?? 0, $1["manaCost"]?.intValue ?? 0)
            return left != right ? left < right : ($0["name"]?.stringValue ?? "") < ($1["name"]?.stringValue ?? "")
        }
        let pages = max(1, (sorted.count + pageSize - 1) / pageSize)
        let slice = sorted.dropFirst((page - 1) * pageSize).prefix(pageSize)
        return OrderedJSON.object([
            ("cards", .array(Array(slice))), ("cardCount", .number(sorted.count)), ("pageCount", .number(pages)),
            ("page", .number(page)),
        ]).data
    }

    /// `GET /hearthstone/deck?code=`: a deck code (Blizzard's deckstring: varints after a zero byte: version,
    /// format, heroes, then cards once, twice and n times) read into the recorded shape; cards not held are listed
    /// in `invalidCardIds`. Nil for a code that is not a deckstring or whose hero is not held.
    func deck(code: String) -> OrderedJSON? {
        guard let decoded = HearthstoneDeckCode(code), let hero = card(id: decoded.hero) else { return nil }
        var list: [OrderedJSON] = [], invalid: [Int] = []
        for (id, copies) in decoded.cards {
            if let found = card(id: id) { list += Array(repeating: found, count: copies) } else { invalid.append(id) }
        }
        let classID = hero["classId"]?.intValue ?? 0
        let heroClass = metadata["classes"]?.arrayValue?.first { $0["id"]?.intValue == classID }
        let formats = [1: "wild", 2: "standard", 3: "classic", 4: "twist"]
        var fields: [(String, OrderedJSON)] = [
            ("deckCode", .string(code)), ("version", .number(decoded.version)),
            ("format", .string(formats[decoded.format] ?? "wild")), ("hero", hero),
        ]
        if let power = (hero["childIds"]?.arrayValue?.first?.intValue).flatMap(card(id:)) { fields.append(("heroPower", power)) }
        if let heroClass {
            let members: [(String, OrderedJSON)] = ["id", "slug", "name"].compactMap { key in heroClass[key].map { (key, $0) } }
            fields.append(("class", .object(members)))
        }
        fields += [("cards", .array(list)), ("cardCount", .number(list.count))]
        if !invalid.isEmpty { fields.append(("invalidCardIds", .array(invalid.map(OrderedJSON.number)))) }
        return .object(fields)
    }
}

/// A Hearthstone deck code read: its version, format, hero and cards with their copies.
struct HearthstoneDeckCode {
    var version: Int
    var format: Int
    var hero: Int
    var cards: [(id: Int, copies: Int)]

    init?(_ code: String) {
        guard let data = Data(base64Encoded: code) else { return nil }
        var bytes = data.makeIterator()
        func varint() -> Int? {
            var value = 0, shift = 0
            while let byte = bytes.next() {
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
                if shift > 56 { return nil }
            }
            return nil
        }
        guard bytes.next() == 0, let version = varint(), let format = varint(), let heroes = varint(), heroes >= 1,
            heroes < 8
        else { return nil }
        let heroIDs = (0..<heroes).compactMap { _ in varint() }
        guard heroIDs.count == heroes else { return nil }
        var cards: [(id: Int, copies: Int)] = []
        for copies in [1, 2] {
            guard let count = varint(), count < 100 else { return nil }
            for _ in 0..<count {
                guard let id = varint() else { return nil }
                cards.append((id, copies))
            }
        }
        if let count = varint(), count < 100 {
            for _ in 0..<count {
                guard let id = varint(), let copies = varint() else { return nil }
                cards.append((id, copies))
            }
        }
        self.version = version
        self.format = format
        hero = heroIDs[0]
        self.cards = cards
    }
}
