import Foundation
import Testing

/// Decodes a bundled sample as `T`.
func decodeSample<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
    try JSONDecoder().decode(T.self, from: sample(name))
}

/// Decodes JSON text as `T`.
func decode<T: Decodable>(_ type: T.Type, json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

/// Encodes with sorted keys, as the CLI does.
func encodeSorted<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(value)
}

/// Encodes then decodes a value.
func roundTrip<T: Codable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: encodeSorted(value))
}

/// Parses JSON bytes into a mutable top-level object.
func jsonObject(_ data: Data) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// Serializes a JSON object back to bytes.
func jsonData(_ object: [String: Any]) throws -> Data {
    try JSONSerialization.data(withJSONObject: object)
}

/// An unknown value shaped to break naive decoders: nested, mixed and null-bearing.
var unknownValue: [String: Any] { ["nested": [1, "two", NSNull()], "flag": true] }
