/// Escapes text for HTML element content and quoted attribute values (`&`, `<`, `>`, `"`, `'`), for the pages
/// of the relay and of the emulator.
package func escapeHTML(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(character)
        }
    }
    return out
}
