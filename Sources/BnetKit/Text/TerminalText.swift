/// Text that came from a server (the relay, Battle.net, a profile) made safe to print on a terminal.
///
/// A hostile or broken server could otherwise recolour, retitle or clear the terminal, move the cursor to
/// rewrite what was printed before, hide text, or (on some terminals) write to the clipboard, with escape
/// sequences and control characters in an error description, a BattleTag, a hero name or a link. Everything
/// `d3` prints that a server supplied goes through ``line(_:)``: the renderers, the login messages and
/// ``CLIFailure``'s message.
public enum TerminalText {
    /// `text` on one line, with the escape sequences removed whole (ESC `[` ... and C1 CSI control sequences,
    /// ESC `]` ... OSC and the other control strings up to their terminator, and two- or three-character
    /// escapes), and the remaining C0 and C1 control characters, DEL and the bidirectional marks (LRM, RLM, ALM),
    /// embedding, override and isolate characters removed, as the JSON printer drops them (R5-6). Tabs, line breaks and the Unicode line and paragraph separators become
    /// a space. Letters of every script, marks, emoji and zero-width joiners are kept.
    public static func line(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar.value {
            case 0x09...0x0D, 0x85, 0x2028, 0x2029:
                result.append(" ")
            case 0x1B:
                index = endOfEscape(scalars, from: index)
            case 0x9B:
                index = endOfControlSequence(scalars, from: index)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                index = endOfControlString(scalars, from: index)
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The index after the escape sequence whose ESC is just before `start` (ECMA-48 section 5.3).
    private static func endOfEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        switch scalars[start].value {
        case 0x5B:  // "[": a control sequence (CSI).
            return endOfControlSequence(scalars, from: start + 1)
        case 0x50, 0x58, 0x5D, 0x5E, 0x5F:  // "P", "X", "]", "^", "_": DCS, SOS, OSC, PM, APC.
            return endOfControlString(scalars, from: start + 1)
        default:  // Intermediate bytes, then one final byte.
            var index = start
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
            return index
        }
    }

    /// The index after a control sequence's parameter and intermediate bytes and its final byte (ECMA-48 5.4).
    private static func endOfControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
        if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
        return index
    }

    /// The index after a control string's terminator: ST (ESC `\` or U+009C) or BEL. Another ESC ends the
    /// string without being consumed; without any terminator the string runs to the end of the text.
    private static func endOfControlString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C:
                return index + 1
            case 0x1B:
                return index + 1 < scalars.count && scalars[index + 1].value == 0x5C ? index + 2 : index
            default:
                index += 1
            }
        }
        return index
    }
}
