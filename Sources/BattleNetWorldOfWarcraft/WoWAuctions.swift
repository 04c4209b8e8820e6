import BattleNet
import Foundation

/// An auction-house answer, `GET /data/wow/auctions/commodities` or
/// `GET /data/wow/connected-realm/{connectedRealmId}/auctions`, read a page at a time: it holds the answer once, as
/// sent (``data``, for printing it exactly), and the place of each auction in it, and decodes auctions only when a
/// page of them is asked for, so that a realm's tens of megabytes are never in memory twice.
///
/// ```swift
/// let listing = try await wow.auctions(connectedRealmID: 1084)
/// for page in listing.pages(of: 500) {
///     for auction in try page.get() { print(auction.item.id, auction.buyout ?? auction.unitPrice ?? 0) }
/// }
/// ```
public struct WoWAuctionListing: Sendable {
    /// The answer exactly as Battle.net sent it.
    public let data: Data
    /// Where each auction's JSON is in ``data``.
    private let ranges: [Range<Data.Index>]

    /// Reads where the auctions are in `data` (the `auctions` list of its top-level object; none when absent).
    /// - Throws: `BattleNetError.malformedResponse` when `data` is not a JSON object.
    public init(data: Data) throws {
        self.data = data
        guard let ranges = JSONArrayScanner.elementRanges(of: "auctions", in: data) else {
            throw BattleNetError.malformedResponse("The auctions could not be decoded")
        }
        self.ranges = ranges
    }

    /// How many auctions there are.
    public var count: Int { ranges.count }

    /// The auctions at `indices` (positions in the answer), decoded.
    public func auctions(_ indices: Range<Int>) throws -> [WoWAuction] {
        let decoder = JSONDecoder()
        return try ranges[indices.clamped(to: ranges.indices)].map { range in
            do {
                return try decoder.decode(WoWAuction.self, from: data[range])
            } catch {
                throw BattleNetError.malformedResponse("An auction could not be decoded")
            }
        }
    }

    /// The auctions in pages of `size`, each decoded when it is read.
    public func pages(of size: Int) -> [Page] {
        let size = max(1, size)
        return stride(from: 0, to: count, by: size).map { Page(listing: self, indices: $0..<min($0 + size, count)) }
    }

    /// One page of auctions, decoded by ``get()``.
    public struct Page: Sendable {
        let listing: WoWAuctionListing
        /// The positions of its auctions in the answer.
        public let indices: Range<Int>

        /// Its auctions.
        public func get() throws -> [WoWAuction] { try listing.auctions(indices) }
    }
}

/// One auction. A commodity (`/auctions/commodities`) has a ``unitPrice``; an item on a connected realm a
/// ``buyout`` and maybe a ``bid``.
public struct WoWAuction: Codable, Hashable, Sendable {
    /// The auction id.
    public var id: Int64
    /// The item.
    public var item: Item
    /// The current bid in copper.
    public var bid: Int64?
    /// The buyout in copper.
    public var buyout: Int64?
    /// The price per unit in copper (commodities).
    public var unitPrice: Int64?
    /// How many.
    public var quantity: Int
    /// `SHORT`, `MEDIUM`, `LONG` or `VERY_LONG`.
    public var timeLeft: String?

    /// The item of an auction: its id and what makes this copy (bonuses, modifiers, a caged pet's breed).
    public struct Item: Codable, Hashable, Sendable {
        /// The item id.
        public var id: Int
        /// Where it dropped.
        public var context: Int?
        /// Its bonus ids.
        public var bonusLists: [Int]?
        /// Its modifiers.
        public var modifiers: [Modifier]?
        /// A caged pet's species.
        public var petSpeciesID: Int?
        /// A caged pet's level.
        public var petLevel: Int?
        /// A caged pet's breed.
        public var petBreedID: Int?
        /// A caged pet's quality.
        public var petQualityID: Int?

        /// A modifier: `{"type": 9, "value": 50}`.
        public struct Modifier: Codable, Hashable, Sendable {
            /// Its kind.
            public var type: Int
            /// Its value.
            public var value: Int

            /// Creates a modifier.
            public init(type: Int, value: Int) {
                self.type = type
                self.value = value
            }
        }

        /// Creates an item.
        public init(
            id: Int, context: Int? = nil, bonusLists: [Int]? = nil, modifiers: [Modifier]? = nil,
            petSpeciesID: Int? = nil, petLevel: Int? = nil, petBreedID: Int? = nil, petQualityID: Int? = nil
        ) {
            self.id = id
            self.context = context
            self.bonusLists = bonusLists
            self.modifiers = modifiers
            self.petSpeciesID = petSpeciesID
            self.petLevel = petLevel
            self.petBreedID = petBreedID
            self.petQualityID = petQualityID
        }

        enum CodingKeys: String, CodingKey {
            case id, context, bonusLists = "bonus_lists", modifiers, petSpeciesID = "pet_species_id"
            case petLevel = "pet_level", petBreedID = "pet_breed_id", petQualityID = "pet_quality_id"
        }
    }

    /// Creates an auction.
    public init(
        id: Int64, item: Item, bid: Int64? = nil, buyout: Int64? = nil, unitPrice: Int64? = nil, quantity: Int = 1,
        timeLeft: String? = nil
    ) {
        self.id = id
        self.item = item
        self.bid = bid
        self.buyout = buyout
        self.unitPrice = unitPrice
        self.quantity = quantity
        self.timeLeft = timeLeft
    }

    enum CodingKeys: String, CodingKey {
        case id, item, bid, buyout, unitPrice = "unit_price", quantity, timeLeft = "time_left"
    }
}

/// Finds the elements of one array in a JSON document without decoding them.
enum JSONArrayScanner {
    /// The byte ranges of the elements of the array under `key` in the top-level object of `data`: empty when the
    /// key is absent or not an array; nil when `data` is not a well-formed object at the top level.
    static func elementRanges(of key: String, in data: Data) -> [Range<Data.Index>]? {
        let target = Array(key.utf8)
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Range<Data.Index>]? in
            var scanner = Scanner(bytes: bytes)
            guard scanner.skipSpace(), scanner.take(UInt8(ascii: "{")) else { return nil }
            var found: [Range<Int>] = []
            if scanner.skipSpace(), scanner.take(UInt8(ascii: "}")) { return [] }
            while true {
                guard scanner.skipSpace(), let name = scanner.string(), scanner.skipSpace(),
                    scanner.take(UInt8(ascii: ":")), scanner.skipSpace()
                else { return nil }
                if name.elementsEqual(target), scanner.peek == UInt8(ascii: "[") {
                    guard let elements = scanner.elements() else { return nil }
                    found = elements
                } else if !scanner.skipValue() {
                    return nil
                }
                guard scanner.skipSpace() else { return nil }
                if scanner.take(UInt8(ascii: ",")) { continue }
                guard scanner.take(UInt8(ascii: "}")) else { return nil }
                let start = data.startIndex
                return found.map { (start + $0.lowerBound)..<(start + $0.upperBound) }
            }
        }
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// Skips white space; false at the end.
        mutating func skipSpace() -> Bool {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
            return index < bytes.count
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// A string's raw bytes (escapes left as they are), the index past its closing quote.
        mutating func string() -> UnsafeRawBufferPointer.SubSequence? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while let byte = peek {
                index += 1
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    return bytes[start..<(index - 1)]
                }
            }
            return nil
        }

        /// Skips one value: a string, an object or array (nested), or a scalar.
        mutating func skipValue() -> Bool {
            guard let first = peek else { return false }
            if first == UInt8(ascii: "\"") { return string() != nil }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                var depth = 0
                while let byte = peek {
                    switch byte {
                    case UInt8(ascii: "\""):
                        guard string() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    index += 1
                    if depth == 0 { return true }
                }
                return false
            }
            let start = index
            while let byte = peek, byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "]"),
                byte != 0x20, byte != 0x0A, byte != 0x0D, byte != 0x09
            {
                index += 1
            }
            return index > start
        }

        /// The ranges of an array's elements, the index past its closing bracket.
        mutating func elements() -> [Range<Int>]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var ranges: [Range<Int>] = []
            guard skipSpace() else { return nil }
            if take(UInt8(ascii: "]")) { return ranges }
            while true {
                guard skipSpace() else { return nil }
                let start = index
                guard skipValue() else { return nil }
                ranges.append(start..<index)
                guard skipSpace() else { return nil }
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "]")) ? ranges : nil
            }
        }
    }
}
