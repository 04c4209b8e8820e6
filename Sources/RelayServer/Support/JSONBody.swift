/// A small JSON writer for the relay's own response bodies: flat objects of strings, integers, booleans and string
/// arrays, keys sorted. Foundation's JSONSerialization costs more than the rest of a poll answer.
enum JSONBody {
    /// The JSON text of `object`; values of other types are written as `null`.
    static func encode(_ object: [String: Any]) -> String {
        var out = "{"
        for (index, key) in object.keys.sorted().enumerated() {
            if index > 0 { out += "," }
            appendString(key, to: &out)
            out += ":"
            appendValue(object[key]!, to: &out)
        }
        return out + "}"
    }

    private static func appendValue(_ value: Any, to out: inout String) {
        switch value {
        case let string as String: appendString(string, to: &out)
        case let bool as Bool: out += bool ? "true" : "false"
        case let int as Int: out += String(int)
        case let strings as [String]:
            out += "["
            for (index, string) in strings.enumerated() {
                if index > 0 { out += "," }
                appendString(string, to: &out)
            }
            out += "]"
        default: out += "null"
        }
    }

    private static func appendString(_ string: String, to out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
