import BattleNet
import BattleNetEmulator
import BattleNetHearthstone
import Foundation
import Testing

@Suite("Hearthstone: cards, search pages, decks by code, metadata", .timeLimit(.minutes(2)))
struct HearthstoneTests {
    static let card = "hs_card_52119-arch-villain-rafaam-eu-2019_rbattlenet-vcr.json"
    static let search = "hs_cards-search_mana1-attack1-health1-eu-2019_rbattlenet-vcr.json"
    static let deck = "hs_deck_warrior-AAECAQcG-eu-2019_rbattlenet-vcr.json"
    static let metadata = "hs_metadata_eu-2019_rbattlenet-vcr.json"
    static let sets = "hs_metadata-sets_eu-2019_rbattlenet-vcr.json"
    static let keywords = "hs_metadata-keywords_eu-2019_rbattlenet-vcr.json"
    static let deckCode = "AAECAQcG+wyd8AKS+AKggAOblAPanQMMS6IE/web8wLR9QKD+wKe+wKz/AL1gAOXlAOalAOSnwMA"

    func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ data: Data) throws -> T {
        let value = try JSONDecoder().decode(T.self, from: data)
        #expect(try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value)) == value)
        return value
    }

    /// A deck code of `hero` and `cards` (each once), as the game writes it.
    static func code(hero: Int, cards: [Int], format: Int = 1) -> String {
        func varint(_ value: Int) -> [UInt8] {
            var value = value, bytes: [UInt8] = []
            repeat {
                bytes.append(UInt8(value & 0x7F) | (value >= 0x80 ? 0x80 : 0))
                value >>= 7
            } while value > 0
            return bytes
        }
        var bytes: [UInt8] = [0]
        for value in [1, format, 1, hero, cards.count] { bytes += varint(value) }
        for card in cards { bytes += varint(card) }
        bytes += varint(0) + varint(0)
        return Data(bytes).base64EncodedString()
    }

    @Test("The models decode every recording: a card, a search page, a deck, the metadata and two of its kinds")
    func recordings() throws {
        let rafaam = try roundTrip(HSCard.self, sample(Self.card))
        #expect(rafaam.id == 52119 && rafaam.name == "Arch-Villain Rafaam" && rafaam.manaCost == 7 && rafaam.rarityID == 5)
        #expect(rafaam.keywordIDs == [1, 8] && rafaam.imageGold == "" && rafaam.multiClassIDs == [])
        let page = try roundTrip(HSCardPage.self, sample(Self.search))
        #expect(page.cards.count == 40 && page.cardCount == 48 && page.pageCount == 2 && page.page == 1 && page.hasNextPage)
        #expect(page.cards.allSatisfy { $0.manaCost == 1 && $0.attack == 1 && $0.health == 1 })
        let deck = try roundTrip(HSDeck.self, sample(Self.deck))
        #expect(deck.hero?.name == "Garrosh Hellscream" && deck.hero?.artistName == nil && deck.hero?.cropImage == nil)
        #expect(deck.heroPower?.name == "Armor Up!" && deck.deckClass?.slug == "warrior" && deck.format == "standard")
        #expect(deck.cards.count == 30 && deck.cardCount == 30 && deck.version == 0)
        let metadata = try roundTrip(HSMetadata.self, sample(Self.metadata))
        #expect(metadata.sets.count == 20 && metadata.keywords?.count == 31 && metadata.setGroups?.count == 7)
        #expect(metadata.classes?.first?.id == "*" && metadata.classes?.first?.numericID == nil)
        #expect(metadata.classes?.last?.numericID != nil)
        #expect(metadata.rarities?.first { $0.slug == "free" }?.craftingCost == [nil, nil])
        #expect(metadata.rarities?.first?.dustValue == [5, 50])
        #expect(try roundTrip([HSCardSet].self, sample(Self.sets)).first?.slug == "descent-of-dragons")
        #expect(try roundTrip([HSMetadata.Keyword].self, sample(Self.keywords)).first?.slug == "taunt")
    }

    @Test("Lenient: every text as a map of translations, missing fields and lists")
    func lenient() throws {
        let card = try JSONDecoder().decode(HSCard.self, from: Data(#"""
            {"id":1,"name":{"en_US":"Taunt","de_DE":"Spott","fr_FR":null},"text":{"en_US":""},"durability":2}
            """#.utf8))
        #expect(card.name?.text(locale: "de_DE") == "Spott" && card.name?.translations.count == 2)
        #expect(card.durability == 2 && card.slug == nil && card.manaCost == nil)
        let empty = try JSONDecoder().decode(HSCardPage.self, from: Data(#"{"cards":[]}"#.utf8))
        #expect(empty.cardCount == 0 && empty.page == 1 && !empty.hasNextPage)
        #expect(try JSONDecoder().decode(HSDeck.self, from: Data("{}".utf8)).cards.isEmpty)
        #expect(try JSONDecoder().decode(HSMetadata.self, from: Data("{}".utf8)).sets.isEmpty)
    }

    @Test("The client's requests: the deck code in the query, `+`, `/` and `=` encoded; search pairs in order")
    func requests() {
        #expect(HearthstoneEndpoint.deck(code: "AA+/=").path == "hearthstone/deck")
        #expect(HearthstoneEndpoint.deck(code: "AA+/=").query.map { $0.1 } == ["AA+/="])
        let search = HSCardSearch(textFilter: "rafaam", manaCost: [1, 7], page: 2)
        #expect(search.pairs.map { $0.0 } == ["manaCost", "textFilter", "page"] && search.pairs[0].1 == "1,7")
        #expect(HearthstoneEndpoint.card("52119-arch-villain-rafaam").path == "hearthstone/cards/52119-arch-villain-rafaam")
    }

    @Test("The emulator: recordings byte for byte, other searches paged, other decks from their codes")
    func emulator() async throws {
        try await withEmulatorRouter { router in
            let token = try await router.oauth.clientCredentialsToken()
            let hs = HearthstoneClient(
                region: .eu, apiBaseURL: EmulatorRouter.baseURL, tokens: StaticTokenSource(token), transport: router)
            let recordings: [(HearthstoneEndpoint, String)] = [
                (.card("52119-arch-villain-rafaam"), Self.card), (.card("52119"), Self.card),
                (.cards(HSCardSearch(manaCost: [1], attack: [1], health: [1])), Self.search),
                (.deck(code: Self.deckCode), Self.deck), (.metadata, Self.metadata), (.metadataKind("sets"), Self.sets),
                (.metadataKind("keywords"), Self.keywords),
            ]
            for (endpoint, name) in recordings {
                #expect(try await hs.data(endpoint) == sample(name), "\(endpoint)")
            }
            // The path form of the recorded request, `/` in the code included.
            let path = try await router.get("/hearthstone/deck/\(Self.deckCode)?locale=en_GB", token: token)
            let recordedDeck = try sample(Self.deck)
            #expect(path.status == 200 && path.body == recordedDeck)
            #expect(path.headers.contains { $0.name.lowercased() == "content-type" && $0.value == "application/json; charset=utf-8" })

            let first = try await hs.cards(HSCardSearch(pageSize: 10))
            #expect(first.cards.count == 10 && first.pageCount == (first.cardCount + 9) / 10 && first.hasNextPage)
            var seen = first.cards.map(\.id)
            var page = first
            while page.hasNextPage {
                page = try await hs.cards(HSCardSearch(page: page.page + 1, pageSize: 10))
                seen += page.cards.map(\.id)
            }
            #expect(seen.count == first.cardCount && Set(seen).count == seen.count)
            let costs = try await hs.cards(HSCardSearch(pageSize: 500)).cards.compactMap(\.manaCost)
            #expect(costs == costs.sorted())
            let rafaam = try await hs.cards(HSCardSearch(textFilter: "RAFAAM"))
            #expect(rafaam.cards.map(\.id) == [52119] && rafaam.cardCount == 1)
            let warrior = try await hs.cards(HSCardSearch(classSlug: "warrior", pageSize: 500))
            #expect(!warrior.cards.isEmpty && warrior.cards.allSatisfy { $0.classID == 10 })
            #expect(try await hs.card("1659").name == "Acolyte of Pain")

            let deck = try await hs.deck(code: Self.code(hero: 7, cards: [1659, 52119, 999_999]))
            #expect(deck.hero?.id == 7 && deck.heroPower?.id == 725 && deck.deckClass?.slug == "warrior")
            #expect(deck.cards.map(\.id) == [1659, 52119] && deck.invalidCardIDs == [999_999] && deck.format == "wild")
            await #expect(throws: BattleNetError.notFound("The deck AAAA")) { try await hs.deck(code: "AAAA") }
            await #expect(throws: BattleNetError.notFound("The card 1")) { try await hs.card("1") }
            let types = try await hs.data(.metadataKind("types"))
            #expect(try JSONDecoder().decode([HSMetadataEntry].self, from: types).count == 4)
            #expect(try await router.get("/hearthstone/metadata", token: nil).status == 401)
        }
    }
}
