import NIOCore

/// The relay's wire messages (`BattleNet`'s `TokenResponse`, `DeviceAuthorizationResponse`, `OAuthErrorResponse`)
/// as ``JSONBody``s: their own `Encodable` conformance names the fields, and ``FieldEncoder`` collects them.
extension JSONBody {
    /// The fields of `message`, in the order its `encode(to:)` writes them; nil optionals are left out. A message
    /// must be a flat object of strings, whole numbers, booleans and lists of strings, the shape of every OAuth
    /// message; any other shape throws `EncodingError.invalidValue`.
    init(_ message: some Encodable) throws {
        let encoder = FieldEncoder()
        try message.encode(to: encoder)
        if let unsupported = encoder.unsupported {
            throw EncodingError.invalidValue(
                message, .init(codingPath: unsupported.path, debugDescription: "JSONBody cannot write \(unsupported.what)"))
        }
        self.init(fields: encoder.fields)
    }
}

extension ByteBuffer {
    /// `message` as the relay writes it in a response (``JSONBody/init(_:)``), for the package's benchmarks.
    package init(relayJSON message: some Encodable) throws {
        self = try JSONBody(message).buffer
    }
}

/// An `Encoder` that collects a flat object's fields; anything else is noted in ``unsupported``.
private final class FieldEncoder: Encoder {
    var fields: [(key: String, value: JSONValue)] = []
    /// The first shape the writer cannot write, and where.
    var unsupported: (what: String, path: [any CodingKey])?
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    func refuse(_ what: String, at path: [any CodingKey]) {
        if unsupported == nil { unsupported = (what, path) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FieldContainer(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        refuse("a top-level array", at: [])
        return Discarded()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        refuse("a top-level single value", at: [])
        return Discarded()
    }
}

private struct FieldContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FieldEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encode(_ value: String, forKey key: Key) throws { encoder.fields.append((key.stringValue, .string(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoder.fields.append((key.stringValue, .int(value))) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.fields.append((key.stringValue, .bool(value))) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        switch value {
        case let value as String: try encode(value, forKey: key)
        case let value as Int: try encode(value, forKey: key)
        case let value as Bool: try encode(value, forKey: key)
        case let value as [String]: encoder.fields.append((key.stringValue, .strings(value)))
        default: encoder.refuse("a value of type \(T.self)", at: [key])
        }
    }

    mutating func encodeNil(forKey key: Key) throws { encoder.refuse("null", at: [key]) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder.refuse("a nested object", at: [key])
        return KeyedEncodingContainer(FieldContainer<NestedKey>(encoder: FieldEncoder()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.refuse("a nested array", at: [key])
        return Discarded()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.refuse("a superclass", at: [])
        return FieldEncoder()
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.refuse("a superclass", at: [key])
        return FieldEncoder()
    }
}

/// Where a refused shape's values go: nowhere, since ``FieldEncoder/unsupported`` already fails the encoding.
private struct Discarded: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(FieldContainer<NestedKey>(encoder: FieldEncoder()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Discarded() }
    mutating func superEncoder() -> any Encoder { FieldEncoder() }
}
