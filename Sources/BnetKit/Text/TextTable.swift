/// A plain-text table: a header row and data rows, columns padded to their widest cell (by terminal
/// width, so Hangul and other wide characters line up), numeric columns aligned right. In the columns that allow
/// it (descriptions) a cell's line breaks are kept, the cell taking several lines; elsewhere (names) they become
/// spaces. A table wider than the screen has its widest columns wrapped until it fits. Cells are printed through ``TerminalText/line(_:)``, line by line, since they often hold a
/// server's text (hero names, classes, descriptions).
public struct TextTable: Sendable {
    /// The column titles.
    public var headers: [String]
    /// Which columns align right.
    public var rightAligned: Set<Int>
    /// Which columns keep the line breaks of their cells.
    public var multiline: Set<Int>
    /// The rows; each has one cell per header.
    public var rows: [[String]] = []

    /// Creates an empty table.
    public init(headers: [String], rightAligned: Set<Int> = [], multiline: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
        self.multiline = multiline
    }

    /// The table as lines at most `width` terminal columns wide (unless its narrowest form is wider), the header
    /// styled by `headerStyle`; no trailing spaces.
    public func render(indent: String = "", width: Int = .max, headerStyle: (String) -> String = { $0 }) -> [String] {
        let headers = self.headers.map(TerminalText.line)
        let rows = self.rows.map { row in
            row.indices.map { column in
                multiline.contains(column) ? Self.lines(row[column]) : [TerminalText.line(row[column])]
            }
        }
        var widths = headers.indices.map { column in
            ([Formatting.width(headers[column])] + rows.flatMap { $0[column].map(Formatting.width) }).max() ?? 0
        }
        let spare = width == .max ? Int.max : width - Formatting.width(indent) - 2 * max(0, headers.count - 1)
        // Columns of several words wrap first (descriptions, class names), then any other.
        let floor = 8
        let wordy = Set(widths.indices.filter { column in rows.contains { $0[column].contains { $0.contains(" ") } } })
        while widths.reduce(0, +) > spare,
              let widest = widths.indices.filter({ widths[$0] > floor })
                .max(by: { (wordy.contains($0) ? 1 : 0, widths[$0]) < (wordy.contains($1) ? 1 : 0, widths[$1]) })
        {
            let others = widths.reduce(0, +) - widths[widest]
            widths[widest] = max(floor, min(widths[widest] - 1, spare - others))
        }
        func lines(_ cells: [[String]]) -> [String] {
            let wrapped = cells.indices.map { column in
                cells[column].flatMap { Formatting.wrap($0, columns: widths[column]) }
            }
            let height = wrapped.map(\.count).max() ?? 1
            return (0..<height).map { index in
                let padded = wrapped.indices.map { column in
                    Formatting.padded(
                        index < wrapped[column].count ? wrapped[column][index] : "", to: widths[column],
                        alignRight: rightAligned.contains(column))
                }
                return (indent + padded.joined(separator: "  ")).trimmingTrailingSpaces()
            }
        }
        return lines(headers.map { [$0] }).map(headerStyle) + rows.flatMap(lines)
    }

    /// A cell's lines, each made safe to print; empty lines of a paragraph break are kept.
    private static func lines(_ cell: String) -> [String] {
        cell.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { TerminalText.line(String($0)) }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
