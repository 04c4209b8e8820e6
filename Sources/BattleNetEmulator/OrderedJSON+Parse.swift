import Foundation

extension OrderedJSON {
    /// `data` read back into its members in their order (numbers kept as written); nil when it is not JSON.
    static func parse(_ data: Data) -> OrderedJSON? {
        var parser = Parser(bytes: Array(data))
        guard let value = parser.value() else { return nil }
        parser.skipSpace()
        return parser.index == parser.bytes.count ? value : nil
    }

    /// The member `key` of an object; nil for another value or a missing key.
    subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The integer of a number.
    var intValue: Int? {
        switch self {
        case .int(let value): Int(value)
        case .rawNumber(let text): Int(text)
        default: nil
        }
    }

    /// The text of a string.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements of an array.
    var arrayValue: [OrderedJSON]? {
        if case .array(let values) = self { return values }
        return nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func value() -> OrderedJSON? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(String, OrderedJSON)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let member = value() else { return nil }
                    members.append((key, member))
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "["):
                index += 1
                var values: [OrderedJSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(values)
                }
                while true {
                    guard let element = value() else { return nil }
                    values.append(element)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "]") { return .array(values) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "\""):
                return string().map(OrderedJSON.string)
            default:
                return scalar()
            }
        }

        /// A string, unescaped (through JSONDecoder, which knows every escape).
        mutating func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index
            index += 1
            var escaped = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    let raw = bytes[start..<index]
                    if !escaped { return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self) }
                    return try? JSONDecoder().decode(String.self, from: Data(raw))
                }
            }
            return nil
        }

        mutating func scalar() -> OrderedJSON? {
            let start = index
            while index < bytes.count, !",}] \n\r\t".utf8.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default:
                guard !text.isEmpty, Double(text) != nil else { return nil }
                return Int64(text).map(OrderedJSON.int) ?? .rawNumber(text)
            }
        }
    }
}
