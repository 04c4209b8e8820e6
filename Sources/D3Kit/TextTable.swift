/// A plain-text table: a header row and data rows, columns padded to their widest cell (by terminal
/// width, so Hangul and other wide characters line up), numeric columns aligned right. Cells are printed
/// through ``TerminalText/line(_:)``, since they often hold a server's text (hero names, classes).
public struct TextTable: Sendable {
    /// The column titles.
    public var headers: [String]
    /// Which columns align right.
    public var rightAligned: Set<Int>
    /// The rows; each has one cell per header.
    public var rows: [[String]] = []

    /// Creates an empty table.
    public init(headers: [String], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    /// The table as lines, the header styled by `headerStyle`; no trailing spaces.
    public func render(indent: String = "", headerStyle: (String) -> String = { $0 }) -> [String] {
        let headers = self.headers.map(TerminalText.line)
        let rows = self.rows.map { $0.map(TerminalText.line) }
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(Formatting.width).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.indices.map { column in
                Formatting.padded(cells[column], to: widths[column], alignRight: rightAligned.contains(column))
            }
            return indent + padded.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return [headerStyle(line(headers))] + rows.map(line)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
