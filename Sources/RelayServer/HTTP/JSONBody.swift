import NIOCore

/// A value in one of the relay's own response bodies.
enum JSONValue: Sendable, Equatable, ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
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
}

/// A flat JSON object written straight into a buffer, fields in the order given. The relay's bodies are small and
/// their shapes fixed, so this typed writer replaces Foundation's JSONSerialization, which cost more than the rest
/// of a poll answer, and beats JSONEncoder on the wire messages (`WireBench`). Wire messages come in through
/// ``init(_:)``; the relay's own bodies (health, metadata) are dictionary literals.
struct JSONBody: ExpressibleByDictionaryLiteral, Sendable {
    private(set) var fields: [(key: String, value: JSONValue)]

    init(dictionaryLiteral elements: (String, JSONValue)...) {
        fields = elements.map { (key: $0.0, value: $0.1) }
    }

    /// A body of `fields`, in this order.
    init(fields: [(key: String, value: JSONValue)]) {
        self.fields = fields
    }

    /// The value of `key`; setting replaces it in place or appends it.
    subscript(key: String) -> JSONValue? {
        get { fields.first { $0.key == key }?.value }
        set {
            let index = fields.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): fields[index].value = value
            case (let index?, nil): fields.remove(at: index)
            case (nil, let value?): fields.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// The UTF-8 JSON text.
    var buffer: ByteBuffer {
        var out = ByteBuffer()
        out.reserveCapacity(128)
        out.writeStaticString("{")
        for (index, field) in fields.enumerated() {
            if index > 0 { out.writeStaticString(",") }
            Self.write(field.key, to: &out)
            out.writeStaticString(":")
            Self.write(field.value, to: &out)
        }
        out.writeStaticString("}")
        return out
    }

    /// The JSON text as a string.
    var text: String { String(buffer: buffer) }

    private static func write(_ value: JSONValue, to out: inout ByteBuffer) {
        switch value {
        case .string(let string): write(string, to: &out)
        case .bool(let bool): out.writeString(bool ? "true" : "false")
        case .int(let int): out.writeString(String(int))
        case .strings(let strings):
            out.writeStaticString("[")
            for (index, string) in strings.enumerated() {
                if index > 0 { out.writeStaticString(",") }
                write(string, to: &out)
            }
            out.writeStaticString("]")
        }
    }

    /// Writes a JSON string. Text with nothing to escape (the usual case) is copied in one piece; otherwise control
    /// characters, quotes, backslashes and U+2028/U+2029 (which break JavaScript embedding) are escaped.
    private static func write(_ string: String, to out: inout ByteBuffer) {
        out.writeStaticString("\"")
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0xE2 }) {
            out.writeString(string)
        } else {
            var escaped = ""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case "\n": escaped += "\\n"
                case "\r": escaped += "\\r"
                case "\t": escaped += "\\t"
                case "\u{2028}": escaped += "\\u2028"
                case "\u{2029}": escaped += "\\u2029"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        escaped.unicodeScalars.append(scalar)
                    }
                }
            }
            out.writeString(escaped)
        }
        out.writeStaticString("\"")
    }
}
