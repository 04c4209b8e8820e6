/// Help text laid out as ArgumentParser lays out its own options, so that `bnet-relay serve --help` reads as one
/// piece: the usage indented by two spaces, the explanation in a column of its own from ``column``, wrapped at
/// ``width`` with every continuation line indented to that column (ArgumentParser then has nothing to re-wrap).
enum HelpLayout {
    static let column = 26
    static let width = 79

    /// One option: `usage` and its `text`, the text beside the usage when it fits, else under it.
    static func option(_ usage: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: column)
        let lines = wrap(text, width: width - column)
        let head = "  " + usage
        if head.count < column - 1 {
            let first = head + String(repeating: " ", count: column - head.count) + (lines.first ?? "")
            return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
        }
        return ([head] + lines.map { indent + $0 }).joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word keeps a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
