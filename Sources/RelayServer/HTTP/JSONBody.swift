import NIOCore

/// A value in one of the relay's own response bodies (health, readiness, metadata, the edge's refusals).
enum JSONValue: Sendable, Equatable, Encodable, ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    case string(String)
    case int(Int)
    case bool(Bool)
    case strings([String])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: String...) { self = .strings(elements) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let string): try container.encode(string)
        case .int(let int): try container.encode(int)
        case .bool(let bool): try container.encode(bool)
        case .strings(let strings): try container.encode(strings)
        }
    }
}

/// One of the relay's own JSON objects, written by ``RelayJSON`` like the wire messages: built from a dictionary
/// literal, a field set or removed by subscript.
struct JSONBody: ExpressibleByDictionaryLiteral, Sendable, Encodable {
    private var fields: [String: JSONValue]

    init(dictionaryLiteral elements: (String, JSONValue)...) {
        fields = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// The value of `key`; setting nil removes it.
    subscript(key: String) -> JSONValue? {
        get { fields[key] }
        set { fields[key] = newValue }
    }

    func encode(to encoder: any Encoder) throws {
        try fields.encode(to: encoder)
    }

    /// The UTF-8 JSON text. `JSONEncoder` throws only for a floating-point value that is not finite, which no
    /// ``JSONValue`` holds, so this cannot fail.
    var buffer: ByteBuffer {
        try! RelayJSON.buffer(self)
    }

    /// The JSON text as a string.
    var text: String { String(buffer: buffer) }
}
