import Foundation

/// How a renderer lays text out: colours (or none), the time zone of dates, and the width in terminal columns that
/// tables and paragraphs are wrapped to.
public struct TextFormat: Sendable {
    /// Colours, or none.
    public var style: TextStyle
    /// The time zone of dates.
    public var timeZone: TimeZone
    /// The terminal's width in columns.
    public var width: Int

    /// A format; plain text, UTC dates and 100 columns by default.
    public init(style: TextStyle = .plain, timeZone: TimeZone = .gmt, width: Int = 100) {
        self.style = style
        self.timeZone = timeZone
        self.width = width
    }
}

/// A renderer of some game's answers as text, in a ``TextFormat``.
public protocol TextRenderer: Sendable {
    /// How it lays text out.
    var format: TextFormat { get }
}

extension TextRenderer {
    /// Colours, or none.
    public var style: TextStyle { format.style }
    /// The time zone of dates.
    public var timeZone: TimeZone { format.timeZone }
    /// The width tables and paragraphs are wrapped to.
    public var width: Int { format.width }
}

extension TextRenderer {
    /// A title in bold cyan, then one indented `Label   value` line per field (values through
    /// ``TerminalText/line(_:)``), then `more` lines.
    public func fields(_ title: String, _ fields: [(String, String)], more: [String] = []) -> String {
        let lines = [style.bold(style.cyan(TerminalText.line(title)))]
            + fields.map { "  " + Formatting.padded($0.0, to: 14) + TerminalText.line($0.1) } + more
        return lines.joined(separator: "\n") + "\n"
    }

    /// A table under an optional title line, indented by two spaces when titled.
    public func table(_ title: String?, _ table: TextTable) -> [String] {
        guard let title else { return table.render(width: width, headerStyle: style.dim) }
        return [title] + table.render(indent: "  ", width: width, headerStyle: style.dim)
    }
}
