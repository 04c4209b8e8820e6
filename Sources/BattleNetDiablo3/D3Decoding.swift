import BattleNet
import Foundation

/// A coding key for JSON objects whose keys are data (item slots, season names).
struct D3DynamicKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Lenient decoding used by every Diablo III model: an absent key or `null`
/// yields the default, integers accept `70.0`, and `null` entries in
/// collections are dropped.
extension KeyedDecodingContainer {
    func d3Value<T: Decodable>(_ key: Key, default value: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? value
    }

    func d3String(_ key: Key) throws -> String {
        try decodeIfPresent(String.self, forKey: key) ?? ""
    }

    func d3Bool(_ key: Key) throws -> Bool {
        try decodeIfPresent(Bool.self, forKey: key) ?? false
    }

    func d3Int(_ key: Key) throws -> Int {
        try d3OptionalInt(key) ?? 0
    }

    func d3OptionalInt(_ key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let value = try? decode(Int.self, forKey: key) { return value }
        let number = try decode(Double.self, forKey: key)
        guard let value = Int(exactly: number.rounded(.towardZero)) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(number) does not fit an integer")
        }
        return value
    }

    /// Decodes epoch seconds into a date.
    func d3OptionalDate(_ key: Key) throws -> Date? {
        try decodeIfPresent(Double.self, forKey: key).map { Date(timeIntervalSince1970: $0) }
    }

    func d3Array<T: Decodable>(_ key: Key) throws -> [T] {
        try decodeIfPresent([T?].self, forKey: key)?.compactMap { $0 } ?? []
    }

    /// Decodes a list of text lines sent as strings or as `{"text": …}` objects; `null`s are dropped.
    func d3Lines(_ key: Key) throws -> [String] {
        try d3Array(key).map { (line: D3TextLine) in line.text }
    }

    func d3Dictionary<T: Decodable>(_ key: Key) throws -> [String: T] {
        try decodeIfPresent([String: T?].self, forKey: key)?.compactMapValues { $0 } ?? [:]
    }

    /// Decodes a number that legacy payloads send as a `{"min":…,"max":…}` range (maximum kept).
    func d3RangeMaximum(_ key: Key) throws -> Double? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let number = try? decode(Double.self, forKey: key) { return number }
        return try nestedContainer(keyedBy: D3DynamicKey.self, forKey: key)
            .decodeIfPresent(Double.self, forKey: D3DynamicKey("max"))
    }
}

extension KeyedEncodingContainer {
    /// Encodes a date as epoch seconds, as a whole number when it has no fraction.
    mutating func d3EncodeSeconds(_ date: Date, forKey key: Key) throws {
        let seconds = date.timeIntervalSince1970
        if let whole = Int64(exactly: seconds) {
            try encode(whole, forKey: key)
        } else {
            try encode(seconds, forKey: key)
        }
    }

    /// Encodes `{"elites": count}`, the shape Blizzard uses for per-hero kills.
    mutating func d3EncodeEliteKills(_ count: Int, forKey key: Key) throws {
        var kills = nestedContainer(keyedBy: D3DynamicKey.self, forKey: key)
        try kills.encode(count, forKey: D3DynamicKey("elites"))
    }
}

extension KeyedDecodingContainer {
    /// Decodes `{"elites": count}`, the shape Blizzard uses for per-hero kills.
    func d3EliteKills(_ key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try nestedContainer(keyedBy: D3DynamicKey.self, forKey: key).d3OptionalInt(D3DynamicKey("elites"))
    }
}

/// A text line sent as a string or as `{"text": …, "textHtml": …}`.
struct D3TextLine: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.text = text
        } else {
            text = try decoder.container(keyedBy: D3DynamicKey.self).d3String(D3DynamicKey("text"))
        }
    }
}
