/// ANSI colours, or plain text when disabled (output not a terminal, or `NO_COLOR` set).
public struct TextStyle: Sendable, Hashable {
    /// Whether escape codes are emitted.
    public var enabled: Bool

    /// A style that colours only when `enabled`.
    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Plain text.
    public static let plain = TextStyle(enabled: false)

    /// Bold.
    public func bold(_ text: String) -> String { wrap(text, "1") }
    /// Dim.
    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// Red.
    public func red(_ text: String) -> String { wrap(text, "31") }
    /// Green.
    public func green(_ text: String) -> String { wrap(text, "32") }
    /// Yellow.
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    /// Cyan.
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    /// The colour of an item quality (`displayColor`): orange legendary, green set, yellow rare, blue magic.
    public func itemColor(_ text: String, _ displayColor: String?) -> String {
        switch displayColor {
        case "orange": wrap(text, "38;5;208")
        case "green": green(text)
        case "yellow": yellow(text)
        case "blue": wrap(text, "34")
        default: text
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
